import { Link } from "react-router";

export function NotFound({ path }: { path: string }) {
  return (
    <section className="card mx-auto max-w-2xl p-8 text-center">
      <title>Puslapis nerastas</title>
      <h1 className="text-3xl font-bold">Puslapis nerastas</h1>
      <p className="mt-4 text-ink-soft">
        Puslapio <code className="rounded bg-black/5 px-1 break-all">{path}</code> nėra. Galbūt adresas įvestas su klaida arba puslapis buvo
        perkeltas.
      </p>
      <p className="mt-6">
        <Link to="/" className="btn-primary">
          Grįžti į pradžią
        </Link>
      </p>
    </section>
  );
}
