import type { Route } from "./+types/documents";
import { services } from "../../.server/context.ts";
import { listDocuments } from "../../.server/documents.ts";
import { PageHeading, PageTitle, useSiteSettings } from "../../components/page.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  return { documents: await listDocuments(services(context).db) };
}

const CELL =
  "px-4 py-3 break-words max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-sm max-sm:before:font-semibold max-sm:before:text-ink-soft max-sm:before:content-[attr(data-label)]";

export default function DocumentsPage({ loaderData: { documents } }: Route.ComponentProps) {
  const { contactEmail } = useSiteSettings();
  return (
    <>
      <PageTitle>Dokumentai</PageTitle>
      <PageHeading title="Istoriniai dokumentai" lead="Giminės popierinio archyvo sąrašas: metrikai, liudijimai, laiškai ir žemės dokumentai." />
      {documents.length === 0 ? (
        <p className="card p-6 text-ink-soft">Dokumentų sąrašas kol kas tuščias.</p>
      ) : (
        <div className="card overflow-hidden">
          {/* On a phone each row becomes a card: cells stack, each with its column's name. */}
          <table className="w-full border-collapse text-left max-sm:block">
            <caption className="sr-only">Dokumentų sąrašas</caption>
            <thead className="bg-accent-soft text-sm max-sm:sr-only">
              <tr>
                <th scope="col" className="px-4 py-3">Pavadinimas</th>
                <th scope="col" className="px-4 py-3">Asmuo</th>
                <th scope="col" className="px-4 py-3">Metai</th>
                <th scope="col" className="px-4 py-3">Tipas</th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {documents.map((doc) => (
                <tr key={doc.id} className="border-t border-line max-sm:block max-sm:py-2 first:max-sm:border-t-0">
                  <td className={`${CELL} font-medium`} data-label="Pavadinimas">{doc.title}</td>
                  <td className={CELL} data-label="Asmuo">{doc.person}</td>
                  <td className={CELL} data-label="Metai">{doc.year}</td>
                  <td className={CELL} data-label="Tipas">{doc.type}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <aside className="mt-8 max-w-3xl rounded-lg border-l-4 border-moss bg-paper p-6">
        <h2 className="text-xl font-semibold">Apie archyvą</h2>
        <p className="mt-2 text-ink-soft">
          Dokumentų originalai saugomi šeimos archyve. Jei turite giminei svarbių dokumentų ar jų kopijų, parašykite adresu{" "}
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a> – mielai juos įtrauksime į sąrašą.
        </p>
      </aside>
    </>
  );
}
