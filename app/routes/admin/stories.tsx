import { data, Form, Link } from "react-router";
import type { Route } from "./+types/stories";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
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
import { STORY_LIMITS } from "#app/lib/stories.ts";

// The history's stories (issue 19): begun, ordered and removed here; each is
// written on its own page. A new story is a draft until it is published.

const PAGE = "/admin/istorija/pasakojimai";

const removeQuestion = (title: string) => `Ar tikrai pašalinti pasakojimą „${title}“?`;

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
  throw data("Nežinomas veiksmas", { status: 400 });
}

export default function StoriesEditor({ loaderData: { stories }, actionData }: Route.ComponentProps) {
  const confirmRemove = actionData && "confirmRemove" in actionData ? actionData.confirmRemove : null;
  const refused = actionData && "toast" in actionData ? actionData : null;
  const errors = refusedForm(actionData)?.errors;
  const typed = refusedForm(actionData)?.typed.title ?? "";
  useFocusFirstError(errors, refused?.toast.id, ["title"]);
  return (
    <>
      <PageTitle>Pasakojimai</PageTitle>
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/admin/istorija">← Istorijos redaktorius</Link>
        <Link to="/admin/pakeitimai?tema=story">Pakeitimų istorija</Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold">Pasakojimai</h1>
      <p className="mb-6 max-w-prose text-ink-soft">
        Pasakojimai rodomi puslapyje „Istorija“ po istorijos tekstu, šia tvarka. Naujas pasakojimas yra juodraštis: lankytojai jį pamatys,
        kai jį paskelbsite.
      </p>
      <FormAlert toast={refused?.toast ?? null} />
      {confirmRemove ? (
        <ConfirmRemovePanel
          id={confirmRemove.id}
          question={removeQuestion(confirmRemove.title)}
          detail="Pašalinimą galima atšaukti pakeitimų istorijoje."
          cancelTo={PAGE}
        />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="pasakojimu-sarasas">
          <h2 id="pasakojimu-sarasas" className="mb-3 text-xl font-semibold">
            Visi pasakojimai
          </h2>
          {stories.length === 0 ? (
            <p className="card p-6 text-ink-soft">Pasakojimų dar nėra. Pradėkite pirmąjį: užtenka pavadinimo.</p>
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
                  removeLabel={`Pašalinti pasakojimą: ${story.title}`}
                >
                  <p className="font-semibold break-words">
                    {story.title}
                    {story.membersOnly ? <MembersOnlyBadge /> : null}
                  </p>
                  <p className="text-sm text-ink-soft">
                    {story.published ? "Paskelbtas" : "Juodraštis"}
                    {storyMeta(story) ? ` · ${storyMeta(story)}` : ""}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
                    <Link to={`${PAGE}/${story.id}`} aria-label={`Redaguoti pasakojimą: ${story.title}`}>
                      Redaguoti
                    </Link>
                    <Link to={`/istorija/${story.slug}`}>Peržiūrėti</Link>
                  </p>
                </OrderedCard>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="naujas-pasakojimas" className="card h-fit p-6">
          <h2 id="naujas-pasakojimas" className="text-xl font-semibold">
            Naujas pasakojimas
          </h2>
          <Form method="post" noValidate className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="create" />
            <Field id="title" label="Pavadinimas" maxLength={STORY_LIMITS.title} required defaultValue={typed} error={errors?.title} />
            <button type="submit" className="btn-primary">
              Pradėti rašyti
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
