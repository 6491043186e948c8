import { data } from "react-router";
import type { Route } from "./+types/stories";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { createStory, moveStory, removeStory, storiesForEditors, STORY_FORM, storyForEditing } from "#app/.server/stories/stories.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field, refusedForm, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { MembersOnlyBadge } from "#app/components/members-only.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { ConfirmRemovePanel } from "#app/components/remove-form.tsx";
import { OrderedCard } from "#app/components/ordered-card.tsx";
import { storyMeta } from "#app/components/stories.tsx";
import { parseId } from "#app/lib/numbers.ts";
import { STORY_FIELD_MESSAGES, STORY_LIMITS } from "#app/lib/stories.ts";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";

// The history's stories (issue 19): begun, ordered and removed here; each is
// written on its own page. A new story is a draft until it is published.

const PAGE = "/admin/istorija/pasakojimai";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db } = services(context);
  return { stories: await storiesForEditors(db, MEMBERS) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db } = services(context);
  const form = await request.formData();
  const id = parseId(form.get("id")) ?? 0;
  switch (form.get("intent")) {
    case "create": {
      // Only the title here: the rest is written on the story's own page.
      const read = readForm(form, STORY_FORM);
      if (!read.ok) return refuseForm(read);
      const created = await createStory(db, { ...read.value, published: false }, user);
      return redirectWithToast(`${PAGE}/${created.id}`, "storyCreated");
    }
    case "move": {
      const direction = form.get("direction") === "up" ? "up" : "down";
      if (!(await moveStory(db, id, direction, user))) return refusal("storyNotFound", 404);
      return redirectWithToast(PAGE, "storyOrderSaved");
    }
    case "remove": {
      // Without JavaScript the first press asks on a page of its own.
      if (form.get("confirmed") !== "1") {
        const story = await storyForEditing(db, id);
        if (!story) return refusal("storyNotFound", 404);
        return data({ confirmRemove: { id: story.id, title: story.fields.title } });
      }
      if (!(await removeStory(db, id, user))) return refusal("storyNotFound", 404);
      return redirectWithToast(PAGE, "storyRemoved");
    }
  }
  throw data(serverT(request)("adminContent.stories.unknownAction"), { status: 400 });
}

export default function StoriesEditor({ loaderData: { stories }, actionData }: Route.ComponentProps) {
  const t = useT();
  const removeQuestion = (title: string) => t("adminContent.stories.removeQuestion", { title });
  const confirmRemove = actionData && "confirmRemove" in actionData ? actionData.confirmRemove : null;
  const refused = actionData && "toast" in actionData ? actionData : null;
  const errors = refusedForm(actionData)?.errors;
  const typed = refusedForm(actionData)?.typed.title ?? "";
  useFocusFirstError(errors, refused?.toast.id, ["title"]);
  return (
    <>
      <PageTitle>{t("adminContent.stories.title")}</PageTitle>
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/admin/istorija">{t("adminContent.stories.backToHistory")}</Link>
        <Link to="/admin/pakeitimai?tema=story">{t("admin.common.changeHistory")}</Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold">{t("adminContent.stories.title")}</h1>
      <p className="mb-6 max-w-prose text-ink-soft">{t("adminContent.stories.intro")}</p>
      <FormAlert toast={refused?.toast ?? null} />
      {confirmRemove ? (
        <ConfirmRemovePanel
          id={confirmRemove.id}
          question={removeQuestion(confirmRemove.title)}
          detail={t("adminContent.stories.removeDetail")}
          cancelTo={PAGE}
        />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="pasakojimu-sarasas">
          <h2 id="pasakojimu-sarasas" className="mb-3 text-xl font-semibold">
            {t("adminContent.stories.all")}
          </h2>
          {stories.length === 0 ? (
            <p className="card p-6 text-ink-soft">{t("adminContent.stories.empty")}</p>
          ) : (
            <ol className="space-y-3">
              {stories.map((story, index) => (
                <OrderedCard
                  key={story.id}
                  id={story.id}
                  title={story.title}
                  cover={story.cover}
                  first={index === 0}
                  last={index === stories.length - 1}
                  removeQuestion={removeQuestion(story.title)}
                  removeLabel={t("adminContent.stories.removeLabel", { title: story.title })}
                >
                  <p className="font-semibold break-words">
                    {story.title}
                    {story.membersOnly ? <MembersOnlyBadge /> : null}
                  </p>
                  <p className="text-sm text-ink-soft">
                    {t(story.published ? "adminContent.stories.published" : "adminContent.stories.draft")}
                    {storyMeta(story, t) ? ` · ${storyMeta(story, t)}` : ""}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
                    <Link to={`${PAGE}/${story.id}`} aria-label={t("adminContent.stories.editLabel", { title: story.title })}>
                      {t("adminContent.stories.edit")}
                    </Link>
                    <Link to={`/istorija/${story.slug}`}>{t("adminContent.stories.view")}</Link>
                  </p>
                </OrderedCard>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="naujas-pasakojimas" className="card h-fit p-6">
          <h2 id="naujas-pasakojimas" className="text-xl font-semibold">
            {t("adminContent.stories.new")}
          </h2>
          <Form method="post" noValidate className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="create" />
            <Field
              id="title"
              label={t(STORY_FIELD_MESSAGES.title)}
              maxLength={STORY_LIMITS.title}
              required
              defaultValue={typed}
              error={errors?.title}
            />
            <button type="submit" className="btn-primary">
              {t("adminContent.stories.start")}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
