import { SEED_HISTORY } from "#app/.server/seed/seed.ts";
import { HISTORY_FIELD_LABELS, HISTORY_FIELD_MAX_LENGTH, HISTORY_FIELDS } from "#app/lib/history.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { TEXT_FIELDS, type TextField } from "#app/lib/site.ts";
import { formRefusalTests } from "./form-posts.ts";
import { useSite } from "./site.ts";

// The site's texts and settings, read by the one form reader (form-posts.ts says what is checked).

const site = useSite();

/** A text field's limit as the Lithuanian page says it (its label is a message). */
const limit = (field: TextField) => ({ label: serverT("lt")(TEXT_FIELDS[field].label), max: TEXT_FIELDS[field].max });

formRefusalTests(site, [
  {
    name: "the dashboard's settings",
    action: "/admin?index",
    valid: { familyName: "Jonaičių giminė", contactEmail: "jonaiciai@pastas.lt" },
    limits: { familyName: limit("familyName"), contactEmail: limit("contactEmail") },
    empty: { familyName: "Laukas „Giminės pavadinimas“ privalomas.", contactEmail: "Laukas „Kontaktinis el. paštas“ privalomas." },
    // (Not the content version: every editor's post changes it, refused or not.)
    stored: (s) => s.db().selectFrom("settings").selectAll().where("key", "!=", "content_version").orderBy("key").execute(),
  },
  {
    name: "the history editor",
    action: "/admin/istorija",
    valid: Object.fromEntries(HISTORY_FIELDS.map((field) => [field, SEED_HISTORY[field]])),
    limits: Object.fromEntries(
      HISTORY_FIELDS.map((field) => [field, { label: HISTORY_FIELD_LABELS[field], max: HISTORY_FIELD_MAX_LENGTH[field] }]),
    ),
    empty: { title: "Įrašykite pavadinimą." },
    stored: (s) => s.db().selectFrom("historyRevisions").select(["id", "title"]).execute(),
  },
]);
