import { useState } from "react";
import { InLanguage } from "#app/components/in-language.tsx";
import { data } from "react-router";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";
import type { Route } from "./+types/photo";
import { audienceOf } from "#app/.server/accounts/audience.ts";
import { currentUser, services } from "#app/.server/platform/context.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { photoPage } from "#app/.server/gallery/photo-page.ts";
import { ImagePlaceholder } from "#app/components/gallery.tsx";
import { LinkedDocuments } from "#app/components/linked-documents.tsx";
import { StoryLinks } from "#app/components/story-links.tsx";
import { Memories } from "#app/components/memories.tsx";
import { MembersOnlyBadge } from "#app/components/members-only.tsx";
import { PageTitle, useSiteSettings } from "#app/components/page.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { ZoomablePhoto } from "#app/components/zoomable-photo.tsx";
import { displayUrl } from "#app/lib/media.ts";
import { parseId } from "#app/lib/numbers.ts";
import { atLeast } from "#app/lib/roles.ts";

// A gallery photo's own page (issue 18): an address to share, the photo
// large, when and where, who is in it and what the family remembers of it.

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const { db } = services(context);
  const audience = audienceOf(context);
  const page = id === null ? null : await photoPage(db, audience, await treeViewer(context), id);
  // A photo for the family only does not exist for a visitor, as in the gallery.
  if (!page) throw data(null, { status: 404 });
  const user = currentUser(context);
  return { ...page, canPropose: audience.members, canTag: user !== null && atLeast(user.role, "redaktorius") };
}

export default function PhotoPage({
  loaderData: { item, date, people, memories, zoom, albums, documents, stories, previous, next, canPropose, canTag },
}: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const t = useT();
  // The person whose rectangle the photo shows: the name in the list under the pointer or with the focus.
  const [shown, setShown] = useState<number | null>(null);
  const hydrated = useHydrated();
  const region = people.find((p) => p.key === shown && p.box);
  const facts = [
    date ? { term: t("gallery.photo.date"), value: date } : null,
    item.place ? { term: t("gallery.photo.place"), value: item.place } : null,
  ].filter((fact) => fact !== null);
  return (
    <>
      <PageTitle>{item.title}</PageTitle>
      <ShareMeta
        title={t("common.pageTitle", { page: item.title, family: familyName })}
        description={[item.description, date, item.place].filter(Boolean).join(" · ")}
        image={item.image ? displayUrl(item.image) : null}
        type="article"
      />
      <p className="mb-4 text-sm">
        <Link to="/galerija">{t("gallery.back")}</Link>
      </p>
      <article aria-labelledby="nuotraukos-pavadinimas">
        <h1 id="nuotraukos-pavadinimas" className="mb-4 text-3xl font-bold break-words">
          <InLanguage lang={item.lang}>{item.title}</InLanguage>
          {item.membersOnly ? <MembersOnlyBadge /> : null}
        </h1>
        <figure className="card overflow-hidden bg-black/90 p-2 sm:p-4">
          {item.image ? (
            <ZoomablePhoto
              // Another photo (previous, next) starts fitted, with its own renditions.
              key={item.id}
              image={item.image}
              zoom={zoom}
              alt={item.title}
              region={region?.box ? { box: region.box, label: region.name } : null}
            />
          ) : (
            <div className="aspect-[4/3]">
              <ImagePlaceholder />
            </div>
          )}
        </figure>
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div>
            <InLanguage lang={item.lang} note as="div" className="break-words whitespace-pre-line">
              {item.description}
            </InLanguage>
            {facts.length || albums.length ? (
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {facts.map((fact) => (
                  <div key={fact.term} className="contents">
                    <dt className="font-semibold">{fact.term}</dt>
                    <dd className="break-words">{fact.value}</dd>
                  </div>
                ))}
                {albums.length ? (
                  <div className="contents">
                    <dt className="font-semibold">{t(albums.length === 1 ? "gallery.album" : "gallery.albums")}</dt>
                    <dd className="break-words">
                      {albums.map((album, index) => (
                        <span key={album.id}>
                          {index > 0 ? ", " : null}
                          <Link to={`/galerija?albumas=${album.id}`}>{album.title}</Link>
                        </span>
                      ))}
                    </dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
          </div>
          {people.length || canTag ? (
            <section aria-labelledby="nuotraukoje" className="card p-5">
              <h2 id="nuotraukoje" className="mb-3 text-xl font-semibold">
                {t("gallery.photo.inIt")}
              </h2>
              <ul className="space-y-1">
                {people.map((person) => {
                  // A name with a rectangle shows it on the photo while pointed at or focused.
                  const show = person.box
                    ? {
                        onMouseEnter: () => setShown(person.key),
                        onMouseLeave: () => setShown(null),
                        onFocus: () => setShown(person.key),
                        onBlur: () => setShown(null),
                      }
                    : {};
                  return (
                    <li key={person.key}>
                      {person.id !== null && !person.hidden ? (
                        <>
                          <Link to={`/asmuo/${person.id}`} {...show}>
                            {person.name}
                          </Link>
                          {person.years ? <span className="text-ink-soft"> ({person.years})</span> : null}
                          {/* A tap on a link opens the page: on a phone, this shows the place instead. */}
                          {person.box && hydrated ? (
                            <button
                              type="button"
                              aria-pressed={shown === person.key}
                              aria-label={t("gallery.photo.showWhere", { name: person.name })}
                              onClick={() => setShown(shown === person.key ? null : person.key)}
                              className="ml-2 rounded border border-line px-1.5 text-sm text-ink-soft hover:text-ink aria-pressed:bg-accent-soft aria-pressed:text-ink"
                            >
                              {t("gallery.photo.show")}
                            </button>
                          ) : null}
                        </>
                      ) : // Someone not in the tree, or alive (the privacy rule's label): no page to link to.
                      // With a place on the photo, a button that shows it (a tap does, on a phone).
                      person.box ? (
                        <button
                          type="button"
                          onClick={() => setShown(person.key)}
                          className={`text-left underline decoration-dotted underline-offset-4 ${person.hidden ? "text-ink-soft" : ""}`}
                          {...show}
                        >
                          {person.name}
                        </button>
                      ) : (
                        <span className={person.hidden ? "text-ink-soft" : undefined}>{person.name}</span>
                      )}
                      {person.box ? <span className="sr-only"> {t("gallery.photo.marked")}</span> : null}
                    </li>
                  );
                })}
              </ul>
              {canTag ? (
                <p className={people.length ? "mt-3 text-sm" : "text-sm"}>
                  <Link to={`/admin/galerija/${item.id}/zmones`}>{t("gallery.photo.tag")}</Link>
                </p>
              ) : null}
            </section>
          ) : null}
        </div>
        <LinkedDocuments documents={documents} />
        <StoryLinks stories={stories} heading={t("gallery.photo.stories")} />
        {memories.length || canPropose ? (
          <section aria-labelledby="prisiminimai" className="card mt-6 p-5">
            <h2 id="prisiminimai" className="mb-3 text-xl font-semibold">
              {t("gallery.photo.memories")}
            </h2>
            {memories.length ? <Memories memories={memories} about={item.title} /> : null}
            {canPropose ? (
              <p className={memories.length ? "mt-4" : ""}>
                <Link to={`/paskyra/pasiulymai/prisiminimas?nuotrauka=${item.id}`}>{t("gallery.addMemory")}</Link>
              </p>
            ) : null}
          </section>
        ) : null}
      </article>
      {previous || next ? (
        <nav aria-label={t("gallery.photo.others")} className="mt-8 flex flex-wrap justify-between gap-4">
          {previous ? (
            <Link to={`/galerija/${previous.id}`} rel="prev" className="btn-secondary max-w-full break-words">
              {t("gallery.photo.previous", { title: previous.title })}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={`/galerija/${next.id}`} rel="next" className="btn-secondary max-w-full break-words">
              {t("gallery.photo.next", { title: next.title })}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
