import type { ReactNode } from "react";
import type { Locale } from "#app/i18n/locales.ts";
import { useLocale, useT } from "#app/i18n/react.tsx";

/**
 * The family's words in the language they were written in: on an English page
 * a text without its English is shown in Lithuanian, marked with lang="lt" (a
 * screen reader reads it as Lithuanian, a browser's translator offers to
 * translate it) and, where `note`, followed by the catalog's note saying so.
 */
export function InLanguage({
  lang,
  note = false,
  as: Tag = "span",
  className,
  children,
}: {
  lang: Locale;
  note?: boolean;
  as?: "span" | "div";
  className?: string;
  children: ReactNode;
}) {
  const page = useLocale();
  const t = useT();
  // Nothing written: nothing to mark (nor a note under an empty description).
  if (children === "" || children === null || children === undefined) return null;
  if (lang === page) return className ? <Tag className={className}>{children}</Tag> : <>{children}</>;
  return (
    <Tag lang={lang} className={className}>
      {children}
      {note ? (
        Tag === "div" ? (
          <p className="text-sm text-ink-soft">{t("common.inLithuanian")}</p>
        ) : (
          <>
            {" "}
            <span className="text-sm text-ink-soft">{t("common.inLithuanian")}</span>
          </>
        )
      ) : null}
    </Tag>
  );
}
