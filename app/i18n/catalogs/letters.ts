import type { English } from "#app/i18n/catalog.ts";

// The letters the site writes (the server's only): an invitation, a decision on a member's proposal.
export const lt = {
  "letters.greeting": "Sveiki,",
  "letters.role.narys": "narys",
  "letters.role.redaktorius": "redaktorius",
  "letters.role.administratorius": "administratorius",
  "letters.invitation.subject": "Kvietimas į svetainę „{family}“",
  "letters.invitation.what": "jus kviečia prisijungti prie svetainės „{family}“ ({role}).",
  "letters.invitation.how": "Atverkite šią nuorodą ir pasirinkite vardą bei slaptažodį:",
  "letters.invitation.validity": "Nuoroda galioja 7 dienas ir tik vieną kartą. Jei kvietimo nelaukėte, šį laišką galite ištrinti.",
  "letters.decided.subject": "Jūsų pasiūlymas: {approved, select, true {priimta} other {atmesta}} – {family}",
  "letters.decided.subjectAbout": "Jūsų pasiūlymas apie „{name}“: {approved, select, true {priimta} other {atmesta}} – {family}",
  "letters.decided.what": "jūsų pasiūlymas svetainėje „{family}“ {approved, select, true {priimtas} other {atmestas}}.",
  "letters.decided.about": "Apie: {name}",
  "letters.decided.aboutAt": "Apie: {name} ({where})",
  "letters.decided.empty": "(tuščia)",
  "letters.decided.note": "Pastaba: {note}",
  "letters.decided.all": "Visi jūsų pasiūlymai:",
  "letters.decided.optOut": "Šių laiškų galite atsisakyti savo paskyroje.",
} satisfies Record<`letters.${string}`, string>;

export const en: English<typeof lt> = {
  "letters.greeting": "Hello,",
  "letters.role.narys": "member",
  "letters.role.redaktorius": "editor",
  "letters.role.administratorius": "administrator",
  "letters.invitation.subject": "An invitation to the site “{family}”",
  "letters.invitation.what": "you are invited to join the site “{family}” ({role}).",
  "letters.invitation.how": "Open this link and choose a username and a password:",
  "letters.invitation.validity":
    "The link works for 7 days and only once. If you were not expecting an invitation, you can delete this letter.",
  "letters.decided.subject": "Your proposal: {approved, select, true {accepted} other {rejected}} – {family}",
  "letters.decided.subjectAbout": "Your proposal about “{name}”: {approved, select, true {accepted} other {rejected}} – {family}",
  "letters.decided.what": "your proposal on the site “{family}” has been {approved, select, true {accepted} other {rejected}}.",
  "letters.decided.about": "About: {name}",
  "letters.decided.aboutAt": "About: {name} ({where})",
  "letters.decided.empty": "(empty)",
  "letters.decided.note": "Note: {note}",
  "letters.decided.all": "All your proposals:",
  "letters.decided.optOut": "You can turn these letters off on your account page.",
};
