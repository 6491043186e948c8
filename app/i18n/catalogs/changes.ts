import type { English } from "#app/i18n/catalog.ts";

// What a change in the history (/admin/pakeitimai) was, as its summary says it:
// each change is stored with one of these ids and its values (the family's
// words as written: titles, names, user names; numbers; the names of things
// as message ids of their own), and said in the reader's language when shown
// (app/.server/changes/summary.ts). The Lithuanian is the sentence the
// history stored as text before, word for word.
export const lt = {
  "changes.summary.undone": "Atšaukta: {summary}",
  "changes.summary.proposed": "{summary} (pasiūlė {username})",
  "changes.number": "Nr. {id}",

  "changes.summary.person.added": "Pridėtas asmuo: {name}",
  "changes.summary.person.markedPrivate": "Pažymėtas privačiu: {name}",
  "changes.summary.person.notPrivate": "Nebe privatus: {name}",
  "changes.summary.person.markedPrivacy": "Paslėptas nuo lankytojų: {name}",
  "changes.summary.person.detailsChanged": "Pakeisti asmens duomenys: {name}",
  "changes.summary.person.eventAdded": "Pridėtas įvykis „{event}“: {name}",
  "changes.summary.person.eventChanged": "Pakeistas įvykis: {name}",
  "changes.summary.person.eventRemoved": "Pašalintas įvykis: {name}",
  "changes.summary.person.parentsSet": "Nurodyti tėvai: {name}",
  "changes.summary.person.partnerAdded": "Pridėtas partneris: {name}",
  "changes.summary.person.childAdded": "Pridėtas vaikas: {name}",
  "changes.summary.person.childUnlinked": "Atsietas vaikas: {name}",
  "changes.summary.person.partnerUnlinked": "Atsietas partneris: {name}",
  "changes.summary.person.linksChanged": "Pakeistos susietos nuotraukos ir dokumentai: {name}",
  "changes.summary.person.removed": "Pašalintas asmuo: {name}",

  "changes.summary.proposal.detailsCorrected": "Pataisyti asmens duomenys",
  "changes.summary.proposal.eventAdded": "Pridėtas įvykis „{event}“",
  "changes.summary.proposal.eventCorrected": "Pataisytas įvykis „{event}“",
  "changes.summary.proposal.relativeAdded":
    "Pridėtas giminaitis: {relation, select, parent {tėvas ar motina} partner {partneris ar partnerė} child {vaikas} other {{relation}}}",
  "changes.summary.proposal.memoryOfPerson": "Pridėtas prisiminimas. Prisiminimas apie asmenį: {name}",
  "changes.summary.proposal.memoryOfPhoto": "Pridėtas prisiminimas. Prisiminimas prie nuotraukos: „{title}“",
  "changes.summary.proposal.photoUploaded": "Įkelta nuotrauka „{title}“",

  "changes.summary.tree.merged":
    "Sujungtas giminės medžio failas „{file}“: iš failo pridėta {added, number}, pakeista {changed, number}, pašalinta {removed, number}; svetainės pakeitimų išliko {kept, number}",
  "changes.summary.tree.photoTagged": "Iš GEDCOM failo pažymėta, kas yra nuotraukoje „{title}“",

  "changes.summary.gallery.photoAdded": "Pridėta nuotrauka „{title}“",
  "changes.summary.gallery.photoChanged": "Pakeista nuotrauka „{title}“",
  "changes.summary.gallery.photoAndFileChanged": "Pakeista nuotrauka ir jos failas „{title}“",
  "changes.summary.gallery.photoRemoved": "Pašalinta nuotrauka „{title}“",
  "changes.summary.gallery.reordered": "Pakeista galerijos tvarka",
  "changes.summary.gallery.peopleTagged": "Pažymėta, kas yra nuotraukoje „{title}“",
  "changes.summary.gallery.tagRemoved": "Pašalinta žymė nuotraukoje „{title}“",
  "changes.summary.gallery.portrait": "Portretas iš nuotraukos „{title}“",
  "changes.summary.gallery.portraitDropped": "Atsisakyta portreto iš nuotraukos „{title}“",
  "changes.summary.gallery.documentLinked": "Su nuotrauka „{photo}“ susietas dokumentas „{document}“",
  "changes.summary.gallery.documentUnlinked": "Nuo nuotraukos „{photo}“ atsietas dokumentas „{document}“",

  "changes.summary.album.created": "Sukurtas albumas „{title}“",
  "changes.summary.album.changed": "Pakeistas albumas „{title}“",
  "changes.summary.album.removed": "Pašalintas albumas „{title}“",
  "changes.summary.album.reordered": "Pakeista albumų tvarka",

  "changes.summary.document.added": "Pridėtas dokumentas „{title}“",
  "changes.summary.document.changed": "Pakeistas dokumentas „{title}“",
  "changes.summary.document.removed": "Pašalintas dokumentas „{title}“",

  "changes.summary.story.created": "Sukurtas pasakojimas „{title}“",
  "changes.summary.story.changed": "Pakeistas pasakojimas „{title}“",
  "changes.summary.story.removed": "Pašalintas pasakojimas „{title}“",
  "changes.summary.story.reordered": "Pakeista pasakojimų tvarka",

  "changes.summary.history.changed": "Pakeista istorija",
  "changes.summary.history.restored": "Atkurta istorijos versija Nr. {id}",

  "changes.summary.texts.changed": "Pakeisti tekstai: {section}",
  "changes.summary.texts.translated": "Pakeisti tekstai: {section} ({locale})",
  "changes.summary.texts.branches": "Pakeisti tekstai: giminės šakos",
  "changes.summary.texts.settings": "Pakeisti nustatymai: giminės vardas ir kontaktinis adresas",
  "changes.summary.texts.exampleRemoved": "Pašalintas pavyzdinis turinys",

  "changes.summary.guestbook.approved": "Svečių knygos įrašas patvirtintas",
  "changes.summary.guestbook.hidden": "Svečių knygos įrašas paslėptas",
  "changes.summary.guestbook.deleted": "Svečių knygos įrašas ištrintas",
} satisfies Record<`changes.${string}`, string>;

export const en: English<typeof lt> = {
  "changes.summary.undone": "Undone: {summary}",
  "changes.summary.proposed": "{summary} (proposed by {username})",
  "changes.number": "No. {id}",

  "changes.summary.person.added": "Person added: {name}",
  "changes.summary.person.markedPrivate": "Marked private: {name}",
  "changes.summary.person.notPrivate": "No longer private: {name}",
  "changes.summary.person.markedPrivacy": "Hidden from visitors: {name}",
  "changes.summary.person.detailsChanged": "Personal details changed: {name}",
  "changes.summary.person.eventAdded": "Event “{event}” added: {name}",
  "changes.summary.person.eventChanged": "Event changed: {name}",
  "changes.summary.person.eventRemoved": "Event removed: {name}",
  "changes.summary.person.parentsSet": "Parents set: {name}",
  "changes.summary.person.partnerAdded": "Partner added: {name}",
  "changes.summary.person.childAdded": "Child added: {name}",
  "changes.summary.person.childUnlinked": "Child unlinked: {name}",
  "changes.summary.person.partnerUnlinked": "Partner unlinked: {name}",
  "changes.summary.person.linksChanged": "Linked photos and documents changed: {name}",
  "changes.summary.person.removed": "Person removed: {name}",

  "changes.summary.proposal.detailsCorrected": "Personal details corrected",
  "changes.summary.proposal.eventAdded": "Event “{event}” added",
  "changes.summary.proposal.eventCorrected": "Event “{event}” corrected",
  "changes.summary.proposal.relativeAdded":
    "Relative added: {relation, select, parent {father or mother} partner {partner} child {child} other {{relation}}}",
  "changes.summary.proposal.memoryOfPerson": "Memory about {name} added",
  "changes.summary.proposal.memoryOfPhoto": "Memory on the photo “{title}” added",
  "changes.summary.proposal.photoUploaded": "Photo “{title}” uploaded",

  "changes.summary.tree.merged":
    "Family tree file “{file}” merged: from the file {added, number} added, {changed, number} changed, {removed, number} removed; {kept, number} of the site's changes kept",
  "changes.summary.tree.photoTagged": "Who is in the photo “{title}” marked from the GEDCOM file",

  "changes.summary.gallery.photoAdded": "Photo “{title}” added",
  "changes.summary.gallery.photoChanged": "Photo “{title}” changed",
  "changes.summary.gallery.photoAndFileChanged": "Photo “{title}” and its file changed",
  "changes.summary.gallery.photoRemoved": "Photo “{title}” removed",
  "changes.summary.gallery.reordered": "Gallery order changed",
  "changes.summary.gallery.peopleTagged": "Who is in the photo “{title}” marked",
  "changes.summary.gallery.tagRemoved": "Tag removed from the photo “{title}”",
  "changes.summary.gallery.portrait": "Portrait from the photo “{title}”",
  "changes.summary.gallery.portraitDropped": "Portrait from the photo “{title}” dropped",
  "changes.summary.gallery.documentLinked": "Document “{document}” linked to the photo “{photo}”",
  "changes.summary.gallery.documentUnlinked": "Document “{document}” unlinked from the photo “{photo}”",

  "changes.summary.album.created": "Album “{title}” created",
  "changes.summary.album.changed": "Album “{title}” changed",
  "changes.summary.album.removed": "Album “{title}” removed",
  "changes.summary.album.reordered": "Album order changed",

  "changes.summary.document.added": "Document “{title}” added",
  "changes.summary.document.changed": "Document “{title}” changed",
  "changes.summary.document.removed": "Document “{title}” removed",

  "changes.summary.story.created": "Story “{title}” created",
  "changes.summary.story.changed": "Story “{title}” changed",
  "changes.summary.story.removed": "Story “{title}” removed",
  "changes.summary.story.reordered": "Story order changed",

  "changes.summary.history.changed": "History changed",
  "changes.summary.history.restored": "History version no. {id} restored",

  "changes.summary.texts.changed": "Texts changed: {section}",
  "changes.summary.texts.translated": "Texts changed: {section} ({locale})",
  "changes.summary.texts.branches": "Texts changed: family branches",
  "changes.summary.texts.settings": "Settings changed: family name and contact address",
  "changes.summary.texts.exampleRemoved": "Example content removed",

  "changes.summary.guestbook.approved": "Guestbook entry approved",
  "changes.summary.guestbook.hidden": "Guestbook entry hidden",
  "changes.summary.guestbook.deleted": "Guestbook entry deleted",
};
