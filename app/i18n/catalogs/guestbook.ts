import type { English } from "#app/i18n/catalog.ts";

// The guestbook and the about page (their introductions are the family's).
export const lt = {
  "guestbook.title": "Svečių knyga",
  "guestbook.description": "Giminaičių ir svečių žinutės. Palikite savo žinutę.",
  "guestbook.new": "Nauja žinutė",
  "guestbook.form.honeypot": "Svetainė (palikite tuščią)",
  "guestbook.form.name": "Vardas",
  "guestbook.form.message": "Žinutė",
  "guestbook.form.moderated": "Žinutė bus paskelbta, kai ją peržiūrės administratorius.",
  "guestbook.form.send": "Siųsti žinutę",
  "guestbook.form.sending": "Siunčiama…",
  "guestbook.entries": "Svečių įrašai",
  "guestbook.empty": "Įrašų dar nėra. Būkite pirmas!",
  "guestbook.pages": "Įrašų puslapiai",
  "guestbook.newer": "Naujesni įrašai",
  "guestbook.older": "Senesni įrašai",
  "guestbook.about.title": "Apie",
  "guestbook.about.heading": "Apie projektą",
  "guestbook.about.goals": "Projekto tikslai",
  "guestbook.about.contact": "Susisiekite",
} satisfies Record<`guestbook.${string}`, string>;

export const en: English<typeof lt> = {
  "guestbook.title": "Guestbook",
  "guestbook.description": "Messages from relatives and guests. Leave yours.",
  "guestbook.new": "New message",
  "guestbook.form.honeypot": "Website (leave empty)",
  "guestbook.form.name": "Name",
  "guestbook.form.message": "Message",
  "guestbook.form.moderated": "Your message will be published once the administrator has reviewed it.",
  "guestbook.form.send": "Send the message",
  "guestbook.form.sending": "Sending…",
  "guestbook.entries": "Guests' entries",
  "guestbook.empty": "No entries yet. Be the first!",
  "guestbook.pages": "Pages of entries",
  "guestbook.newer": "Newer entries",
  "guestbook.older": "Older entries",
  "guestbook.about.title": "About",
  "guestbook.about.heading": "About the project",
  "guestbook.about.goals": "The project's goals",
  "guestbook.about.contact": "Get in touch",
};
