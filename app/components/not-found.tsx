import { useT } from "#app/i18n/react.tsx";
import { ErrorPanel } from "./error-panel.tsx";
import { useSiteSettings } from "./page.tsx";

export function NotFound({ path }: { path: string }) {
  const t = useT();
  const { familyName } = useSiteSettings();
  return (
    <ErrorPanel
      heading={t("common.notFound.heading")}
      title={familyName ? t("common.notFound.title", { family: familyName }) : t("common.notFound.heading")}
    >
      <p className="mt-4 text-ink-soft">
        {t.rich("common.notFound.text", {
          path,
          code: (chunks) => <code className="rounded bg-black/5 px-1 break-all">{chunks}</code>,
        })}
      </p>
    </ErrorPanel>
  );
}
