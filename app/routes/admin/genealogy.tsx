import fs from "node:fs/promises";
import { useRef, useState } from "react";
import { data } from "react-router";
import type { Message, T, Values } from "#app/i18n/intl.ts";
import { Say, useT } from "#app/i18n/react.tsx";
import { Form, Link, useLocalized, useNavigate } from "#app/i18n/router.tsx";
import type { Route } from "./+types/genealogy";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { atLeast } from "#app/lib/roles.ts";
import type { CodePageChoice } from "#app/.server/genealogy/gedcom/charset.ts";
import { ImportRefused } from "#app/.server/genealogy/gedcom/reader.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { homePersonSetting, setHomePerson } from "#app/.server/genealogy/chart.ts";
import { editorViewer, LIVING_YEARS_FORM, LIVING_YEARS_RANGE, livingYearsSetting, setLivingYears } from "#app/.server/genealogy/living.ts";
import { personExists, personNames } from "#app/.server/genealogy/people.ts";
import { SEARCH_QUERY_MAX, searchPeople } from "#app/.server/genealogy/search.ts";
import { currentTreeId, discardTree, findTree, listTrees, makeCurrent, mergeImport } from "#app/.server/genealogy/trees.ts";
import { mergePreview, type MergePreview } from "#app/.server/genealogy/merge/prepare.ts";
import { conflictKey } from "#app/.server/genealogy/merge/plan.ts";
import { discardReceived, readUploadForm, UploadRejected, uploadRefusal } from "#app/.server/media/intake.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { refusedForm, useFocusFirstError } from "#app/components/fields.tsx";
import { FileInput } from "#app/components/file-input.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { useToast } from "#app/components/toaster.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { readableDifferences, slotLabel, slotValue, subjectLabel, type MergeDifference } from "#app/lib/merge-words.ts";
import { parseId } from "#app/lib/numbers.ts";

const PAGE = "/admin/medis";
const SHOWN_WARNINGS = 200;
const CODE_PAGES: Record<string, CodePageChoice> = { auto: "auto", "1257": "windows-1257", "1252": "windows-1252" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  // Editors edit the people and export; importing, replacing the tree and the living rule are the administrator's.
  const isAdmin = atLeast(requireRole(context, "redaktorius").role, "administratorius");
  const trees = await listTrees(db);
  const params = new URL(request.url).searchParams;
  const importedId = parseId(params.get("importas"));
  const imported = importedId ? await findTree(db, importedId) : null;
  const treeId = trees.find((t) => t.current)?.id ?? null;
  const livingYears = await livingYearsSetting(db);
  const homeId = await homePersonSetting(db);
  const homeName = treeId !== null && homeId !== null ? ((await personNames(db, treeId, [homeId]))[homeId] ?? null) : null;
  const homeQuery = (params.get("pradzia") ?? "").trim().slice(0, SEARCH_QUERY_MAX);
  const homeMatches =
    isAdmin && treeId !== null && homeQuery ? await searchPeople(db, treeId, homeQuery, editorViewer(livingYears), 10) : null;
  // A waiting import: what merging it with the site's tree would do.
  const merge = isAdmin && imported && !imported.current && treeId !== null ? await mergePreview(db, imported.id, treeId) : null;
  return {
    home: { name: homeName, query: homeQuery, matches: homeMatches },
    isAdmin,
    trees,
    imported,
    merge,
    maxBytes: config.maxGedcomBytes,
    livingYears,
    livingRange: LIVING_YEARS_RANGE,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "administratorius");
  const { db, media, config, imports } = services(context);
  let upload;
  try {
    upload = await readUploadForm(request, media, "gedcom", config.maxGedcomBytes);
  } catch (error) {
    if (error instanceof UploadRejected) return refusal({ title: serverT(request)(uploadRefusal(error)), variant: "error" }, error.status);
    throw error;
  }
  const { form, file } = upload;
  const intent = form.get("intent");
  if (intent === "import") {
    // The page's form without JavaScript (with it, the file goes to /admin/medis/importuoti).
    if (!file) return refusal({ title: "adminTree.import.chooseFile", variant: "error" });
    try {
      const summary = await imports.run(db, file.path, {
        sourceName: file.name,
        codePage: CODE_PAGES[String(form.get("koduote"))] ?? "auto",
      });
      return redirectWithToast(`${PAGE}?importas=${summary.treeId}`, "genealogyImported");
    } catch (error) {
      if (error instanceof ImportRefused) return refusal({ ...toastLine(error.said), variant: "error" });
      throw error;
    } finally {
      await fs.rm(file.path, { force: true });
    }
  }
  await discardReceived(file);
  if (intent === "privacy") {
    const read = readForm(form, LIVING_YEARS_FORM);
    if (!read.ok) return refuseForm(read);
    await setLivingYears(db, read.value.livingYears);
    return redirectWithToast(PAGE, "privacySaved");
  }
  if (intent === "home") {
    const personId = parseId(form.get("personId"));
    const treeId = await currentTreeId(db);
    if (personId === null || treeId === null || !(await personExists(db, treeId, personId))) return refusal("personNotFound", 404);
    await setHomePerson(db, personId);
    return redirectWithToast(PAGE, "homePersonSaved");
  }
  if (intent === "home-reset") {
    await setHomePerson(db, null);
    return redirectWithToast(PAGE, "homePersonSaved");
  }
  const treeId = parseId(form.get("treeId")) ?? 0;
  if (intent === "activate") {
    const done = await makeCurrent(db, media, treeId, { acceptCutOff: form.get("acceptCutOff") === "1" });
    if (done === "cutOff") return refusal("genealogyCutOff", 409);
    return done === "done" ? redirectWithToast(PAGE, "genealogyActivated") : refusal("genealogyNotFound", 404);
  }
  if (intent === "merge") {
    // Each conflict's choice comes as a radio named after it: "site" or "file".
    const result = await mergeImport(
      db,
      media,
      treeId,
      (item) => {
        const choice = form.get(`konfliktas:${conflictKey(item)}`);
        return choice === "site" || choice === "file" ? choice : null;
      },
      { acceptCutOff: form.get("acceptCutOff") === "1", by: user },
    );
    if ("done" in result) return redirectWithToast(PAGE, "genealogyMerged");
    if (result.refused === "undecided") return refusal("genealogyMergeUndecided", 409);
    if (result.refused === "noBase") return refusal("genealogyNoBase", 409);
    if (result.refused === "cutOff") return refusal("genealogyCutOff", 409);
    return refusal("genealogyNotFound", 404);
  }
  if (intent === "discard") {
    return (await discardTree(db, media, treeId)) ? redirectWithToast(PAGE, "genealogyDiscarded") : refusal("genealogyNotFound", 404);
  }
  // Said here: the root's error page knows only the site's words.
  throw data(serverT(request)("adminTree.error.unknownAction"), { status: 400 });
}

/** A message as a toast's line: its id, and the values it names. */
function toastLine(message: Message): { title: string; values?: Values } {
  return typeof message === "string" ? { title: message } : { title: message.id, values: message.values };
}

type Tree = Route.ComponentProps["loaderData"]["trees"][number];

function counts(t: T, tree: Pick<Tree, "people" | "families" | "sources" | "media">): string {
  return t("adminTree.tree.counts", { people: tree.people, families: tree.families, sources: tree.sources, media: tree.media });
}

/** A tree's file name; a tree started on the site has none, and is called so. */
function sourceName(t: T, tree: Pick<Tree, "sourceName" | "madeOnSite">): string {
  return tree.madeOnSite ? t("adminTree.tree.madeOnSite") : tree.sourceName;
}

export default function GenealogyAdmin({
  loaderData: { isAdmin, trees, imported, merge, maxBytes, livingYears, livingRange, home },
  actionData,
}: Route.ComponentProps) {
  const t = useT();
  const current = trees.find((t) => t.current) ?? null;
  const previous = trees.filter((t) => !t.current && t.id !== imported?.id);
  return (
    <>
      <PageTitle>{t("adminTree.title")}</PageTitle>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t("adminTree.title")}</h1>
        <Link to={`${PAGE}/asmenys`} className="btn-primary">
          {t("adminTree.managePeople")}
        </Link>
      </div>
      <FormAlert toast={actionData?.toast} />
      {imported && isAdmin ? (
        <ImportSummary tree={imported} replaces={current && !imported.current ? current : null} merge={merge} />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="dabartinis" className="card p-6">
          <h2 id="dabartinis" className="text-xl font-semibold">
            {t("adminTree.current.heading")}
          </h2>
          {current ? (
            <>
              <p className="mt-2">{counts(t, current)}.</p>
              <p className="mt-1 text-sm text-ink-soft">
                {t("adminTree.current.source", {
                  name: sourceName(t, current),
                  version: current.gedcomVersion ?? "?",
                  at: t.dateTime(current.createdAt),
                })}
              </p>
              <p className="mt-3">
                <Link to={`${PAGE}/svetaines-pakeitimai`}>{t("adminTree.siteChanges.title")}</Link>
              </p>
              <h3 className="mt-6 font-semibold">{t("adminTree.export.heading")}</h3>
              <ul className="mt-2 space-y-1 text-sm">
                <li>
                  <a href={`${PAGE}/eksportas?versija=5.5.1`} download>
                    GEDCOM 5.5.1 (UTF-8)
                  </a>
                </li>
                <li>
                  <a href={`${PAGE}/eksportas?versija=7.0`} download>
                    GEDCOM 7.0
                  </a>
                </li>
                <li>
                  <a href={`${PAGE}/eksportas?gedzip=1`} download>
                    {t("adminTree.export.gedzip")}
                  </a>
                </li>
                <li>
                  <a href={`${PAGE}/eksportas?versija=5.5.1&viesas=1`} download>
                    {t("adminTree.export.public")}
                  </a>
                </li>
              </ul>
            </>
          ) : (
            <p className="mt-2 text-ink-soft">{t("adminTree.current.none")}</p>
          )}
        </section>
        {isAdmin ? <ImportForm maxBytes={maxBytes} hasTree={Boolean(current)} /> : null}
      </div>
      {isAdmin && current ? <HomePersonForm home={home} /> : null}
      {isAdmin ? (
        <PrivacyForm
          livingYears={refusedForm(actionData)?.typed.livingYears ?? String(livingYears)}
          livingRange={livingRange}
          error={refusedForm(actionData)?.errors.livingYears}
          refusal={actionData?.toast.id}
        />
      ) : null}
      {previous.length && isAdmin ? (
        <section aria-labelledby="ankstesni" className="mt-10">
          <h2 id="ankstesni" className="text-xl font-semibold">
            {t("adminTree.previous.heading")}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">{t("adminTree.previous.intro")}</p>
          <ul className="mt-3 space-y-3">
            {previous.map((tree) => (
              <li key={tree.id} className="card flex flex-wrap items-center gap-3 p-4" data-testid="previous-tree">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{t("adminTree.quoted", { text: sourceName(t, tree) })}</p>
                  <p className="text-sm text-ink-soft">
                    {t.dateTime(tree.createdAt)} · {counts(t, tree)}
                  </p>
                </div>
                <ActivateForm
                  tree={tree}
                  label={t("adminTree.previous.restore")}
                  className="btn-secondary"
                  confirm={t("adminTree.previous.restoreConfirm", { name: sourceName(t, tree) })}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The person the public tree opens at: found by name, chosen with a button. */
function HomePersonForm({ home }: { home: Route.ComponentProps["loaderData"]["home"] }) {
  const t = useT();
  return (
    <section aria-labelledby="pradzia" className="card mt-8 p-6">
      <h2 id="pradzia" className="text-xl font-semibold">
        {t("adminTree.home.heading")}
      </h2>
      <p className="mt-2 text-ink-soft">
        {home.name
          ? t.rich("adminTree.home.opensAt", { name: home.name, b: (chunks) => <strong>{chunks}</strong> })
          : t("adminTree.home.opensAtFirst")}{" "}
        {t("adminTree.home.memberSees")}
      </p>
      <Form method="get" role="search" aria-label={t("adminTree.home.search")} className="mt-4 flex flex-wrap items-end gap-2">
        <div className="min-w-56 flex-1">
          <label htmlFor="pradzia-paieska" className="field-label">
            {t("adminTree.home.searchLabel")}
          </label>
          <input id="pradzia-paieska" name="pradzia" type="search" defaultValue={home.query} className="field-input" />
        </div>
        <button type="submit" className="btn-secondary">
          {t("adminTree.search")}
        </button>
      </Form>
      {home.matches ? (
        home.matches.length ? (
          <ul className="mt-4 space-y-2" aria-label={t("adminTree.home.found")}>
            {home.matches.map((person) => (
              <li key={person.id}>
                <Form method="post" className="flex flex-wrap items-center gap-3">
                  <input type="hidden" name="intent" value="home" />
                  <input type="hidden" name="personId" value={person.id} />
                  <span className="min-w-0 flex-1">
                    {person.name} {person.years ? <span className="text-sm text-ink-soft">({person.years})</span> : null}
                  </span>
                  <button type="submit" className="btn-secondary" aria-label={t("adminTree.home.chooseLabel", { name: person.name })}>
                    {t("adminTree.home.choose")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-ink-soft">{t("adminTree.home.nothingFound", { query: home.query })}</p>
        )
      ) : null}
      {home.name ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="home-reset" />
          <button type="submit" className="btn-secondary">
            {t("adminTree.home.reset")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** The living rule's number of years: the administrator's. */
function PrivacyForm({
  livingYears,
  livingRange,
  error,
  refusal,
}: {
  livingYears: string;
  livingRange: readonly [number, number];
  error: string | undefined;
  refusal: string | undefined;
}) {
  const t = useT();
  useFocusFirstError({ livingYears: error }, refusal, ["livingYears"]);
  return (
    <section aria-labelledby="privatumas" className="card mt-8 p-6">
      <h2 id="privatumas" className="text-xl font-semibold">
        {t("adminTree.privacy.heading")}
      </h2>
      <p className="mt-2 text-ink-soft">{t("adminTree.privacy.intro")}</p>
      {/* noValidate: the server's message, in the page's language, not the browser's, says what is wrong. */}
      <Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="privacy" />
        <div>
          <label htmlFor="livingYears" className="field-label">
            {t("genealogy.livingYears.label")}
          </label>
          <input
            id="livingYears"
            name="livingYears"
            type="number"
            inputMode="numeric"
            min={livingRange[0]}
            max={livingRange[1]}
            defaultValue={livingYears}
            className="field-input w-32"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "livingYears-error" : undefined}
          />
          {error ? (
            <p id="livingYears-error" className="mt-1 text-sm text-red-800">
              <Say text={error} />
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary">
          {t("adminTree.save")}
        </button>
      </Form>
    </section>
  );
}

/** A cut-off file is published only when the administrator says they know it is one. */
function CutOffConsent() {
  const t = useT();
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" name="acceptCutOff" value="1" required />
      {t("adminTree.cutOff.consent")}
    </label>
  );
}

/** The activation form; for a cut-off file it asks the administrator to say they know. */
function ActivateForm({ tree, label, className, confirm }: { tree: Tree; label: string; className: string; confirm?: string }) {
  return (
    <Form
      method="post"
      className="flex flex-wrap items-center gap-3"
      onSubmit={(e) => {
        if (confirm && !window.confirm(confirm)) e.preventDefault();
      }}
    >
      <input type="hidden" name="treeId" value={tree.id} />
      {tree.cutOff ? <CutOffConsent /> : null}
      <button type="submit" name="intent" value="activate" className={className}>
        {label}
      </button>
    </Form>
  );
}

/** What replacing the tree instead of merging it costs the family. */
function replaceLoss(t: T, lost: number): string {
  return lost === 0 ? t("adminTree.replace.lossNone") : t("adminTree.replace.loss", { count: lost });
}

/**
 * The merge (issue 29): what the file changes, what the family's changes on
 * the site keep, and each conflict with both values, who changed it on the
 * site and when; published in one step once every conflict is decided.
 */
function MergePanel({ tree, merge }: { tree: Tree; merge: MergePreview }) {
  const t = useT();
  const nameOf = (id: number) => merge.names[id] ?? `#${id}`;
  const { added, changed, removed } = merge.counts.fromFile;
  return (
    <section aria-labelledby="sujungimas" className="mt-4 rounded-md border border-accent bg-paper p-4">
      <h3 id="sujungimas" className="text-lg font-semibold">
        {t("adminTree.merge.heading")}
      </h3>
      <p className="mt-1 text-sm text-ink-soft">{t("adminTree.merge.intro")}</p>
      <ul className="mt-3 space-y-1" data-testid="merge-counts">
        <li>{t("adminTree.merge.fromFileCounts", { added: String(added), changed: String(changed), removed: String(removed) })}</li>
        <li>{t("adminTree.merge.keptCount", { count: String(merge.counts.keptFromSite) })}</li>
        <li>{t("adminTree.merge.conflictCount", { count: String(merge.counts.conflicts) })}</li>
      </ul>
      <Differences title={t("adminTree.merge.fromFile")} items={merge.fromFile} limit={merge.limit} side="file" nameOf={nameOf} />
      <Differences title={t("adminTree.merge.keptFromSite")} items={merge.keptFromSite} limit={merge.limit} side="site" nameOf={nameOf} />
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="treeId" value={tree.id} />
        {merge.conflicts.map((conflict) => (
          <fieldset key={conflict.key} className="rounded-md border border-line p-3" data-testid="merge-conflict">
            <legend className="px-1 font-medium">
              {subjectLabel(t, conflict.subject)} · {slotLabel(t, conflict, nameOf)}
            </legend>
            <p className="text-sm text-ink-soft">
              {conflict.base === null
                ? t("adminTree.merge.notInFileBefore")
                : t("adminTree.merge.inFileBefore", { value: slotValue(t, conflict, conflict.base) })}{" "}
              {conflict.by && conflict.at ? t("adminTree.merge.changedOnSite", { by: conflict.by, at: t.dateTime(conflict.at) }) : null}
            </p>
            <div className="mt-2 space-y-2">
              <label className="flex items-start gap-2">
                <input type="radio" name={`konfliktas:${conflict.key}`} value="site" required />
                <span>{t("adminTree.merge.keepSite", { value: slotValue(t, conflict, conflict.site) })}</span>
              </label>
              <label className="flex items-start gap-2">
                <input type="radio" name={`konfliktas:${conflict.key}`} value="file" />
                <span>{t("adminTree.merge.takeFile", { value: slotValue(t, conflict, conflict.file) })}</span>
              </label>
            </div>
          </fieldset>
        ))}
        {tree.cutOff ? <CutOffConsent /> : null}
        <button type="submit" name="intent" value="merge" className="btn-primary">
          {t("adminTree.merge.submit")}
        </button>
      </Form>
    </section>
  );
}

/** A list of differences, folded: each with the value before and after. */
function Differences({
  title,
  items,
  limit,
  side,
  nameOf,
}: {
  title: string;
  items: MergeDifference[];
  limit: number;
  side: "file" | "site";
  nameOf: (id: number) => string;
}) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <details className="mt-3">
      <summary className="tap cursor-pointer font-medium">
        {items.length < limit
          ? t("adminTree.merge.listed", { title, count: String(items.length) })
          : t("adminTree.merge.listedFirst", { title, limit: String(limit) })}
      </summary>
      <ul className="mt-2 space-y-1 text-sm" data-side={side}>
        {readableDifferences(items).map((item, i) => (
          <li key={i}>
            {t("adminTree.merge.difference", {
              subject: subjectLabel(t, item.subject),
              slot: slotLabel(t, item, nameOf),
              before: slotValue(t, item, item.base),
              after: slotValue(t, item, item[side]),
            })}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ImportSummary({ tree, replaces, merge }: { tree: Tree; replaces: Tree | null; merge: MergePreview | null }) {
  const t = useT();
  const warnings = tree.warnings;
  return (
    <section aria-labelledby="importo-santrauka" className="card mb-8 border-accent p-6">
      <h2 id="importo-santrauka" className="text-xl font-semibold">
        {t("adminTree.summary.heading", { name: sourceName(t, tree) })}
      </h2>
      {tree.cutOff ? (
        <p className="mt-2 rounded-md border border-accent bg-accent-soft p-3 font-medium text-accent-dark" role="alert">
          {t("adminTree.summary.cutOff")}
        </p>
      ) : null}
      <p className="mt-2 text-lg">{t("adminTree.summary.imported", { counts: counts(t, tree) })}</p>
      <p className="text-sm text-ink-soft">
        {t("adminTree.summary.format", { version: tree.gedcomVersion ?? "?", charset: tree.charset ?? "?" })}
      </p>
      {!tree.current ? (
        <>
          {replaces && merge ? (
            <>
              <p className="mt-4">{t("adminTree.summary.notPublished")}</p>
              <MergePanel tree={tree} merge={merge} />
            </>
          ) : null}
          <div className="mt-4 rounded-md bg-accent-soft p-4">
            <p>
              {replaces && merge
                ? t("adminTree.replace.orReplace", { name: sourceName(t, replaces), loss: replaceLoss(t, merge.lostByReplace) })
                : replaces
                  ? t("adminTree.replace.withoutMerge", { name: sourceName(t, replaces), people: replaces.people })
                  : t("adminTree.summary.cutOffQuestion")}
            </p>
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <ActivateForm
                tree={tree}
                label={replaces ? t("adminTree.replace.submit") : t("adminTree.summary.publish")}
                className={replaces && merge ? "btn-secondary" : "btn-primary"}
                confirm={replaces && merge ? t("adminTree.replace.confirm", { loss: replaceLoss(t, merge.lostByReplace) }) : undefined}
              />
              <Form method="post">
                <input type="hidden" name="treeId" value={tree.id} />
                <button type="submit" name="intent" value="discard" className="btn-secondary">
                  {t("adminTree.summary.discard")}
                </button>
              </Form>
            </div>
          </div>
        </>
      ) : (
        <p className="mt-3 font-medium text-moss">{t("adminTree.summary.published")}</p>
      )}
      <h3 className="mt-6 font-semibold">
        {tree.warningCount ? t("adminTree.warnings.heading", { count: String(tree.warningCount) }) : t("adminTree.warnings.none")}
      </h3>
      {warnings.length ? (
        <ol className="mt-2 max-h-96 space-y-1 overflow-auto rounded border border-line bg-paper p-3 text-sm" data-testid="import-warnings">
          {warnings.slice(0, SHOWN_WARNINGS).map((w, i) => (
            // A sample line of a file (a charset warning's) may have no space to break at.
            <li key={i} className="[overflow-wrap:anywhere]">
              {w.line ? <span className="font-mono text-ink-soft">{t("adminTree.warnings.line", { line: String(w.line) })} </span> : null}
              {/* A warning stored before the catalogs is its Lithuanian sentence, shown as it is. */}
              {t.say(w.message)}
            </li>
          ))}
          {tree.warningCount > SHOWN_WARNINGS ? (
            <li className="text-ink-soft">{t("adminTree.warnings.more", { count: String(tree.warningCount - SHOWN_WARNINGS) })}</li>
          ) : null}
        </ol>
      ) : null}
      <p className="mt-4 text-sm">
        <Link to={PAGE}>{t("adminTree.summary.close")}</Link>
      </p>
    </section>
  );
}

/**
 * With JavaScript the file is sent as the request body with XMLHttpRequest,
 * so a large file streams to the server and its progress shows; without it
 * the form posts the file the usual way.
 */
function ImportForm({ maxBytes, hasTree }: { maxBytes: number; hasTree: boolean }) {
  const t = useT();
  const hydrated = useHydrated();
  const toast = useToast();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [processing, setProcessing] = useState(false);
  const localized = useLocalized();
  const tooLarge = () => t("adminTree.import.tooLarge", { max: String(Math.round(maxBytes / 1024 / 1024)) });

  function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return toast({ title: t("adminTree.import.chooseFile"), variant: "error" });
    if (file.size > maxBytes) return toast({ title: tooLarge(), variant: "error" });
    const codePage = new FormData(event.currentTarget).get("koduote");
    const request = new XMLHttpRequest();
    // In the page's language: the server's answer (a refused file's reason) is said in it.
    request.open("POST", localized(`${PAGE}/importuoti?failas=${encodeURIComponent(file.name)}&koduote=${codePage}`));
    request.responseType = "json";
    request.upload.onprogress = (e) => e.lengthComputable && setProgress(e.loaded / e.total);
    request.upload.onload = () => setProcessing(true);
    request.onload = () => {
      setProgress(null);
      setProcessing(false);
      const answer = request.response as { ok: boolean; treeId?: number; message?: string } | null;
      if (answer?.ok) navigate(`${PAGE}?importas=${answer.treeId}`);
      // The server's own reason when it gave one; a server failure will not go away by trying again.
      else
        toast({
          title: answer?.message ?? (request.status === 413 ? tooLarge() : t("adminTree.import.serverFailed")),
          variant: "error",
        });
    };
    request.onerror = () => {
      setProgress(null);
      setProcessing(false);
      toast({ title: t("adminTree.import.connectionLost"), variant: "error" });
    };
    setProgress(0);
    request.send(file);
  }

  const busy = progress !== null;
  return (
    <section aria-labelledby="importas" className="card p-6">
      <h2 id="importas" className="text-xl font-semibold">
        {t("adminTree.import.heading")}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">
        {t("adminTree.import.formats")}
        {hasTree ? ` ${t("adminTree.import.replacesOnlyIfConfirmed")}` : ""}
      </p>
      <form method="post" encType="multipart/form-data" onSubmit={hydrated ? upload : undefined} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="import" />
        <FileInput ref={input} id="gedcom-file" name="gedcom" label={t("adminTree.import.file")} accept=".ged,.gdz,.GED,.GDZ" />
        <div>
          <label htmlFor="koduote" className="field-label">
            {t("adminTree.import.codePage")}
          </label>
          <select id="koduote" name="koduote" defaultValue="auto" className="field-input">
            <option value="auto">{t("adminTree.import.codePageAuto")}</option>
            <option value="1257">{t("adminTree.import.codePage1257")}</option>
            <option value="1252">{t("adminTree.import.codePage1252")}</option>
          </select>
        </div>
        {busy ? (
          <div>
            <label htmlFor="gedcom-progress" className="field-label">
              {processing
                ? t("adminTree.import.processing")
                : t("adminTree.import.uploading", { percent: Math.round((progress ?? 0) * 100) })}
            </label>
            <progress id="gedcom-progress" value={processing ? undefined : (progress ?? 0)} max={1} className="h-2 w-full accent-accent" />
          </div>
        ) : null}
        <button type="submit" className="btn-primary" disabled={busy}>
          {t("adminTree.import.submit")}
        </button>
      </form>
    </section>
  );
}
