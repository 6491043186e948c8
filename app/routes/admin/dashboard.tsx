import { data, Form, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { requireAdmin, services } from "../../.server/context.ts";
import { countPendingEntries } from "../../.server/guestbook.ts";
import { getSiteSettings, updateSiteSettings } from "../../.server/settings.ts";
import { redirectWithToast } from "../../.server/toast.ts";
import { PageTitle } from "../../components/page.tsx";
import { plural } from "../../lib/lithuanian.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const [settings, pending] = await Promise.all([getSiteSettings(db), countPendingEntries(db)]);
  return { username: requireAdmin(context).username, settings, pending };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const form = await request.formData();
  const familyName = String(form.get("familyName") ?? "").trim();
  const contactEmail = String(form.get("contactEmail") ?? "").trim();
  const errors: { familyName?: string; contactEmail?: string } = {};
  if (!familyName || familyName.length > 100) errors.familyName = "Įrašykite giminės pavadinimą (iki 100 simbolių).";
  if (!EMAIL.test(contactEmail) || contactEmail.length > 200) errors.contactEmail = "Įrašykite teisingą el. pašto adresą.";
  if (errors.familyName || errors.contactEmail) return data({ errors }, { status: 400 });
  await updateSiteSettings(services(context).db, { familyName, contactEmail });
  return redirectWithToast("/admin", "settingsSaved");
}

const EDITORS = [
  {
    to: "/admin/istorija",
    title: "Istorijos redaktorius",
    text: "Redaguokite giminės istorijos tekstą ir peržiūrėkite ankstesnes versijas.",
  },
  { to: "/admin/galerija", title: "Galerijos redaktorius", text: "Pridėkite, pašalinkite ir rikiuokite nuotraukas." },
  { to: "/admin/dokumentai", title: "Dokumentų redaktorius", text: "Pridėkite, taisykite ir šalinkite dokumentus." },
  { to: "/admin/medis", title: "Giminės medis", text: "Importuokite ir eksportuokite GEDCOM failus." },
];

export default function Dashboard({ loaderData: { username, settings, pending }, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors;
  return (
    <>
      <PageTitle>Administravimas</PageTitle>
      <h1 className="text-3xl font-bold">Sveiki, {username}!</h1>
      <p className="mt-2 text-ink-soft">Čia galite tvarkyti svetainės turinį. Pakeitimai lankytojams matomi iš karto.</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {EDITORS.map((editor) => (
          <li key={editor.to}>
            <Link to={editor.to} className="card flex h-full flex-col p-6 no-underline hover:shadow-md">
              <h2 className="text-xl font-semibold text-ink">{editor.title}</h2>
              <p className="mt-2 text-ink-soft">{editor.text}</p>
            </Link>
          </li>
        ))}
      </ul>
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
      <p className="mt-6">
        <Link to="/">Į viešą svetainę →</Link>
      </p>

      <section aria-labelledby="nustatymai" className="card mt-10 max-w-xl p-6">
        <h2 id="nustatymai" className="text-xl font-semibold">
          Svetainės nustatymai
        </h2>
        <Form method="post" className="mt-4 space-y-4">
          <div>
            <label htmlFor="familyName" className="field-label">
              Giminės pavadinimas (rodomas antraštėje)
            </label>
            <input
              id="familyName"
              name="familyName"
              defaultValue={settings.familyName}
              required
              maxLength={100}
              className="field-input"
              aria-invalid={Boolean(errors?.familyName)}
              aria-describedby={errors?.familyName ? "familyName-error" : undefined}
            />
            {errors?.familyName ? (
              <p id="familyName-error" className="mt-1 text-sm text-red-800">
                {errors.familyName}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="contactEmail" className="field-label">
              Kontaktinis el. paštas
            </label>
            <input
              id="contactEmail"
              name="contactEmail"
              type="email"
              defaultValue={settings.contactEmail}
              required
              maxLength={200}
              className="field-input"
              aria-invalid={Boolean(errors?.contactEmail)}
              aria-describedby={errors?.contactEmail ? "contactEmail-error" : undefined}
            />
            {errors?.contactEmail ? (
              <p id="contactEmail-error" className="mt-1 text-sm text-red-800">
                {errors.contactEmail}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary">
            Išsaugoti nustatymus
          </button>
        </Form>
      </section>
    </>
  );
}
