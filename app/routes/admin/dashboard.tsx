import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard";
import { firstRunChecklist } from "#app/.server/dashboard/checklist.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { waitingCounts } from "#app/.server/accounts/notifications.ts";
import { getSiteSettings, saveSiteTexts } from "#app/.server/site-texts/settings.ts";
import { redirectWithToast } from "#app/.server/platform/toast.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { SETTINGS_FORM } from "#app/.server/site-texts/form.ts";
import { Field, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { plural } from "#app/lib/lithuanian.ts";
import { atLeast } from "#app/lib/roles.ts";
import { EMAIL_TOKEN, TEXT_FIELDS } from "#app/lib/site.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const user = requireRole(context, "redaktorius");
  // Settings, backups and the first-run checklist are the administrator's; an editor sees the editors.
  const isAdmin = atLeast(user.role, "administratorius");
  const [settings, waiting, checklist] = await Promise.all([
    getSiteSettings(db),
    waitingCounts(db),
    isAdmin ? firstRunChecklist(db, user.id) : [],
  ]);
  return { username: user.username, isAdmin, settings, pending: waiting.guestbook, proposals: waiting.proposals, checklist };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The family's name and address are settings: the administrator's.
  const user = requireRole(context, "administratorius");
  const read = readForm(await request.formData(), SETTINGS_FORM);
  if (!read.ok) return refuseForm(read);
  await saveSiteTexts(services(context).db, user, "nustatymai", read.value);
  return redirectWithToast("/admin", "settingsSaved");
}

const EDITORS = [
  {
    to: "/admin/tekstai",
    title: "Svetainės tekstai",
    text: "Pradžios, medžio, „Apie“ ir kitų puslapių tekstai, nuotrauka pradžios puslapyje.",
  },
  {
    to: "/admin/istorija",
    title: "Istorijos redaktorius",
    text: "Redaguokite giminės istorijos tekstą ir peržiūrėkite ankstesnes versijas.",
  },
  {
    to: "/admin/istorija/pasakojimai",
    title: "Pasakojimai",
    text: "Rašykite istorijos pasakojimus su nuotraukomis ir minimais žmonėmis, skelbkite ir rikiuokite juos.",
  },
  { to: "/admin/galerija", title: "Galerijos redaktorius", text: "Pridėkite, pašalinkite ir rikiuokite nuotraukas." },
  { to: "/admin/dokumentai", title: "Dokumentų redaktorius", text: "Pridėkite, taisykite ir šalinkite dokumentus." },
  {
    to: "/admin/medis",
    title: "Giminės medis",
    text: "Importuokite ir eksportuokite GEDCOM failus.",
    // Importing is the administrator's: an editor corrects people and downloads the tree.
    editorText: "Taisykite asmenis ir atsisiųskite GEDCOM failus.",
  },
];

export default function Dashboard({
  loaderData: { username, isAdmin, settings, pending, proposals, checklist },
  actionData,
}: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Administravimas</PageTitle>
      <h1 className="text-3xl font-bold">Sveiki, {username}!</h1>
      <p className="mt-2 text-ink-soft">Čia galite tvarkyti svetainės turinį. Pakeitimai lankytojams matomi iš karto.</p>
      {checklist.length > 0 ? <Checklist steps={checklist} /> : null}
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {EDITORS.map((editor) => (
          <li key={editor.to}>
            <Link to={editor.to} className="card flex h-full flex-col p-6 no-underline hover:shadow-md">
              <h2 className="text-xl font-semibold text-ink">{editor.title}</h2>
              <p className="mt-2 text-ink-soft">{isAdmin ? editor.text : (editor.editorText ?? editor.text)}</p>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/admin/perziura"
        className={`card mt-6 flex flex-wrap items-center justify-between gap-3 p-5 no-underline hover:shadow-md ${proposals > 0 ? "border-accent" : ""}`}
      >
        <span>
          <span className="block text-lg font-semibold text-ink">Narių pasiūlymai</span>
          <span className="text-ink-soft">
            {proposals > 0
              ? `Laukia peržiūros: ${plural(proposals, ["pasiūlymas", "pasiūlymai", "pasiūlymų"])}.`
              : "Naujų pasiūlymų, laukiančių peržiūros, nėra."}
          </span>
        </span>
        <span className="btn-secondary">Peržiūrėti</span>
      </Link>
      <Link
        to="/admin/sveciai"
        className={`card mt-6 flex flex-wrap items-center justify-between gap-3 p-5 no-underline hover:shadow-md ${pending > 0 ? "border-accent" : ""}`}
      >
        <span>
          <span className="block text-lg font-semibold text-ink">Svečių knyga</span>
          <span className="text-ink-soft">
            {pending > 0
              ? `Laukia patvirtinimo: ${plural(pending, ["įrašas", "įrašai", "įrašų"])}.`
              : "Naujų įrašų, laukiančių patvirtinimo, nėra."}
          </span>
        </span>
        <span className="btn-secondary">Peržiūrėti</span>
      </Link>
      {isAdmin ? <BackupCard /> : null}
      {isAdmin ? (
        <p className="mt-4">
          <Link to="/admin/pranesimai">Pranešimai el. paštu apie naujus pasiūlymus ir įrašus →</Link>
          <br />
          <Link to="/admin/pakeitimai">Visos svetainės pakeitimų istorija →</Link>
        </p>
      ) : null}
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/">Į viešą svetainę →</Link>
        <Link to="/paskyra">Jūsų paskyra</Link>
      </p>

      {isAdmin ? <SettingsForm key={actionData?.toast.id ?? "saved"} settings={settings} refused={actionData} /> : null}
    </>
  );
}

function BackupCard() {
  return (
    <section aria-labelledby="kopija" className="card mt-6 p-5">
      <h2 id="kopija" className="text-lg font-semibold">
        Atsarginė kopija
      </h2>
      <p className="mt-1 text-ink-soft">
        Vienas failas su visu svetainės turiniu ir visomis įkeltomis nuotraukomis bei skenais. Laikykite jį saugioje vietoje.
      </p>
      <a href="/admin/atsargine-kopija" download className="btn-secondary mt-3">
        Atsisiųsti atsarginę kopiją
      </a>
    </section>
  );
}

/** What is left of a new installation's example content, each with a link to where it is done. */
function Checklist({ steps }: { steps: Route.ComponentProps["loaderData"]["checklist"] }) {
  return (
    <section aria-labelledby="pradzia" className="card mt-8 border-accent p-6">
      <h2 id="pradzia" className="text-xl font-semibold">
        Paruoškite svetainę savo giminei
      </h2>
      <p className="mt-1 text-ink-soft">
        Liko {plural(steps.length, ["žingsnis", "žingsniai", "žingsnių"])}. Atliktas žingsnis iš sąrašo dingsta.
      </p>
      <ol className="mt-4 space-y-2">
        {steps.map((step) => (
          <li key={step.id} data-step={step.id} className="flex items-start gap-3">
            <span aria-hidden className="mt-1.5 inline-block size-3 shrink-0 rounded-full border-2 border-accent" />
            <span>
              <Link to={step.to}>{step.title}</Link>
              {step.detail ? <span className="block text-sm text-ink-soft">{step.detail}</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

interface SettingsFormProps {
  settings: Route.ComponentProps["loaderData"]["settings"];
  refused: Route.ComponentProps["actionData"];
}

function SettingsForm({ settings, refused }: SettingsFormProps) {
  const errors: Partial<Record<string, string>> | undefined = refused?.errors;
  const values = refused?.typed ?? settings;
  const saving = useNavigation().formAction === "/admin?index";
  useFocusFirstError(errors, refused?.toast.id, ["familyName", "contactEmail"]);
  return (
    <section aria-labelledby="nustatymai" className="card mt-10 max-w-xl p-6">
      <h2 id="nustatymai" className="text-xl font-semibold">
        Svetainės nustatymai
      </h2>
      <FormAlert toast={refused?.toast} />
      {/* noValidate: the server's Lithuanian message, not the browser's, says what is wrong. */}
      <Form method="post" noValidate className="mt-4 space-y-4">
        <Field
          id="familyName"
          label="Giminės pavadinimas (rodomas antraštėje)"
          defaultValue={values.familyName}
          required
          maxLength={TEXT_FIELDS.familyName.max}
          error={errors?.familyName}
        />
        <Field
          id="contactEmail"
          type="email"
          label="Kontaktinis el. paštas"
          hint={`Rodomas poraštėje ir tekstuose, kur įrašyta „${EMAIL_TOKEN}“.`}
          defaultValue={values.contactEmail}
          required
          maxLength={TEXT_FIELDS.contactEmail.max}
          error={errors?.contactEmail}
        />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saugoma…" : "Išsaugoti nustatymus"}
        </button>
      </Form>
    </section>
  );
}
