import type { ReactNode } from "react";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";

/** A page that could not be shown: what happened, and the way home. */
export function ErrorPanel({ heading, title = heading, children }: { heading: string; title?: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="card mx-auto max-w-2xl p-8 text-center">
      <title>{title}</title>
      <h1 className="text-3xl font-bold">{heading}</h1>
      {children}
      <p className="mt-6">
        <Link to="/" className="btn-primary">
          {t("common.error.backHome")}
        </Link>
      </p>
    </section>
  );
}
