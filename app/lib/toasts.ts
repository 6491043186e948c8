// Every toast the site shows, in one place: its kind here, its words in the
// toast catalog (app/i18n/catalogs/toast.ts: 'toast.<key>.title', and
// '.description', '.note' where it has them). Actions name a toast by its key;
// the key travels in a short-lived cookie across the redirect that follows the
// action (see .server/platform/toast.ts), so the message appears with or
// without JavaScript, and the toaster says it in the page's language.

import { lt as TOAST_WORDS } from "#app/i18n/catalogs/toast.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import type { Values } from "#app/i18n/intl.ts";
import { PROPOSALS_PER_DAY } from "./proposals.ts";

export interface Toast {
  /** A message id ('toast.galleryAdded.title'), or a sentence already said. */
  title: string;
  description?: string;
  /** A further line under the description. */
  note?: string;
  /** The values the lines' messages name ({minutes}). */
  values?: Values;
  variant: "success" | "error" | "info";
}

export const TOASTS = {
  loginSuccess: "success",
  loginFailed: "error",
  loginMissingFields: "error",
  loginThrottled: "error",
  loggedOut: "info",
  historySaved: "success",
  historyRestored: "success",
  formInvalid: "error",
  guestbookMissingFields: "error",
  guestbookAdded: "success",
  exampleRemoved: "success",
  exampleNotConfirmed: "error",
  exampleNothingLeft: "info",
  galleryAdded: "success",
  galleryRemoved: "success",
  galleryUpdated: "success",
  galleryImageReplaced: "success",
  galleryOrderSaved: "success",
  galleryOrderStale: "error",
  galleryMissingFields: "error",
  galleryMissingImage: "error",
  galleryNoFile: "error",
  galleryPreviewFailed: "error",
  photoPersonAdded: "success",
  photoPersonRemoved: "success",
  portraitChosen: "success",
  portraitDropped: "success",
  galleryNotFound: "error",
  storyCreated: "success",
  storySaved: "success",
  storyRestored: "success",
  storyRemoved: "success",
  storyOrderSaved: "success",
  storyNotFound: "error",
  albumCreated: "success",
  albumSaved: "success",
  albumRemoved: "success",
  albumOrderSaved: "success",
  albumNotFound: "error",
  documentAdded: "success",
  documentUpdated: "success",
  documentRemoved: "success",
  documentNotFound: "error",
  documentLinked: "success",
  documentUnlinked: "success",
  uploadFailed: "error",
  sessionExpired: "error",
  guestbookRefused: "error",
  guestbookApproved: "success",
  guestbookHidden: "success",
  guestbookDeleted: "success",
  guestbookNotFound: "error",
  genealogyImported: "success",
  genealogyActivated: "success",
  genealogyDiscarded: "info",
  genealogyMerged: "success",
  genealogyMergeUndecided: "error",
  genealogyNoBase: "error",
  genealogyNotFound: "error",
  genealogyCutOff: "error",
  privacySaved: "success",
  homePersonSaved: "success",
  personSaved: "success",
  personRemoved: "success",
  personNotFound: "error",
  settingsSaved: "success",
  textsSaved: "success",
  passwordChanged: "success",
  accountRenamed: "success",
  sessionEnded: "success",
  passkeyLoginFailed: "error",
  passkeyBusy: "error",
  passwordChecksThrottled: "error",
  passkeyAdded: "success",
  passkeyRemoved: "success",
  invitationAccepted: "success",
  invitationRevoked: "success",
  invitationNotFound: "error",
  passwordReset: "success",
  roleChanged: "success",
  userDisabled: "success",
  userEnabled: "success",
  userRemoved: "success",
  userNotFound: "error",
  memorySent: "success",
  photoSent: "success",
  proposalSent: "success",
  proposalWithdrawn: "success",
  proposalApproved: "success",
  proposalRejected: "success",
  changeUndone: "success",
  changeNotFound: "error",
  changeUndoneAlready: "error",
  changeTreeGone: "error",
  changeChangedSince: "error",
  notifySaved: "success",
  loggedOutEverywhere: "info",
  photoPersonPhotoGone: "error",
  photoPersonNotInTree: "error",
  photoPersonAlreadyMarked: "error",
  albumPhotosGone: "error",
  proposalNotFound: "error",
  proposalDecided: "error",
  proposalUnknownKind: "error",
  proposalConflict: "error",
  proposalCap: "error",
} as const satisfies Record<string, Toast["variant"]>;

export type ToastKey = keyof typeof TOASTS;

/** A toast's line as a message id, where the catalog has it. */
function line(key: ToastKey, part: "title" | "description" | "note"): MessageId | undefined {
  const id = `toast.${key}.${part}`;
  return Object.hasOwn(TOAST_WORDS, id) ? (id as MessageId) : undefined;
}

/** A toast's title as a message id (a form's field may say the same). */
export function toastTitle(key: ToastKey): MessageId {
  return line(key, "title")!;
}

/** The toast for a key, its lines as message ids and the values they name. */
export function resolveToast(key: ToastKey, params: Record<string, string | number> = {}): Toast {
  return {
    title: toastTitle(key),
    description: line(key, "description"),
    note: line(key, "note"),
    values: { perDay: PROPOSALS_PER_DAY, ...params },
    variant: TOASTS[key],
  };
}

export function isToastKey(key: string): key is ToastKey {
  return Object.hasOwn(TOASTS, key);
}
