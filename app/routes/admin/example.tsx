import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/example";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { BackupError, keepBackup } from "#app/.server/backup/backup.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { EXAMPLE_TEXT_LABELS, exampleContent, exampleCount, removeExampleContent } from "#app/.server/seed/example.ts";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { plural } from "#app/lib/lithuanian.ts";

// The example family a new site starts with, listed as it still is, and
// removed in one confirmed step (a backup on the server first, one change in
// the history to undo it). The administrator's, like backups.
export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("administratorius")];

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "administratorius");
  const example = await exampleContent(services(context).db);
  return { example, texts: example.texts.map((field) => EXAMPLE_TEXT_LABELS[field]), count: exampleCount(example) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "administratorius");
  const { db, config, media } = services(context);
  const form = await request.formData();
  if (form.get("confirmed") !== "1") return refusal("exampleNotConfirmed");
  try {
    await keepBackup(db, config.database.kind, media, config.dataDir, "pries-pavyzdzio-salinima");
  } catch (error) {
    // A backup that could not be made (a file missing from the disk): nothing is removed.
    if (error instanceof BackupError) return refusal({ title: "Niekas nepašalinta", description: error.message, variant: "error" }, 500);
    throw error;
  }
  const changeId = await removeExampleContent(db, media, user);
  return redirectWithToast("/admin", changeId === null ? "exampleNothingLeft" : "exampleRemoved");
}

export default function ExampleContentPage({ loaderData: { example, texts, count }, actionData }: Route.ComponentProps) {
  const removing = useNavigation().state === "submitting";
  return (
    <>
      <PageTitle>Pavyzdinis turinys</PageTitle>
      <p className="mb-4 text-sm">
        <Link to="/admin">← Administravimas</Link>
      </p>
      <h1 className="text-3xl font-bold">Pavyzdinis turinys</h1>
      {count > 0 ? (
        <>
          <p className="mt-2 max-w-3xl text-ink-soft">
            Svetainė pradeda su pavyzdine gimine, kad būtų matyti, kaip ji atrodys. Čia – visa, kas iš jos dar liko. Tai, ką jau pakeitėte
            savaip, laikoma jūsų ir lieka.
          </p>
          <div className="mt-6 grid max-w-4xl gap-6 sm:grid-cols-2">
            {example.history ? (
              <Group title="Istorija">
                <li>„{example.history}“: vietoj jos liks tuščia istorija, kurią parašysite patys</li>
              </Group>
            ) : null}
            <Group title={`Nuotraukos (${example.photos.length})`} hidden={example.photos.length === 0}>
              {example.photos.map((photo) => (
                <li key={photo.id}>„{photo.title}“</li>
              ))}
            </Group>
            <Group title={`Dokumentai (${example.documents.length})`} hidden={example.documents.length === 0}>
              {example.documents.map((doc) => (
                <li key={doc.id}>„{doc.title}“</li>
              ))}
            </Group>
            <Group title={`Svečių knygos įrašai (${example.guestbook.length})`} hidden={example.guestbook.length === 0}>
              {example.guestbook.map((entry) => (
                <li key={entry.id}>{entry.name}</li>
              ))}
            </Group>
            <Group title={`Tekstai (${texts.length})`} hidden={texts.length === 0}>
              {texts.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </Group>
          </div>
          <section aria-labelledby="salinti" className="card mt-8 max-w-3xl border-red-300 p-6">
            <h2 id="salinti" className="text-xl font-semibold">
              Pašalinti visa tai vienu kartu
            </h2>
            <p className="mt-1 text-sm text-ink-soft">
              Prieš šalinant serveryje išsaugoma visos svetainės atsarginė kopija (duomenų aplanko „atsargines-kopijos“ poaplankyje).
              Pašalinimas įrašomas į pakeitimų istoriją kaip vienas pakeitimas: ten jį galite atšaukti, ir viskas grįš.
            </p>
            <FormAlert toast={actionData?.toast} />
            <Form method="post" className="mt-4 space-y-4">
              <label className="flex min-h-6 items-start gap-3">
                <input type="checkbox" name="confirmed" value="1" required />
                <span>Taip, pašalinti {plural(count, ["pavyzdinį įrašą", "pavyzdinius įrašus", "pavyzdinių įrašų"])}</span>
              </label>
              <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={removing}>
                {removing ? "Šalinama…" : "Pašalinti pavyzdinį turinį"}
              </button>
            </Form>
          </section>
        </>
      ) : (
        <p className="card mt-6 max-w-3xl p-6 text-ink-soft">
          Pavyzdinio turinio nebeliko: visa, kas svetainėje, – jūsų giminės. <Link to="/admin/pakeitimai">Pakeitimų istorija</Link>
        </p>
      )}
    </>
  );
}

function Group({ title, hidden = false, children }: { title: string; hidden?: boolean; children: ReactNode }) {
  if (hidden) return null;
  return (
    <section className="card p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">{children}</ul>
    </section>
  );
}
