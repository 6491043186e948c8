import { useState } from "react";
import { Say, useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/documents";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import {
  addDocument,
  DOCUMENT_FORM,
  findDocument,
  listDocuments,
  removeDocument,
  updateDocument,
} from "#app/.server/documents/documents.ts";
import { discardReceived, readUploadForm, UploadRejected, uploadRefusal } from "#app/.server/media/intake.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { prepareScan, type PreparedMedia } from "#app/.server/media/pipeline.ts";
import { readForm, refusedField, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { refusedForm, useFocusFirstError, type RefusedForm } from "#app/components/fields.tsx";
import { FileInput } from "#app/components/file-input.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { MembersOnlyBadge, MembersOnlyBox } from "#app/components/members-only.tsx";
import { ConfirmRemovePanel, RemoveForm } from "#app/components/remove-form.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { shownDocumentYear } from "#app/lib/document-year.ts";
import { DOCUMENT_FIELD_MAX, DOCUMENT_FIELD_MESSAGES, DOCUMENT_TYPES, documentTypeName } from "#app/lib/documents.ts";
import { scanUrl } from "#app/lib/media.ts";
import { parseId } from "#app/lib/numbers.ts";

const PAGE = "/admin/dokumentai";

// Add mode and edit mode are in the URL: 'Redaguoti' links to ?redaguoti=ID,
// 'Atšaukti' back to the plain page. So both work without JavaScript too.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db } = services(context);
  const editId = parseId(new URL(request.url).searchParams.get("redaguoti"));
  const [documents, editing] = await Promise.all([listDocuments(db, MEMBERS), editId ? findDocument(db, editId) : null]);
  return { documents, editing };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db, media } = services(context);
  let upload;
  try {
    upload = await readUploadForm(request, media, "scan");
  } catch (error) {
    // Said here: the toaster (the root's) does not carry the administration's words.
    if (error instanceof UploadRejected) return refusal({ title: serverT(request)(uploadRefusal(error)), variant: "error" }, error.status);
    throw error;
  }
  const { form, file } = upload;
  const intent = form.get("intent");
  const id = parseId(form.get("id")) ?? 0;

  if (intent === "remove") {
    await discardReceived(file);
    if (form.get("confirmed") !== "1") {
      const doc = await findDocument(db, id);
      if (!doc) return refusal("documentNotFound", 404);
      return data({ confirmRemove: { id: doc.id, title: doc.title } });
    }
    if (!(await removeDocument(db, media, id, user))) return refusal("documentNotFound", 404);
    return redirectWithToast(PAGE, "documentRemoved");
  }

  if (intent !== "add" && intent !== "update") {
    await discardReceived(file);
    throw data(serverT(request)("adminGallery.error.unknownAction"), { status: 400 });
  }
  // What was typed comes back with a refusal, so nothing has to be typed again (only the file is chosen again).
  const read = readForm(form, DOCUMENT_FORM);
  if (!read.ok) {
    await discardReceived(file);
    return refuseForm(read);
  }
  let scan: PreparedMedia | null = null;
  try {
    if (file) scan = await prepareScan(media, file);
  } catch (error) {
    if (error instanceof UploadRejected) return refuseForm(refusedField(read.typed, "scan", serverT(request)(uploadRefusal(error))));
    throw error;
  } finally {
    await discardReceived(file);
  }

  const { removeScan, ...fields } = read.value;
  if (intent === "add") {
    await addDocument(db, media, fields, scan, user);
    return redirectWithToast(PAGE, "documentAdded");
  }
  const change = scan ? { replace: scan } : removeScan ? ({ remove: true } as const) : null;
  if (!(await updateDocument(db, media, id, fields, change, user))) return refusal("documentNotFound", 404);
  return redirectWithToast(PAGE, "documentUpdated");
}

export default function DocumentsEditor({ loaderData: { documents, editing }, actionData }: Route.ComponentProps) {
  const t = useT();
  const confirmRemove = actionData && "confirmRemove" in actionData ? actionData.confirmRemove : null;
  const refused = actionData && "toast" in actionData ? actionData : null;
  return (
    <>
      <PageTitle>{t("adminGallery.documents.title")}</PageTitle>
      <h1 className="mb-2 text-3xl font-bold">{t("adminGallery.documents.title")}</h1>
      <p className="mb-6 text-sm">
        <Link to="/admin/pakeitimai?tema=document">{t("adminGallery.changeHistory")}</Link>
      </p>
      <FormAlert toast={refused?.toast} />
      {confirmRemove ? (
        <ConfirmRemovePanel
          id={confirmRemove.id}
          question={t("adminGallery.documents.removeQuestion", { title: confirmRemove.title })}
          detail={t("adminGallery.documents.removeDetail")}
          cancelTo={PAGE}
        />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {/* A new key starts the form afresh: for each document edited, and after an
            add (the list grows), so a saved document's values do not linger. */}
        <DocumentForm key={`${editing?.id ?? "naujas"}-${documents.length}`} editing={editing} refused={refusedForm(actionData)} />
        <DocumentList documents={documents} editingId={editing?.id} />
      </div>
    </>
  );
}

type Doc = Route.ComponentProps["loaderData"]["documents"][number];
type Fields = Pick<Doc, "title" | "person" | "year" | "type">;
const FIELD_ORDER = ["title", "person", "year", "type", "scan"];

function DocumentForm({ editing, refused }: { editing: Doc | null; refused?: RefusedForm }) {
  const t = useT();
  const hydrated = useHydrated();
  const saving = useNavigation().state === "submitting";
  const typed = refused?.typed;
  const errors = refused?.errors;
  // What was typed when the server refused it, else the document edited (or nothing, for a new one).
  const [fields, setFields] = useState<Fields>(() => {
    const start = (name: keyof Fields) => typed?.[name] ?? editing?.[name] ?? "";
    return { title: start("title"), person: start("person"), year: start("year"), type: start("type") };
  });
  useFocusFirstError(errors, refused?.toast.id, FIELD_ORDER);
  const complete = Object.values(fields).every((v) => v.trim() !== "");
  const membersOnly = typed ? typed.membersOnly === "1" : (editing?.membersOnly ?? false);
  const input = (name: keyof Fields, hint: string | null, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => {
    const error = errors?.[name];
    const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
    return (
      <div>
        <label htmlFor={name} className="field-label">
          {t(DOCUMENT_FIELD_MESSAGES[name])}
        </label>
        <input
          type="text"
          id={name}
          name={name}
          value={fields[name]}
          maxLength={DOCUMENT_FIELD_MAX[name]}
          onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
          className="field-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...extra}
        />
        {hint ? (
          <p id={`${name}-hint`} className="mt-1 text-sm text-ink-soft">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${name}-error`} className="mt-1 text-sm text-red-800">
            <Say text={error} />
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <section aria-labelledby="dokumento-forma" className="card h-fit p-6">
      <h2 id="dokumento-forma" className="mb-4 text-xl font-semibold">
        {editing ? t("adminGallery.documents.editing", { title: editing.title }) : t("adminGallery.documents.new")}
      </h2>
      {/* noValidate: the server's Lithuanian message, not the browser's, says what is wrong. */}
      <Form method="post" encType="multipart/form-data" noValidate className="space-y-4">
        <input type="hidden" name="intent" value={editing ? "update" : "add"} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {input("title", null)}
        {input("person", null)}
        {input("year", t("adminGallery.documents.yearHint"), { inputMode: "text" })}
        {input("type", t("adminGallery.documents.typeHint"), { list: "document-types" })}
        <datalist id="document-types">
          {/* The type is kept as the Lithuanian word (the public list says it in each language); an English page names it too. */}
          {DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type} label={t.locale === "lt" ? undefined : documentTypeName(t, type)} />
          ))}
        </datalist>
        <MembersOnlyBox defaultChecked={membersOnly} />
        <fieldset className="space-y-2">
          <legend className="field-label">{t("adminGallery.documents.scanLegend")}</legend>
          {editing?.scan ? (
            <p className="flex flex-wrap items-center gap-3 text-sm">
              <a href={scanUrl(editing.scan)}>
                {t(editing.scan.kind === "pdf" ? "adminGallery.documents.currentScanPdf" : "adminGallery.documents.currentScan")}
              </a>
              <label className="inline-flex items-center gap-2">
                <input type="checkbox" name="removeScan" value="1" defaultChecked={typed?.removeScan === "1"} />
                {` ${t("adminGallery.documents.removeScan")}`}
              </label>
            </p>
          ) : null}
          <FileInput
            id="scan"
            name="scan"
            accept="application/pdf,image/*,.tif,.tiff"
            label={t(editing?.scan ? "adminGallery.documents.newScanFile" : "adminGallery.documents.scanFile")}
            aria-invalid={errors?.scan ? true : undefined}
            aria-describedby={errors?.scan ? "scan-error" : undefined}
          />
          {errors?.scan ? (
            <p id="scan-error" className="text-sm text-red-800">
              <Say text={errors.scan} />
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={(hydrated && !complete) || saving}>
            {t(editing ? "adminGallery.documents.saveChanges" : "adminGallery.documents.add")}
          </button>
          {editing ? (
            <Link to={PAGE} className="btn-secondary">
              {t("adminGallery.cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

function DocumentList({ documents, editingId }: { documents: Doc[]; editingId: number | undefined }) {
  const t = useT();
  if (documents.length === 0) {
    return <p className="card h-fit p-6 text-ink-soft">{t("adminGallery.documents.empty")}</p>;
  }
  return (
    <section aria-labelledby="dokumentai">
      <h2 id="dokumentai" className="mb-3 text-xl font-semibold">
        {t("adminGallery.documents.heading", { count: documents.length })}
      </h2>
      <ul className="space-y-3">
        {documents.map((doc) => (
          <li
            key={doc.id}
            data-testid="document-row"
            className={`card flex flex-wrap items-start gap-3 p-4 ${doc.id === editingId ? "border-accent ring-2 ring-accent/30" : ""}`}
          >
            <div className="min-w-0 flex-1 basis-48">
              <p className="font-semibold break-words">
                <span lang="lt">{doc.title}</span>
                {doc.membersOnly ? <MembersOnlyBadge /> : null}
              </p>
              <p className="text-sm text-ink-soft break-words">
                {doc.person} · {shownDocumentYear(doc.year, t.locale)} · {documentTypeName(t, doc.type)}
              </p>
              {doc.scan ? (
                <a href={scanUrl(doc.scan)} className="tap text-sm">
                  {t(doc.scan.kind === "pdf" ? "adminGallery.documents.scanPdf" : "adminGallery.documents.scan")}
                </a>
              ) : null}
            </div>
            <div className="ml-auto flex items-center gap-2">
              <Link to={`?redaguoti=${doc.id}`} className="btn-secondary" aria-label={t("adminGallery.editLabel", { title: doc.title })}>
                {t("adminGallery.edit")}
              </Link>
              <RemoveForm id={doc.id} question={t("adminGallery.documents.removeQuestion", { title: doc.title })}>
                <button
                  type="submit"
                  className="btn border border-red-200 bg-paper text-red-800 hover:bg-red-50"
                  aria-label={t("adminGallery.removeLabel", { title: doc.title })}
                >
                  {t("adminGallery.remove")}
                </button>
              </RemoveForm>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
