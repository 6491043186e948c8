import fs from "node:fs/promises";
import { Say } from "#app/i18n/react.tsx";
import { useRef, useState } from "react";
import { data, Form, Link, useNavigate } from "react-router";
import type { Route } from "./+types/genealogy";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { atLeast } from "#app/lib/roles.ts";
import type { CodePageChoice } from "#app/.server/genealogy/gedcom/charset.ts";
import { ImportRefused } from "#app/.server/genealogy/gedcom/reader.ts";
import { homePersonSetting, setHomePerson } from "#app/.server/genealogy/chart.ts";
import { editorViewer, LIVING_YEARS_FORM, LIVING_YEARS_RANGE, livingYearsSetting, setLivingYears } from "#app/.server/genealogy/living.ts";
import { personExists, personNames } from "#app/.server/genealogy/people.ts";
import { searchPeople } from "#app/.server/genealogy/search.ts";
import { currentTreeId, discardTree, findTree, listTrees, makeCurrent, mergeImport } from "#app/.server/genealogy/trees.ts";
import { mergePreview, type MergePreview } from "#app/.server/genealogy/merge/prepare.ts";
import { conflictKey } from "#app/.server/genealogy/merge/plan.ts";
import { discardReceived, readUploadForm, UploadRejected } from "#app/.server/media/intake.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { refusedForm, useFocusFirstError } from "#app/components/fields.tsx";
import { FileInput } from "#app/components/file-input.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { useToast } from "#app/components/toaster.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { formatDateTime, plural } from "#app/lib/lithuanian.ts";
import { readableDifferences, slotLabel, slotValue, type MergeDifference } from "#app/lib/merge-words.ts";
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
  const homeQuery = (params.get("pradzia") ?? "").trim().slice(0, 100);
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
    if (error instanceof UploadRejected) return refusal({ title: error.message, variant: "error" }, error.status);
    throw error;
  }
  const { form, file } = upload;
  const intent = form.get("intent");
  if (intent === "import") {
    // The page's form without JavaScript (with it, the file goes to /admin/medis/importuoti).
    if (!file) return refusal({ title: "Pasirinkite GEDCOM failą", variant: "error" });
    try {
      const summary = await imports.run(db, file.path, {
        sourceName: file.name,
        codePage: CODE_PAGES[String(form.get("koduote"))] ?? "auto",
      });
      return redirectWithToast(`${PAGE}?importas=${summary.treeId}`, "genealogyImported");
    } catch (error) {
      if (error instanceof ImportRefused) return refusal({ title: error.message, variant: "error" });
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
  throw data("Nežinomas veiksmas", { status: 400 });
}

type Tree = Route.ComponentProps["loaderData"]["trees"][number];

function counts(tree: Pick<Tree, "people" | "families" | "sources" | "media">): string {
  return [
    plural(tree.people, ["asmuo", "asmenys", "asmenų"]),
    plural(tree.families, ["šeima", "šeimos", "šeimų"]),
    plural(tree.sources, ["šaltinis", "šaltiniai", "šaltinių"]),
    plural(tree.media, ["medijos objektas", "medijos objektai", "medijos objektų"]),
  ].join(", ");
}

export default function GenealogyAdmin({
  loaderData: { isAdmin, trees, imported, merge, maxBytes, livingYears, livingRange, home },
  actionData,
}: Route.ComponentProps) {
  const current = trees.find((t) => t.current) ?? null;
  const previous = trees.filter((t) => !t.current && t.id !== imported?.id);
  return (
    <>
      <PageTitle>Giminės medis</PageTitle>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Giminės medis</h1>
        <Link to={`${PAGE}/asmenys`} className="btn-primary">
          Tvarkyti asmenis
        </Link>
      </div>
      <FormAlert toast={actionData?.toast} />
      {imported && isAdmin ? (
        <ImportSummary tree={imported} replaces={current && !imported.current ? current : null} merge={merge} />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="dabartinis" className="card p-6">
          <h2 id="dabartinis" className="text-xl font-semibold">
            Dabartinis medis
          </h2>
          {current ? (
            <>
              <p className="mt-2">{counts(current)}.</p>
              <p className="mt-1 text-sm text-ink-soft">
                Iš „{current.sourceName}“ (GEDCOM {current.gedcomVersion ?? "?"}), importuota {formatDateTime(current.createdAt)}.
              </p>
              <p className="mt-3">
                <Link to={`${PAGE}/svetaines-pakeitimai`}>Svetainės pakeitimai šeimos istorikui</Link>
              </p>
              <h3 className="mt-6 font-semibold">Eksportuoti</h3>
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
                    GEDZIP (GEDCOM 7.0 su nuotraukomis)
                  </a>
                </li>
                <li>
                  <a href={`${PAGE}/eksportas?versija=5.5.1&viesas=1`} download>
                    Viešas GEDCOM 5.5.1 (be gyvų asmenų)
                  </a>
                </li>
              </ul>
            </>
          ) : (
            <p className="mt-2 text-ink-soft">Giminės medžio dar nėra. Importuokite GEDCOM failą iš savo genealogijos programos.</p>
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
            Ankstesni medžiai
          </h2>
          <p className="mt-1 text-sm text-ink-soft">Pakeisti medžiai saugomi kaip atsarginės kopijos; bet kurį galite grąžinti.</p>
          <ul className="mt-3 space-y-3">
            {previous.map((tree) => (
              <li key={tree.id} className="card flex flex-wrap items-center gap-3 p-4" data-testid="previous-tree">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">„{tree.sourceName}“</p>
                  <p className="text-sm text-ink-soft">
                    {formatDateTime(tree.createdAt)} · {counts(tree)}
                  </p>
                </div>
                <ActivateForm
                  tree={tree}
                  label="Grąžinti šį medį"
                  className="btn-secondary"
                  confirm={`Grąžinti medį „${tree.sourceName}“? Dabartinis liks atsarginė kopija.`}
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
  return (
    <section aria-labelledby="pradzia" className="card mt-8 p-6">
      <h2 id="pradzia" className="text-xl font-semibold">
        Nuo ko atveriamas medis
      </h2>
      <p className="mt-2 text-ink-soft">
        {home.name ? (
          <>
            Medis atveriamas ties asmeniu <strong>{home.name}</strong>.
          </>
        ) : (
          "Medis atveriamas ties pirmu GEDCOM failo asmeniu. Pasirinkite kitą, pavyzdžiui, giminės pradininką."
        )}{" "}
        Narys, kurio paskyra susieta su asmeniu, medį mato nuo savęs.
      </p>
      <Form method="get" role="search" aria-label="Medžio pradžios asmens paieška" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="min-w-56 flex-1">
          <label htmlFor="pradzia-paieska" className="field-label">
            Asmens vardas ar pavardė
          </label>
          <input id="pradzia-paieska" name="pradzia" type="search" defaultValue={home.query} className="field-input" />
        </div>
        <button type="submit" className="btn-secondary">
          Ieškoti
        </button>
      </Form>
      {home.matches ? (
        home.matches.length ? (
          <ul className="mt-4 space-y-2" aria-label="Rasti asmenys">
            {home.matches.map((person) => (
              <li key={person.id}>
                <Form method="post" className="flex flex-wrap items-center gap-3">
                  <input type="hidden" name="intent" value="home" />
                  <input type="hidden" name="personId" value={person.id} />
                  <span className="min-w-0 flex-1">
                    {person.name} {person.years ? <span className="text-sm text-ink-soft">({person.years})</span> : null}
                  </span>
                  <button type="submit" className="btn-secondary" aria-label={`Atverti medį ties: ${person.name}`}>
                    Pasirinkti
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-ink-soft">Pagal „{home.query}“ nieko nerasta.</p>
        )
      ) : null}
      {home.name ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="home-reset" />
          <button type="submit" className="btn-secondary">
            Atverti nuo pirmo failo asmens
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
  useFocusFirstError({ livingYears: error }, refusal, ["livingYears"]);
  return (
    <section aria-labelledby="privatumas" className="card mt-8 p-6">
      <h2 id="privatumas" className="text-xl font-semibold">
        Gyvų asmenų privatumas
      </h2>
      <p className="mt-2 text-ink-soft">
        Lankytojai gyvą asmenį mato tik kaip „Gyvas asmuo“: be vardo, datų, vietų ir nuotraukų. Asmuo laikomas gyvu, jei neturi mirties ar
        laidojimo įrašo ir nė vienas jo įvykis nėra senesnis už nurodytą metų skaičių; kai datų nėra, sprendžiama pagal tėvų, partnerių ir
        vaikų datas.
      </p>
      {/* noValidate: the server's Lithuanian message, not the browser's, says what is wrong. */}
      <Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="privacy" />
        <div>
          <label htmlFor="livingYears" className="field-label">
            Metų skaičius
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
          Išsaugoti
        </button>
      </Form>
    </section>
  );
}

/** A cut-off file is published only when the administrator says they know it is one. */
function CutOffConsent() {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" name="acceptCutOff" value="1" required />
      Suprantu, kad failas nutrūkęs ir dalies medžio gali trūkti, bet vis tiek noriu jį skelbti.
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
function replaceLoss(lost: number): string {
  return lost === 0
    ? "svetainėje padarytų pakeitimų, kurių faile nėra, nėra."
    : `dings ${plural(lost, ["svetainėje pakeistas asmuo ar šeima", "svetainėje pakeisti asmenys ar šeimos", "svetainėje pakeistų asmenų ar šeimų"])} (liks atsarginėje kopijoje).`;
}

/**
 * The merge (issue 29): what the file changes, what the family's changes on
 * the site keep, and each conflict with both values, who changed it on the
 * site and when; published in one step once every conflict is decided.
 */
function MergePanel({ tree, merge }: { tree: Tree; merge: MergePreview }) {
  const nameOf = (id: number) => merge.names[id] ?? `#${id}`;
  const { added, changed, removed } = merge.counts.fromFile;
  return (
    <section aria-labelledby="sujungimas" className="mt-4 rounded-md border border-accent bg-paper p-4">
      <h3 id="sujungimas" className="text-lg font-semibold">
        Sujungti su svetainės medžiu
      </h3>
      <p className="mt-1 text-sm text-ink-soft">
        Failas palygintas su anksčiau importuotu failu ir su svetainės medžiu. Tai, ką pakeitė tik failas, bus pritaikyta; tai, ką šeima
        pakeitė svetainėje, išliks; kur abu tą patį pakeitė skirtingai, pasirenkate jūs.
      </p>
      <ul className="mt-3 space-y-1" data-testid="merge-counts">
        <li>
          Iš failo: pridėta {added}, pakeista {changed}, pašalinta {removed} (asmenų ir šeimų).
        </li>
        <li>Svetainėje pakeisti asmenys ir šeimos, kurių pakeitimai išliks: {merge.counts.keptFromSite}.</li>
        <li>Konfliktų: {merge.counts.conflicts}.</li>
      </ul>
      <Differences title="Ką keičia failas" items={merge.fromFile} limit={merge.limit} side="file" nameOf={nameOf} />
      <Differences title="Svetainės pakeitimai, kurie išliks" items={merge.keptFromSite} limit={merge.limit} side="site" nameOf={nameOf} />
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="treeId" value={tree.id} />
        {merge.conflicts.map((conflict) => (
          <fieldset key={conflict.key} className="rounded-md border border-line p-3" data-testid="merge-conflict">
            <legend className="px-1 font-medium">
              {conflict.subject.label} · {slotLabel(conflict, nameOf)}
            </legend>
            <p className="text-sm text-ink-soft">
              {conflict.base === null ? "Anksčiau faile to nebuvo." : `Anksčiau faile: „${slotValue(conflict, conflict.base)}“.`}{" "}
              {conflict.by && conflict.at ? `Svetainėje keitė ${conflict.by}, ${formatDateTime(conflict.at)}.` : null}
            </p>
            <div className="mt-2 space-y-2">
              <label className="flex items-start gap-2">
                <input type="radio" name={`konfliktas:${conflict.key}`} value="site" required />
                <span>Palikti svetainės: „{slotValue(conflict, conflict.site)}“</span>
              </label>
              <label className="flex items-start gap-2">
                <input type="radio" name={`konfliktas:${conflict.key}`} value="file" />
                <span>Imti iš failo: „{slotValue(conflict, conflict.file)}“</span>
              </label>
            </div>
          </fieldset>
        ))}
        {tree.cutOff ? <CutOffConsent /> : null}
        <button type="submit" name="intent" value="merge" className="btn-primary">
          Sujungti ir skelbti
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
  if (items.length === 0) return null;
  return (
    <details className="mt-3">
      <summary className="tap cursor-pointer font-medium">
        {title} ({items.length < limit ? items.length : `pirmieji ${limit}`})
      </summary>
      <ul className="mt-2 space-y-1 text-sm" data-side={side}>
        {readableDifferences(items).map((item, i) => (
          <li key={i}>
            {item.subject.label} · {slotLabel(item, nameOf)}: „{slotValue(item, item.base)}“ → „{slotValue(item, item[side])}“
          </li>
        ))}
      </ul>
    </details>
  );
}

function ImportSummary({ tree, replaces, merge }: { tree: Tree; replaces: Tree | null; merge: MergePreview | null }) {
  const warnings = tree.warnings;
  return (
    <section aria-labelledby="importo-santrauka" className="card mb-8 border-accent p-6">
      <h2 id="importo-santrauka" className="text-xl font-semibold">
        Importo santrauka: „{tree.sourceName}“
      </h2>
      {tree.cutOff ? (
        <p className="mt-2 rounded-md border border-accent bg-accent-soft p-3 font-medium text-accent-dark" role="alert">
          Failas nutrūkęs: jame nėra pabaigos eilutės „0 TRLR“, todėl dalies asmenų, šeimų ar ryšių gali trūkti. Eksportuokite failą iš
          genealogijos programos dar kartą.
        </p>
      ) : null}
      <p className="mt-2 text-lg">Importuota: {counts(tree)}.</p>
      <p className="text-sm text-ink-soft">
        GEDCOM {tree.gedcomVersion ?? "?"}, koduotė {tree.charset ?? "?"}.
      </p>
      {!tree.current ? (
        <>
          {replaces && merge ? (
            <>
              <p className="mt-4">Šis medis dar neskelbiamas.</p>
              <MergePanel tree={tree} merge={merge} />
            </>
          ) : null}
          <div className="mt-4 rounded-md bg-accent-soft p-4">
            <p>
              {replaces && merge ? (
                <>
                  Arba pakeisti dabartinį medį („{replaces.sourceName}“) šiuo failu: {replaceLoss(merge.lostByReplace)} Dabartinis medis
                  liks atsarginė kopija.
                </>
              ) : replaces ? (
                <>
                  Šis medis dar neskelbiamas. Ar pakeisti juo dabartinį medį („{replaces.sourceName}“,{" "}
                  {plural(replaces.people, ["asmuo", "asmenys", "asmenų"])})? Sujungti negalima: dabartinis medis importuotas, kai svetainė
                  dar nesaugojo importuoto failo. Pakeitus medį svetainėje padaryti pakeitimai, kurių faile nėra, dings (liks atsarginėje
                  kopijoje); kitas importas jau bus sujungiamas.
                </>
              ) : (
                "Šis medis dar neskelbiamas, nes failas nutrūkęs. Ar vis tiek jį skelbti?"
              )}
            </p>
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <ActivateForm
                tree={tree}
                label={replaces ? "Pakeisti dabartinį medį" : "Skelbti šį medį"}
                className={replaces && merge ? "btn-secondary" : "btn-primary"}
                confirm={replaces && merge ? `Pakeisti dabartinį medį šiuo failu? Tada ${replaceLoss(merge.lostByReplace)}` : undefined}
              />
              <Form method="post">
                <input type="hidden" name="treeId" value={tree.id} />
                <button type="submit" name="intent" value="discard" className="btn-secondary">
                  Atmesti importą
                </button>
              </Form>
            </div>
          </div>
        </>
      ) : (
        <p className="mt-3 font-medium text-moss">Medis paskelbtas svetainėje.</p>
      )}
      <h3 className="mt-6 font-semibold">{tree.warningCount ? `Įspėjimai (${tree.warningCount})` : "Įspėjimų nėra."}</h3>
      {warnings.length ? (
        <ol className="mt-2 max-h-96 space-y-1 overflow-auto rounded border border-line bg-paper p-3 text-sm" data-testid="import-warnings">
          {warnings.slice(0, SHOWN_WARNINGS).map((w, i) => (
            <li key={i}>
              {w.line ? <span className="font-mono text-ink-soft">{w.line} eil.: </span> : null}
              {w.message}
            </li>
          ))}
          {tree.warningCount > SHOWN_WARNINGS ? <li className="text-ink-soft">… ir dar {tree.warningCount - SHOWN_WARNINGS}.</li> : null}
        </ol>
      ) : null}
      <p className="mt-4 text-sm">
        <Link to={PAGE}>Uždaryti santrauką</Link>
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
  const hydrated = useHydrated();
  const toast = useToast();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [processing, setProcessing] = useState(false);

  function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return toast({ title: "Pasirinkite GEDCOM failą", variant: "error" });
    if (file.size > maxBytes)
      return toast({ title: `Failas per didelis: daugiausia ${Math.round(maxBytes / 1024 / 1024)} MB.`, variant: "error" });
    const codePage = new FormData(event.currentTarget).get("koduote");
    const request = new XMLHttpRequest();
    request.open("POST", `${PAGE}/importuoti?failas=${encodeURIComponent(file.name)}&koduote=${codePage}`);
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
          title:
            answer?.message ??
            (request.status === 413
              ? `Failas per didelis: daugiausia ${Math.round(maxBytes / 1024 / 1024)} MB.`
              : "Importuoti nepavyko dėl klaidos serveryje. Ji įrašyta serverio žurnale; praneškite svetainės prižiūrėtojui."),
          variant: "error",
        });
    };
    request.onerror = () => {
      setProgress(null);
      setProcessing(false);
      toast({ title: "Ryšys nutrūko, kol failas buvo siunčiamas. Patikrinkite interneto ryšį ir bandykite dar kartą.", variant: "error" });
    };
    setProgress(0);
    request.send(file);
  }

  const busy = progress !== null;
  return (
    <section aria-labelledby="importas" className="card p-6">
      <h2 id="importas" className="text-xl font-semibold">
        Importuoti GEDCOM
      </h2>
      <p className="mt-2 text-sm text-ink-soft">
        Failas .ged (GEDCOM 5.5, 5.5.1, 5.5.5, 7.0, 7.1) arba .gdz (GEDZIP su nuotraukomis).
        {hasTree ? " Naujas medis pakeis dabartinį tik jums patvirtinus." : ""}
      </p>
      <form method="post" encType="multipart/form-data" onSubmit={hydrated ? upload : undefined} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="import" />
        <FileInput ref={input} id="gedcom-file" name="gedcom" label="GEDCOM failas" accept=".ged,.gdz,.GED,.GDZ" />
        <div>
          <label htmlFor="koduote" className="field-label">
            Koduotė, kai failas jos nenurodo (CHAR ANSI)
          </label>
          <select id="koduote" name="koduote" defaultValue="auto" className="field-input">
            <option value="auto">Nustatyti automatiškai</option>
            <option value="1257">Windows-1257 (baltų kalbos)</option>
            <option value="1252">Windows-1252 (Vakarų Europos kalbos)</option>
          </select>
        </div>
        {busy ? (
          <div>
            <label htmlFor="gedcom-progress" className="field-label">
              {processing ? "Failas įkeltas, importuojama…" : `Įkeliama… ${Math.round((progress ?? 0) * 100)}%`}
            </label>
            <progress id="gedcom-progress" value={processing ? undefined : (progress ?? 0)} max={1} className="h-2 w-full accent-accent" />
          </div>
        ) : null}
        <button type="submit" className="btn-primary" disabled={busy}>
          Importuoti
        </button>
      </form>
    </section>
  );
}
