import { ErrorPanel } from "./error-panel.tsx";
import { useSiteSettings } from "./page.tsx";

export function NotFound({ path }: { path: string }) {
  const { familyName } = useSiteSettings();
  return (
    <ErrorPanel heading="Puslapis nerastas" title={familyName ? `Puslapis nerastas – ${familyName}` : "Puslapis nerastas"}>
      <p className="mt-4 text-ink-soft">
        Puslapio <code className="rounded bg-black/5 px-1 break-all">{path}</code> nėra. Galbūt adresas įvestas su klaida arba puslapis buvo
        perkeltas.
      </p>
    </ErrorPanel>
  );
}
