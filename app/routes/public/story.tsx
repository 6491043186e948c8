import { data, redirect } from "react-router";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";
import type { Route } from "./+types/story";
import { services } from "#app/.server/platform/context.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { storyBySlug } from "#app/.server/stories/stories.ts";
import { PrintButton } from "#app/components/print-button.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { StoryArticle } from "#app/components/stories.tsx";
import { displayUrl } from "#app/lib/media.ts";

// One story of the history (issue 19), at its readable address. An address
// the story had before its title changed answers with a permanent redirect.

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const { treeId, viewer } = await treeViewer(context);
  const found = await storyBySlug(db, treeId, viewer, params.slug);
  if (!found) throw data(null, { status: 404 });
  if ("redirectTo" in found) throw redirect(`/istorija/${found.redirectTo}`, 301);
  return { story: found.story, canEdit: viewer.seesPrivate };
}

export default function StoryPage({ loaderData: { story, canEdit } }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageTitle>{story.title}</PageTitle>
      <ShareMeta title={story.title} type="article" description={story.lead} image={story.cover ? displayUrl(story.cover) : null} />
      <p className="no-print mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <Link to="/istorija">{t("history.back")}</Link>
        {canEdit ? <Link to={`/admin/istorija/pasakojimai/${story.id}`}>{t("common.edit")}</Link> : null}
        <PrintButton />
      </p>
      {story.published ? null : (
        <p role="status" className="no-print mb-6 rounded-md border border-line bg-accent-soft p-3 text-sm">
          {t("history.story.draft")}
        </p>
      )}
      <StoryArticle story={story} />
    </>
  );
}
