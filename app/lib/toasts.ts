// Every toast the site shows, in one place. Actions name a toast by its key;
// the key travels in a short-lived cookie across the redirect that follows the
// action (see .server/platform/toast.ts), so the message appears with or without JavaScript.

import { PROPOSALS_PER_DAY } from "./proposals.ts";

export interface Toast {
  title: string;
  description?: string;
  /** A further line under the description. */
  note?: string;
  variant: "success" | "error" | "info";
}

export const TOASTS = {
  loginSuccess: { title: "Sėkmingai prisijungėte!", variant: "success" },
  loginFailed: { title: "Neteisingas vartotojo vardas arba slaptažodis", variant: "error" },
  loginMissingFields: { title: "Klaida!", description: "Įveskite vartotojo vardą ir slaptažodį.", variant: "error" },
  loginThrottled: {
    title: "Per daug nesėkmingų bandymų prisijungti",
    description: "Prisijungimas laikinai užblokuotas. Bandykite dar kartą po {minutes} min.",
    variant: "error",
  },
  loggedOut: { title: "Atsijungėte", description: "Sesija baigta.", variant: "info" },
  historySaved: { title: "Istorijos duomenys sėkmingai išsaugoti!", variant: "success" },
  historyRestored: { title: "Ankstesnė versija atkurta", description: "Lankytojai jau mato atkurtą tekstą.", variant: "success" },
  formInvalid: { title: "Klaida!", description: "Patikrinkite pažymėtus laukus.", variant: "error" },
  guestbookMissingFields: { title: "Klaida!", description: "Užpildykite visus privalomus laukus.", variant: "error" },
  guestbookAdded: {
    title: "Įrašas pridėtas!",
    description: "Jūsų žinutė buvo sėkmingai išsaugota svečių knygoje.",
    note: "Ji bus paskelbta, kai administratorius ją peržiūrės.",
    variant: "success",
  },
  exampleRemoved: {
    title: "Pavyzdinis turinys pašalintas",
    description: "Prieš tai serveryje išsaugota atsarginė kopija; pašalinimą galite atšaukti pakeitimų istorijoje.",
    variant: "success",
  },
  exampleNotConfirmed: {
    title: "Niekas nepašalinta",
    description: "Pažymėkite, kad tikrai norite pašalinti pavyzdinį turinį.",
    variant: "error",
  },
  exampleNothingLeft: { title: "Pavyzdinio turinio nebeliko", variant: "info" },
  galleryAdded: { title: "Nuotrauka sėkmingai pridėta!", variant: "success" },
  galleryRemoved: { title: "Nuotrauka pašalinta!", variant: "success" },
  galleryUpdated: { title: "Nuotraukos aprašymas atnaujintas!", variant: "success" },
  galleryImageReplaced: { title: "Nuotrauka pakeista", description: "Ankstesnę galite grąžinti pakeitimų istorijoje.", variant: "success" },
  galleryOrderSaved: { title: "Visos nuotraukos išsaugotos!", variant: "success" },
  galleryOrderStale: {
    title: "Tvarka neišsaugota",
    description: "Galerija ką tik pasikeitė. Atnaujinkite puslapį ir surikiuokite dar kartą.",
    variant: "error",
  },
  galleryMissingFields: { title: "Prašome užpildyti visus laukus", variant: "error" },
  galleryMissingImage: { title: "Prašome pasirinkti nuotrauką", variant: "error" },
  galleryNoFile: { title: "Nepasirinkta nuotrauka", variant: "error" },
  galleryPreviewFailed: {
    title: "Nepavyko sukurti nuotraukos peržiūros",
    description: "Naršyklė šio failo parodyti negali. Jei tai nuotrauka (pvz., TIFF), ją vis tiek galima įkelti.",
    variant: "error",
  },
  photoPersonAdded: { title: "Pažymėta nuotraukoje!", variant: "success" },
  photoPersonRemoved: { title: "Žymė pašalinta.", variant: "success" },
  portraitChosen: { title: "Portretas pasirinktas!", description: "Jis rodomas asmens puslapyje.", variant: "success" },
  portraitDropped: { title: "Portreto atsisakyta.", variant: "success" },
  galleryNotFound: { title: "Tokios nuotraukos nebėra", description: "Galbūt ji jau pašalinta.", variant: "error" },
  storyCreated: {
    title: "Pasakojimas sukurtas!",
    description: "Tai juodraštis: lankytojai jį pamatys, kai paskelbsite.",
    variant: "success",
  },
  storySaved: { title: "Pasakojimas išsaugotas!", variant: "success" },
  storyRestored: {
    title: "Ankstesnė versija atkurta",
    description: "Pasakojimo tekstas toks, koks buvo toje versijoje.",
    variant: "success",
  },
  storyRemoved: { title: "Pasakojimas pašalintas.", description: "Jį galima sugrąžinti pakeitimų istorijoje.", variant: "success" },
  storyOrderSaved: { title: "Pasakojimų tvarka išsaugota!", variant: "success" },
  storyNotFound: { title: "Tokio pasakojimo nebėra", description: "Galbūt jis jau pašalintas.", variant: "error" },
  albumCreated: { title: "Albumas sukurtas!", description: "Dabar pažymėkite jo nuotraukas.", variant: "success" },
  albumSaved: { title: "Albumas išsaugotas!", variant: "success" },
  albumRemoved: { title: "Albumas pašalintas.", description: "Jo nuotraukos liko galerijoje.", variant: "success" },
  albumOrderSaved: { title: "Albumų tvarka išsaugota!", variant: "success" },
  albumNotFound: { title: "Tokio albumo nebėra", description: "Galbūt jis jau pašalintas.", variant: "error" },
  documentAdded: { title: "Dokumentas sėkmingai pridėtas!", variant: "success" },
  documentUpdated: { title: "Dokumentas atnaujintas!", variant: "success" },
  documentRemoved: { title: "Dokumentas pašalintas!", variant: "success" },
  documentNotFound: { title: "Tokio dokumento nebėra", description: "Galbūt jis jau pašalintas.", variant: "error" },
  documentLinked: { title: "Dokumentas susietas su nuotrauka!", variant: "success" },
  documentUnlinked: { title: "Dokumentas atsietas.", variant: "success" },
  uploadFailed: { title: "Nepavyko apdoroti nuotraukos. Bandykite dar kartą.", variant: "error" },
  sessionExpired: { title: "Sesija baigėsi", description: "Prisijunkite iš naujo ir pakartokite veiksmą.", variant: "error" },
  guestbookRefused: {
    title: "Žinutė neišsaugota",
    description: "Atsiprašome, šios žinutės priimti negalime. Pabandykite vėliau arba parašykite mums el. paštu.",
    variant: "error",
  },
  guestbookApproved: { title: "Įrašas patvirtintas", description: "Jis jau matomas svečių knygoje.", variant: "success" },
  guestbookHidden: { title: "Įrašas paslėptas", description: "Lankytojai jo nebemato.", variant: "success" },
  guestbookDeleted: { title: "Įrašas ištrintas", variant: "success" },
  guestbookNotFound: { title: "Tokio įrašo nebėra", description: "Galbūt jis jau ištrintas.", variant: "error" },
  genealogyImported: { title: "Giminės medis importuotas", description: "Peržiūrėkite importo santrauką.", variant: "success" },
  genealogyActivated: {
    title: "Giminės medis pakeistas",
    description: "Ankstesnis medis išsaugotas kaip atsarginė kopija.",
    variant: "success",
  },
  genealogyDiscarded: { title: "Importas atmestas", description: "Dabartinis medis nepakeistas.", variant: "info" },
  genealogyMerged: {
    title: "Failas sujungtas su svetainės medžiu",
    description: "Failo pakeitimai pritaikyti, svetainės pakeitimai išliko. Ankstesnis medis išsaugotas kaip atsarginė kopija.",
    variant: "success",
  },
  genealogyMergeUndecided: {
    title: "Ne visi konfliktai išspręsti",
    description: "Kiekvienam konfliktui pasirinkite, kurią reikšmę palikti. Medis nepakeistas.",
    variant: "error",
  },
  genealogyNoBase: {
    title: "Sujungti negalima",
    description:
      "Dabartinis medis importuotas, kai svetainė dar nesaugojo importuoto failo. Pakeiskite medį: kitas importas jau bus sujungiamas.",
    variant: "error",
  },
  genealogyNotFound: { title: "Tokio medžio nebėra", variant: "error" },
  genealogyCutOff: {
    title: "Medis nepaskelbtas",
    description: "Failas nutrūkęs: pažymėkite, kad vis tiek norite skelbti nepilną medį.",
    variant: "error",
  },
  privacySaved: { title: "Privatumo nustatymas išsaugotas", variant: "success" },
  homePersonSaved: { title: "Medžio pradžia išsaugota", variant: "success" },
  personSaved: { title: "Asmens duomenys išsaugoti", variant: "success" },
  personRemoved: { title: "Asmuo pašalintas iš giminės medžio", variant: "success" },
  personNotFound: { title: "Tokio asmens nėra", variant: "error" },
  settingsSaved: { title: "Svetainės nustatymai išsaugoti!", variant: "success" },
  textsSaved: { title: "Tekstai išsaugoti!", description: "Lankytojai juos jau mato.", variant: "success" },
  passwordChanged: { title: "Slaptažodis pakeistas", description: "Kiti prisijungimai baigti.", variant: "success" },
  accountRenamed: { title: "Vartotojo vardas pakeistas", description: "Kitą kartą prisijunkite nauju vardu.", variant: "success" },
  sessionEnded: { title: "Prisijungimas baigtas", description: "Tas įrenginys atjungtas.", variant: "success" },
  passkeyLoginFailed: { title: "Prisijungti nepavyko", description: "Šis prisijungimo raktas neatpažintas.", variant: "error" },
  passkeyAdded: {
    title: "Prisijungimo raktas pridėtas",
    description: "Kitą kartą galite prisijungti be slaptažodžio.",
    variant: "success",
  },
  passkeyRemoved: { title: "Prisijungimo raktas pašalintas", variant: "success" },
  invitationAccepted: { title: "Sveiki prisijungę!", description: "Paskyra sukurta.", variant: "success" },
  invitationRevoked: { title: "Kvietimas atšauktas", description: "Jo nuoroda nebeveikia.", variant: "success" },
  invitationNotFound: { title: "Tokio kvietimo nebėra", description: "Galbūt jis jau priimtas ar atšauktas.", variant: "error" },
  passwordReset: { title: "Slaptažodis nustatytas", description: "Prisijunkite nauju slaptažodžiu.", variant: "success" },
  roleChanged: { title: "Vaidmuo pakeistas", variant: "success" },
  userDisabled: { title: "Paskyra išjungta", description: "Jos prisijungimai baigti.", variant: "success" },
  userEnabled: { title: "Paskyra įjungta", variant: "success" },
  userRemoved: { title: "Narys pašalintas", variant: "success" },
  userNotFound: { title: "Tokio nario nėra", variant: "error" },
  memorySent: {
    title: "Prisiminimas pateiktas",
    description: "Jis bus paskelbtas, kai redaktorius jį peržiūrės.",
    variant: "success",
  },
  photoSent: {
    title: "Nuotrauka pateikta",
    description: "Ji atsiras galerijoje, kai redaktorius ją peržiūrės.",
    variant: "success",
  },
  proposalSent: {
    title: "Pasiūlymas pateiktas",
    description: "Jį peržiūrės redaktorius; likimą matysite čia.",
    variant: "success",
  },
  proposalWithdrawn: { title: "Pasiūlymas atsiimtas", variant: "success" },
  proposalApproved: { title: "Pasiūlymas priimtas", description: "Pakeitimas įrašytas į pakeitimų istoriją.", variant: "success" },
  proposalRejected: { title: "Pasiūlymas atmestas", variant: "success" },
  changeUndone: { title: "Pakeitimas atšauktas", variant: "success" },
  changeNotFound: { title: "Tokio pakeitimo nėra.", variant: "error" },
  changeUndoneAlready: { title: "Šis pakeitimas jau atšauktas.", variant: "error" },
  changeTreeGone: {
    title: "Atšaukti nebegalima",
    description: "Medžio, koks jis buvo prieš šį pakeitimą, nebėra: jis ištrintas kaip per sena atsarginė kopija.",
    variant: "error",
  },
  changeChangedSince: {
    title: "Po šio pakeitimo tie patys duomenys buvo pakeisti dar kartą: pirma atšaukite vėlesnius pakeitimus.",
    variant: "error",
  },
  notifySaved: { title: "Pranešimų nustatymai išsaugoti", variant: "success" },
  loggedOutEverywhere: { title: "Atsijungėte visur", description: "Visi jūsų prisijungimai baigti.", variant: "info" },
  // Reasons the gallery's domain gives and its routes name (issue 27, group a).
  photoPersonPhotoGone: { title: "Tokios nuotraukos nėra.", variant: "error" },
  photoPersonNotInTree: { title: "Tokio asmens medyje nėra.", variant: "error" },
  photoPersonAlreadyMarked: { title: "Šis asmuo jau pažymėtas šioje nuotraukoje.", variant: "error" },
  albumPhotosGone: {
    title: "Kai kurių pažymėtų nuotraukų galerijoje jau nebėra: atnaujinkite puslapį ir pažymėkite iš naujo.",
    variant: "error",
  },
  // Accounts, proposals and the guestbook (issue 27's forms).
  proposalNotFound: { title: "Tokio pasiūlymo nėra.", variant: "error" },
  proposalDecided: { title: "Šis pasiūlymas jau išspręstas arba jo nėra.", variant: "error" },
  proposalUnknownKind: { title: "Nežinoma pasiūlymo rūšis.", variant: "error" },
  proposalConflict: {
    title: "Po pasiūlymo šie duomenys buvo pakeisti. Peržiūrėkite dabartinius duomenis ir patvirtinkite dar kartą.",
    variant: "error",
  },
  proposalCap: { title: `Per parą galima pateikti ne daugiau kaip ${PROPOSALS_PER_DAY} pasiūlymų. Pabandykite rytoj.`, variant: "error" },
} as const satisfies Record<string, Toast>;

export type ToastKey = keyof typeof TOASTS;

/** The toast for a key, with {name} placeholders filled from params. */
export function resolveToast(key: ToastKey, params: Record<string, string | number> = {}): Toast {
  const toast: Toast = TOASTS[key];
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ""));
  return {
    ...toast,
    title: fill(toast.title),
    description: toast.description && fill(toast.description),
  };
}

export function isToastKey(key: string): key is ToastKey {
  return Object.hasOwn(TOASTS, key);
}
