import { data } from "react-router";
import type { Route } from "./+types/person";
import { services } from "#app/.server/platform/context.ts";
import { personDetail, type PersonEvent } from "#app/.server/genealogy/person-page.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { personMemories } from "#app/.server/proposals/memories.ts";
import { storiesMentioning } from "#app/.server/stories/stories.ts";
import { GalleryPicture } from "#app/components/gallery.tsx";
import { FaceCrop } from "#app/components/photo-region.tsx";
import { Memories } from "#app/components/memories.tsx";
import { LinkedDocuments } from "#app/components/linked-documents.tsx";
import { StoryLinks } from "#app/components/story-links.tsx";
import { Footnotes, Portrait, Sources, Timeline } from "#app/components/person-sections.tsx";
import { RelationshipSection } from "#app/components/relationship-picker.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { useSiteSettings } from "#app/components/page.tsx";
import { displayUrl } from "#app/lib/media.ts";
import { parseId } from "#app/lib/numbers.ts";
import type { PersonSummary, Sex } from "#app/lib/tree-layout.ts";
import { SEX_LABEL_IDS } from "#app/lib/person-fields.ts";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { treeId, viewer } = await treeViewer(context);
  const id = parseId(params.id);
  const { db } = services(context);
  const person = treeId === null || id === null ? null : await personDetail(db, treeId, id, viewer);
  if (!person) throw data(null, { status: 404 });
  // Approved memories only, and none of a person the viewer may not see (a living one, to a visitor).
  // Likewise the stories that mention them.
  const [memories, stories] = person.summary.hidden
    ? [[], []]
    : await Promise.all([personMemories(db, person.summary.id), storiesMentioning(db, viewer, person.summary.id)]);
  return { person, memories, stories, canEdit: viewer.seesPrivate, canPropose: viewer.members };
}

/** The sex the page names under the name: none when it is not given. */
const shownSex = (sex: Sex) => (sex === "U" ? null : SEX_LABEL_IDS[sex]);

function PersonLink({ person }: { person: PersonSummary }) {
  return (
    <>
      <Link to={`/asmuo/${person.id}`}>{person.name}</Link>
      {person.years ? <span className="text-sm text-ink-soft"> ({person.years})</span> : null}
    </>
  );
}

function People({ title, people }: { title: string; people: PersonSummary[] }) {
  if (people.length === 0) return null;
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-1 space-y-1">
        {people.map((p) => (
          <li key={p.id}>
            <PersonLink person={p} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Events({ events }: { events: PersonEvent[] }) {
  const t = useT();
  return (
    <dl className="divide-y divide-line">
      {events.map((e, i) => (
        <div key={i} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium">
            {t.say(e.label)}
            <Footnotes numbers={e.sources} />
          </dt>
          <dd>
            {[e.value, e.date, e.place].filter(Boolean).join(", ") || "–"}
            {e.notes.map((n, j) => (
              <p key={j} className="mt-1 text-sm whitespace-pre-line text-ink-soft">
                {n}
              </p>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function PersonPage({ loaderData: { person, memories, stories, canEdit, canPropose } }: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const t = useT();
  const { summary } = person;
  const title = summary.years ? `${summary.name} (${summary.years})` : summary.name;
  const sex = shownSex(person.sex);
  return (
    <>
      <title>{t("common.pageTitle", { page: title, family: familyName })}</title>
      <ShareMeta
        title={title}
        type="profile"
        // Said around the family's name, whatever it is (a name ending in "giminė" would make "giminė giminės medis").
        description={summary.hidden ? t("tree.person.shareHidden") : t("tree.person.share", { title, family: familyName })}
        // The portrait is the picture a shared link shows (none for a hidden person).
        image={person.portrait ? displayUrl({ id: person.portrait.mediaId }) : null}
      />
      <article>
        <p className="mb-2 text-sm">
          <Link to={`/medis?asmuo=${summary.id}`}>{t("tree.person.showInTree")}</Link>
        </p>
        <div className="flex items-start gap-4">
          {person.portrait ? <Portrait portrait={person.portrait} name={summary.name} /> : null}
          <div>
            <h1 className="text-3xl font-bold sm:text-4xl">{summary.name}</h1>
            {summary.years ? <p className="mt-1 text-lg text-ink-soft">{summary.years}</p> : null}
          </div>
        </div>
        {summary.hidden ? (
          <p className="card mt-6 max-w-2xl p-5 text-ink-soft">
            {summary.living ? t("tree.person.livingHidden") : t("tree.person.privateHidden")}
          </p>
        ) : (
          <>
            {summary.private ? (
              <p className="mt-2 text-sm text-accent">{t("tree.person.privateNote")}</p>
            ) : summary.privacy ? (
              <p className="mt-2 text-sm text-accent">{t("tree.person.privacyNote")}</p>
            ) : summary.living ? (
              <p className="mt-2 text-sm text-accent">{t("tree.person.livingNote")}</p>
            ) : null}
            {person.names.length > 1 ? (
              <p className="mt-3 text-ink-soft">
                {t("tree.person.otherNames", {
                  names: person.names
                    .slice(1)
                    .map((n) => n.value)
                    .join("; "),
                })}
              </p>
            ) : null}
            {sex ? <p className="mt-1 text-ink-soft">{t(sex)}</p> : null}
            <Timeline entries={person.timeline} />
          </>
        )}
        <section aria-labelledby="artimieji" className="card mt-6 p-5">
          <h2 id="artimieji" className="mb-3 text-xl font-semibold">
            {t("tree.person.family")}
          </h2>
          {person.parents.length || person.siblings.length ? (
            <div className="mb-5 grid gap-6 sm:grid-cols-2">
              <People title={t("tree.person.parents")} people={person.parents} />
              <People title={t("tree.person.siblings")} people={person.siblings} />
            </div>
          ) : null}
          {person.partners.map((family, i) => (
            <div key={i} className={`pb-2 ${i > 0 || person.parents.length || person.siblings.length ? "border-t border-line pt-4" : ""}`}>
              <h3 className="font-semibold">
                {family.partner
                  ? t.rich("tree.person.partner", { sex: family.partner.sex, person: <PersonLink person={family.partner} /> })
                  : t("tree.person.noPartner")}
              </h3>
              {family.events.length ? <Events events={family.events} /> : null}
              {family.children.length ? (
                <div className="mt-2">
                  <People title={t("tree.person.children")} people={family.children} />
                </div>
              ) : null}
            </div>
          ))}
          {person.parents.length + person.siblings.length + person.partners.length === 0 ? (
            <p className="text-ink-soft">{t("tree.person.noFamily")}</p>
          ) : null}
        </section>
        {summary.hidden ? null : <RelationshipSection personId={summary.id} />}
        {person.notes.length ? (
          <section aria-labelledby="pastabos" className="card mt-6 p-5">
            <h2 id="pastabos" className="mb-2 text-xl font-semibold">
              {t("tree.person.notes")}
            </h2>
            {person.notes.map((n, i) => (
              <p key={i} className="mb-2 whitespace-pre-line">
                {n}
              </p>
            ))}
          </section>
        ) : null}
        <Sources sources={person.sources} />
        {person.gallery.length || person.pictures.length ? (
          <section aria-labelledby="nuotraukos" className="mt-6">
            <h2 id="nuotraukos" className="mb-3 text-xl font-semibold">
              {t("tree.person.photos")}
            </h2>
            {person.gallery.length ? (
              <p className="mb-3 text-sm">
                <Link to={`/galerija?asmuo=${summary.id}`}>{t("tree.person.inGallery", { name: summary.name })}</Link>
              </p>
            ) : null}
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {person.gallery.map((g) => (
                <li key={`g${g.id}`} className="card overflow-hidden">
                  {g.image ? (
                    <Link to={`/galerija/${g.id}`} className="block aspect-[4/3]" tabIndex={-1} aria-hidden="true">
                      {/* Where they are marked on it, their face; else the whole photo. */}
                      {g.face ? (
                        <FaceCrop image={g.image} box={g.face} />
                      ) : (
                        <GalleryPicture image={g.image} alt="" sizes="(min-width: 1024px) 380px, 100vw" />
                      )}
                    </Link>
                  ) : null}
                  <p className="p-3 font-medium">
                    <Link to={`/galerija/${g.id}`}>{g.title}</Link>
                  </p>
                </li>
              ))}
              {person.pictures.map((p, i) => (
                <li key={`p${p.mediaId}`} className="card overflow-hidden">
                  <a href={displayUrl({ id: p.mediaId })} className="block aspect-[4/3]">
                    <GalleryPicture
                      image={{ id: p.mediaId, width: p.width, height: p.height }}
                      // A picture the file gives no title is still a link that must say what it opens.
                      alt={p.title || t("tree.person.photoAlt", { name: summary.name, number: i + 1 })}
                      sizes="(min-width: 1024px) 380px, 100vw"
                    />
                  </a>
                  {p.title ? <p className="p-3 font-medium">{p.title}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <LinkedDocuments documents={person.documents} />
        <StoryLinks stories={stories} heading={t("tree.person.stories")} />
        {memories.length ? (
          <section aria-labelledby="prisiminimai" className="card mt-6 p-5">
            <h2 id="prisiminimai" className="mb-3 text-xl font-semibold">
              {t("tree.person.memories")}
            </h2>
            <Memories memories={memories} about={summary.name} />
          </section>
        ) : null}
        {canEdit || (canPropose && !summary.hidden) ? (
          <p className="mt-6 flex flex-wrap gap-3">
            {canPropose && !summary.hidden ? (
              <>
                <Link to={`/paskyra/pasiulymai/asmuo/${summary.id}`} className="btn-secondary">
                  {t("tree.person.proposeCorrection")}
                </Link>
                <Link to={`/paskyra/pasiulymai/prisiminimas?asmuo=${summary.id}`} className="btn-secondary">
                  {t("tree.person.addMemory")}
                </Link>
              </>
            ) : null}
            {canEdit ? (
              <>
                <Link to={`/admin/medis/asmenys/${summary.id}`} className="btn-secondary">
                  {t("tree.person.edit")}
                </Link>
                <Link to={`/admin/pakeitimai?tema=person&id=${summary.id}`} className="btn-secondary">
                  {t("tree.person.changes")}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
      </article>
    </>
  );
}
