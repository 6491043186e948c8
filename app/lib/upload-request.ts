import type { T } from "#app/i18n/intl.ts";
import { resolveToast, type Toast } from "./toasts.ts";

/** What an upload endpoint answered (gallery-upload.ts): the new item's id, or why not (and, for a refused form, each field's message). */
export type UploadAnswer = { ok: true; id: number } | { ok: false; toast: Toast; errors?: Record<string, string> };

/**
 * Posts a form with a file to an upload endpoint with XMLHttpRequest, which
 * (unlike fetch) reports the upload's progress, 0 to 1. Resolves with the
 * endpoint's JSON answer, or a toast for what is not one: the login page (the
 * session ended) or no answer at all. Never rejects.
 */
export function postUpload(endpoint: string, body: FormData, onProgress: (progress: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", endpoint);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answer = request.response as { ok?: boolean; id?: number; toast?: Toast; errors?: Record<string, string> } | null;
      if (answer?.ok && typeof answer.id === "number") resolve({ ok: true, id: answer.id });
      else if (answer?.toast) resolve({ ok: false, toast: answer.toast, ...(answer.errors ? { errors: answer.errors } : {}) });
      else resolve({ ok: false, toast: resolveToast(request.responseURL.endsWith("/login") ? "sessionExpired" : "uploadFailed") });
    };
    request.onerror = () => resolve({ ok: false, toast: resolveToast("uploadFailed") });
    request.send(body);
  });
}

/** A chosen file's size as the upload form shows it: '2,4 MB' from a megabyte up ('2.4 MB' in English), else whole kilobytes. */
export function fileSize(t: T, bytes: number): string {
  return bytes >= 1024 * 1024
    ? t("adminGallery.size.mb", { size: Math.round((bytes / 1024 / 1024) * 10) / 10 })
    : t("adminGallery.size.kb", { size: Math.ceil(bytes / 1024) });
}
