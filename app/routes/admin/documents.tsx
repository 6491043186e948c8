import type { Route } from "./+types/documents";
import { services } from "../../.server/context.ts";
import { listDocuments } from "../../.server/documents.ts";
import { PageTitle } from "../../components/page.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  return { documents: await listDocuments(services(context).db) };
}

export default function DocumentsEditor({ loaderData: { documents } }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Dokumentų redaktorius</PageTitle>
      <h1 className="mb-6 text-3xl font-bold">Dokumentų redaktorius</h1>
      <ul className="card divide-y divide-line">
        {documents.map((doc) => (
          <li key={doc.id} className="px-4 py-3">
            <strong>{doc.title}</strong> · {doc.person} · {doc.year} · {doc.type}
          </li>
        ))}
      </ul>
    </>
  );
}
