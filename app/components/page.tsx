import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

/** The document title: the page's name, then the family's. */
export function PageTitle({ children }: { children: string }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const family = root?.settings.familyName;
  return <title>{family ? `${children} – ${family}` : children}</title>;
}

/** A page's heading with an optional lead paragraph. */
export function PageHeading({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 max-w-3xl text-lg text-ink-soft">{lead}</p> : null}
    </div>
  );
}

/** The family's settings as the root loader read them. */
export function useSiteSettings() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return root?.settings ?? { familyName: "", contactEmail: "" };
}
