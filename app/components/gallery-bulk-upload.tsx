import { Fragment, useId, useRef, useState, type DragEvent } from "react";
import { Say, useT } from "#app/i18n/react.tsx";
import { useLocalized } from "#app/i18n/router.tsx";
import type { Values } from "#app/i18n/intl.ts";
import { useRevalidator } from "react-router";
import { MembersOnlyBox } from "./members-only.tsx";
import { useHydrated } from "./use-hydrated.ts";
import { BULK_UPLOAD_MAX_FILES, GALLERY_DESCRIPTION_MAX, GALLERY_TITLE_MAX, titleFromFileName } from "#app/lib/gallery.ts";
import { postUpload } from "#app/lib/upload-request.ts";

// Many photos at once (issue 18): the administrator drops or picks files;
// each goes to the gallery's upload endpoint on its own, one after another,
// with its own progress bar and its own result. A file the server refuses
// (not an image, too large, damaged) is reported by its name and the rest go
// on. Titles come from the file names and are edited afterwards in the list;
// the description and the audience are chosen once for the batch. The
// endpoint is named in the page's language, and answers in it.

type Status =
  | { state: "waiting" }
  | { state: "sending"; progress: number }
  | { state: "processing" }
  | { state: "added"; id: number }
  // A refusal's messages: the server's, said already, or this page's own ids with their values.
  | { state: "refused"; messages: readonly string[]; values?: Values };

interface Entry {
  key: number;
  file: File;
  title: string;
  status: Status;
}

/** Sends one file to the upload endpoint; its outcome as the row shows it. */
async function send(endpoint: string, fields: Record<string, string>, file: File, onProgress: (progress: number) => void): Promise<Status> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("image", file, file.name);
  const answer = await postUpload(endpoint, body, onProgress);
  if (answer.ok) return { state: "added", id: answer.id };
  // A refused form names what is wrong field by field (the file, the title, the album gone); else the toast says it.
  const messages = Object.values(answer.errors ?? {});
  return { state: "refused", messages: messages.length ? messages : [answer.toast.title], values: answer.toast.values };
}

export function GalleryBulkUpload({
  endpoint,
  maxBytes,
  albums,
}: {
  endpoint: string;
  maxBytes: number;
  /** The albums a batch may go into (the editor's list). */
  albums: { id: number; title: string }[];
}) {
  const t = useT();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [description, setDescription] = useState("");
  const [membersOnly, setMembersOnly] = useState(false);
  const [album, setAlbum] = useState("");
  const [running, setRunning] = useState(false);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<"adminGallery.bulk.tooMany" | "adminGallery.bulk.descriptionMissing" | null>(null);
  const ids = { input: useId(), description: useId(), list: useId(), album: useId() };
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;

  function add(files: FileList | File[]) {
    const chosen = [...files];
    if (chosen.length === 0) return;
    setProblem(null);
    setEntries((was) => {
      // What was already sent leaves the list; what waits stays.
      const kept = was.filter((entry) => entry.status.state === "waiting");
      const room = Math.max(0, BULK_UPLOAD_MAX_FILES - kept.length);
      if (chosen.length > room) setProblem("adminGallery.bulk.tooMany");
      return [
        ...kept,
        ...chosen.slice(0, room).map((file) => ({
          key: nextKey.current++,
          file,
          title: titleFromFileName(file.name),
          // Too large is known before sending: the server would refuse it all the same.
          status:
            file.size > maxBytes
              ? ({ state: "refused", messages: ["common.upload.tooLarge"], values: { max: mb } } as const)
              : ({ state: "waiting" } as const),
        })),
      ];
    });
    if (input.current) input.current.value = "";
  }

  function update(key: number, change: Partial<Entry>) {
    setEntries((was) => was.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }

  async function start() {
    if (!description.trim()) {
      setProblem("adminGallery.bulk.descriptionMissing");
      return;
    }
    setProblem(null);
    setRunning(true);
    for (const entry of entries.filter((e) => e.status.state === "waiting")) {
      const fields: Record<string, string> = { title: entry.title.trim() || titleFromFileName(entry.file.name), description };
      if (membersOnly) fields.membersOnly = "1";
      if (album) fields.album = album;
      update(entry.key, { status: { state: "sending", progress: 0 } });
      const status = await send(endpoint, fields, entry.file, (progress) =>
        update(entry.key, { status: progress < 1 ? { state: "sending", progress } : { state: "processing" } }),
      );
      update(entry.key, { status });
    }
    setRunning(false);
    await revalidator.revalidate();
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    if (!running) add(event.dataTransfer.files);
  }

  const waiting = entries.filter((e) => e.status.state === "waiting").length;
  const added = entries.filter((e) => e.status.state === "added").length;
  const refused = entries.filter((e) => e.status.state === "refused").length;
  const done = !running && entries.length > 0 && waiting === 0;

  return (
    <section aria-labelledby="daug-nuotrauku" className="card h-fit p-6">
      <h2 id="daug-nuotrauku" className="mb-2 text-xl font-semibold">
        {t("adminGallery.bulk.heading")}
      </h2>
      {!hydrated ? (
        <p className="text-sm text-ink-soft">{t("adminGallery.bulk.noScript")}</p>
      ) : (
        <div className="space-y-4">
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={onDrop}
            className={`rounded-md border-2 border-dashed p-4 text-center text-sm ${over ? "border-accent bg-accent-soft" : "border-line"}`}
          >
            <p className="mb-3 text-ink-soft">{t("adminGallery.bulk.drop")}</p>
            <input
              ref={input}
              id={ids.input}
              type="file"
              multiple
              accept="image/*,.tif,.tiff,.heic"
              className="peer sr-only"
              disabled={running}
              onChange={(event) => event.target.files && add(event.target.files)}
            />
            <label
              htmlFor={ids.input}
              className="btn-secondary cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-accent"
            >
              {t("adminGallery.bulk.choose")}
            </label>
          </div>
          <div>
            <label htmlFor={ids.description} className="field-label">
              {t("adminGallery.bulk.description")}
            </label>
            <textarea
              id={ids.description}
              rows={2}
              className="field-input"
              maxLength={GALLERY_DESCRIPTION_MAX}
              value={description}
              disabled={running}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <MembersOnlyBox checked={membersOnly} onChange={setMembersOnly} />
          {albums.length ? (
            <div>
              <label htmlFor={ids.album} className="field-label">
                {t("adminGallery.bulk.album")}
              </label>
              <select
                id={ids.album}
                className="field-input"
                value={album}
                disabled={running}
                onChange={(event) => setAlbum(event.target.value)}
              >
                <option value="">{t("adminGallery.bulk.noAlbum")}</option>
                {albums.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.title}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {problem ? (
            <p role="alert" className="text-sm text-red-800">
              {t(problem, { max: BULK_UPLOAD_MAX_FILES })}
            </p>
          ) : null}
          {entries.length ? (
            <ul id={ids.list} aria-label={t("adminGallery.bulk.files")} className="divide-y divide-line rounded-md border border-line">
              {entries.map((entry) => (
                <EntryRow key={entry.key} entry={entry} editable={!running} onTitle={(title) => update(entry.key, { title })} />
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className="btn-primary" disabled={running || waiting === 0} onClick={() => void start()}>
              {waiting ? t("adminGallery.bulk.uploadCount", { count: waiting }) : t("adminGallery.bulk.upload")}
            </button>
            <p role="status" className="text-sm">
              {running ? t("adminGallery.bulk.uploading") : done ? t("adminGallery.bulk.done", { added, total: added + refused }) : ""}
            </p>
          </div>
        </div>
      )}
    </section>
  );
}

function EntryRow({ entry, editable, onTitle }: { entry: Entry; editable: boolean; onTitle: (title: string) => void }) {
  const t = useT();
  const localized = useLocalized();
  const titleId = useId();
  const { status } = entry;
  return (
    <li className="space-y-1 p-3 text-sm" data-testid="bulk-entry">
      <p className="font-medium break-all">{entry.file.name}</p>
      {status.state === "waiting" ? (
        <div>
          <label htmlFor={titleId} className="sr-only">
            {t("adminGallery.bulk.titleOf", { name: entry.file.name })}
          </label>
          <input
            type="text"
            id={titleId}
            className="field-input py-1"
            maxLength={GALLERY_TITLE_MAX}
            value={entry.title}
            disabled={!editable}
            onChange={(event) => onTitle(event.target.value)}
          />
        </div>
      ) : (
        <p className="break-words">{entry.title}</p>
      )}
      {status.state === "sending" || status.state === "processing" ? (
        <progress
          value={status.state === "sending" ? status.progress : undefined}
          max={1}
          aria-label={t(status.state === "sending" ? "adminGallery.bulk.sending" : "adminGallery.bulk.processing", {
            name: entry.file.name,
          })}
          className="h-2 w-full accent-accent"
        />
      ) : null}
      {status.state === "added" ? (
        <p className="text-moss">
          {t.rich("adminGallery.bulk.added", { a: (chunks) => <a href={localized(`/galerija/${status.id}`)}>{chunks}</a> })}
        </p>
      ) : null}
      {status.state === "refused" ? (
        <p className="text-red-800" data-testid="bulk-error">
          {entry.file.name}:{" "}
          {status.messages.map((message, i) => (
            <Fragment key={i}>
              {i > 0 ? " " : null}
              <Say text={message} values={status.values} />
            </Fragment>
          ))}
        </p>
      ) : null}
    </li>
  );
}
