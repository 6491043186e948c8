import { data } from "react-router";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import type { Route } from "./+types/gallery";
import { findAlbum, listAlbums, type Album } from "#app/.server/gallery/albums.ts";
import { audienceOf } from "#app/.server/accounts/audience.ts";
import { requestLocale, services } from "#app/.server/platform/context.ts";
import { galleryDecades, galleryPage } from "#app/.server/gallery/gallery.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { galleryMemories } from "#app/.server/proposals/memories.ts";
import { siteSettingsIn } from "#app/.server/site-texts/settings.ts";
import { GalleryPicture, ImagePlaceholder } from "#app/components/gallery.tsx";
import { GalleryGrid } from "#app/components/gallery-grid.tsx";
import { Memories } from "#app/components/memories.tsx";
import { PageHeading, PageTitle, useSiteSettings, useTextLanguage } from "#app/components/page.tsx";
import { InLanguage } from "#app/components/in-language.tsx";
import { Pager } from "#app/components/pager.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { displayUrl } from "#app/lib/media.ts";
import { assertPageExists, requestedPage } from "#app/lib/paging.ts";
import { parseGalleryBrowse } from "#app/lib/gallery.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requestedPage(request);
  const { db } = services(context);
  const audience = audienceOf(context);
  const browse = parseGalleryBrowse(new URL(request.url).searchParams);
  // The photos someone is in: a person the viewer may see (a living one is nobody to a visitor).
  const { treeId, viewer } = await treeViewer(context);
  const person =
    browse.personId === null || treeId === null
      ? null
      : ((await summaries(db, treeId, [browse.personId], viewer))[browse.personId] ?? null);
  if (browse.personId !== null && (!person || person.hidden)) throw data(null, { status: 404 });
  // An album the audience sees none of the photos of is not there for it.
  const album = await findAlbum(db, audience, browse.albumId);
  if (browse.albumId !== null && !album) throw data(null, { status: 404 });
  const [{ items, total, pages }, decades, albums, { galleryLead, lithuanian }] = await Promise.all([
    galleryPage(db, audience, page, browse, treeId),
    galleryDecades(db, audience),
    listAlbums(db, audience),
    siteSettingsIn(db, requestLocale(context)),
  ]);
  assertPageExists({ page, pages });
  // The approved memories of this page's photos (of those the audience may see).
  const memories = await galleryMemories(
    db,
    items.map((item) => item.id),
  );
  return {
    items,
    total,
    page,
    pages,
    galleryLead,
    lithuanian,
    memories,
    canPropose: audience.members,
    browse,
    decades,
    albums,
    album,
    person: person ? { id: person.id, name: person.name } : null,
  };
}

export default function GalleryPage({
  loaderData: { items, total, page, pages, galleryLead, lithuanian, memories, canPropose, browse, decades, albums, album, person },
}: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const t = useT();
  const lang = useTextLanguage(lithuanian);
  // An album is shared with its cover; the gallery with its first photo.
  const shareImage = album?.cover ?? items.find((item) => item.image)?.image ?? null;
  const browsed = browse.decade !== null || browse.personId !== null || browse.albumId !== null;
  return (
    <>
      <PageTitle page={page}>{album ? t("gallery.albumTitle", { album: album.title }) : t("gallery.title")}</PageTitle>
      <ShareMeta
        page={page}
        title={t("common.pageTitle", { page: album ? album.title : t("gallery.heading"), family: familyName })}
        description={[
          album ? album.description : galleryLead,
          items.length
            ? `${items
                .slice(0, 6)
                .map((item) => item.title)
                .join(", ")}.`
            : "",
        ]
          .filter(Boolean)
          .join(" ")}
        image={shareImage ? displayUrl(shareImage) : null}
      />
      <PageHeading
        title={t("gallery.heading")}
        lead={
          galleryLead || total > 0 ? (
            <>
              {galleryLead ? <InLanguage lang={lang("galleryLead")}>{galleryLead}</InLanguage> : null}
              {galleryLead && total > 0 ? " " : null}
              {total > 0 ? t(browsed ? "gallery.count.found" : "gallery.count.all", { count: total }) : null}
            </>
          ) : undefined
        }
      />
      {canPropose ? (
        <p className="mb-6">
          <Link to="/paskyra/pasiulymai/nuotrauka" className="btn-secondary">
            {t("gallery.propose")}
          </Link>
        </p>
      ) : null}
      {album ? <AlbumHeading album={album} /> : null}
      {!browsed && page === 1 && albums.length > 0 ? <AlbumList albums={albums} /> : null}
      <GalleryBrowsing browse={browse} decades={decades} albums={albums} person={person} />
      {/* The lightbox moves through this page's photos; the pager below leads to the others. */}
      {items.length === 0 ? (
        <p className="card p-6 text-ink-soft">
          {browsed ? (
            <>
              {t("gallery.noneChosen")} <Link to="/galerija">{t("gallery.all")}</Link>
            </>
          ) : (
            t("gallery.empty")
          )}
        </p>
      ) : (
        <GalleryGrid
          key={page}
          items={items}
          footer={(item) => (
            <>
              {memories[item.id]?.length ? (
                <details className="mt-3">
                  <summary className="cursor-pointer font-medium">{t("gallery.memories", { count: memories[item.id].length })}</summary>
                  <div className="mt-3">
                    <Memories memories={memories[item.id]} about={item.title} />
                  </div>
                </details>
              ) : null}
              {canPropose ? (
                <p className="mt-3 text-sm">
                  <Link
                    to={`/paskyra/pasiulymai/prisiminimas?nuotrauka=${item.id}`}
                    aria-label={t("gallery.addMemory.of", { title: item.title })}
                  >
                    {t("gallery.addMemory")}
                  </Link>
                </p>
              ) : null}
            </>
          )}
        />
      )}
      <Pager page={page} pages={pages} label={t("gallery.pages")} />
    </>
  );
}

/**
 * Browsing the gallery (issue 18): a decade of the dated photos, the
 * gallery's own order or by date, and, come from a person's page, the photos
 * they are in. A plain GET form: it works without JavaScript, and the pages
 * below keep what was chosen.
 */
function GalleryBrowsing({
  browse,
  decades,
  albums,
  person,
}: {
  browse: { byDate: boolean; decade: number | null; personId: number | null; albumId: number | null };
  decades: { decade: number; count: number }[];
  albums: Album[];
  person: { id: number; name: string } | null;
}) {
  const t = useT();
  return (
    <div className="mb-6 space-y-3">
      {person ? (
        <p>
          {t.rich("gallery.withPerson", { person: (chunks) => <Link to={`/asmuo/${person.id}`}>{chunks}</Link>, name: person.name })}{" "}
          <Link to="/galerija" className="tap text-sm">
            {t("gallery.all")}
          </Link>
        </p>
      ) : null}
      {/* A new key for each choice: the selects show what the page now shows, after a client-side navigation too. */}
      <Form
        key={`${browse.decade}-${browse.byDate}-${browse.personId}-${browse.albumId}`}
        method="get"
        className="flex flex-wrap items-end gap-3"
        aria-label={t("gallery.browse")}
      >
        {person ? <input type="hidden" name="asmuo" value={person.id} /> : null}
        {albums.length ? (
          <div>
            <label htmlFor="albumas" className="field-label">
              {t("gallery.album")}
            </label>
            <select id="albumas" name="albumas" defaultValue={browse.albumId ?? ""} className="field-input max-w-[16rem]">
              <option value="">{t("gallery.browse.any")}</option>
              {albums.map((album) => (
                <option key={album.id} value={album.id}>
                  {album.title} ({album.count})
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {decades.length ? (
          <div>
            <label htmlFor="desimtmetis" className="field-label">
              {t("gallery.decade")}
            </label>
            <select id="desimtmetis" name="desimtmetis" defaultValue={browse.decade ?? ""} className="field-input">
              <option value="">{t("gallery.browse.any")}</option>
              {decades.map(({ decade, count }) => (
                <option key={decade} value={decade}>
                  {decade}–{decade + 9} ({count})
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor="tvarka" className="field-label">
            {t("gallery.order")}
          </label>
          <select id="tvarka" name="tvarka" defaultValue={browse.byDate ? "data" : ""} className="field-input">
            <option value="">{t("gallery.order.gallery")}</option>
            <option value="data">{t("gallery.order.date")}</option>
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t("gallery.show")}
        </button>
      </Form>
    </div>
  );
}

/** The album being browsed: its title and the family's description of it. */
function AlbumHeading({ album }: { album: Album }) {
  const t = useT();
  return (
    <section aria-labelledby="albumas-pavadinimas" className="mb-6">
      <p className="text-sm text-ink-soft">{t("gallery.album")}</p>
      <h2 id="albumas-pavadinimas" className="text-2xl font-semibold break-words">
        {album.title}
      </h2>
      {album.description ? <p className="mt-2 max-w-prose break-words whitespace-pre-line">{album.description}</p> : null}
      <p className="mt-2 text-sm">
        <Link to="/galerija">{t("gallery.all")}</Link>
      </p>
    </section>
  );
}

/** The albums, each a card with its cover (on the gallery's first page, before the photos). */
function AlbumList({ albums }: { albums: Album[] }) {
  const t = useT();
  return (
    <section aria-labelledby="albumai" className="mb-8">
      <h2 id="albumai" className="mb-3 text-2xl font-semibold">
        {t("gallery.albums")}
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {albums.map((album) => (
          <li key={album.id} className="card overflow-hidden">
            <Link to={`/galerija?albumas=${album.id}`} className="block text-ink no-underline hover:underline">
              <div className="aspect-[4/3] w-full overflow-hidden bg-accent-soft">
                {album.cover ? (
                  <GalleryPicture image={album.cover} alt="" sizes="(min-width: 768px) 25vw, 50vw" />
                ) : (
                  <ImagePlaceholder label="" />
                )}
              </div>
              <h3 className="px-3 pt-2 font-semibold break-words">{album.title}</h3>
              <p className="px-3 pb-3 text-sm text-ink-soft">{t("gallery.photos", { count: album.count })}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
