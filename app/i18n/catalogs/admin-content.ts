import type { English } from "#app/i18n/catalog.ts";

export const lt = {
  "adminContent.texts.english": "Angliškai (English)",
  "adminContent.texts.englishHelp":
    "Ką skaito angliškai kalbantys giminaičiai (/en/…). Paliktas tuščias laukas angliškame puslapyje rodomas lietuviškai, pažymėtas „(lietuviškai)“.",
  "adminContent.texts.englishOf": "{label} angliškai",
  "adminContent.texts.englishSave": "Išsaugoti angliškai",
  "adminContent.story.english": "Angliškai (English)",
  "adminContent.story.englishHelp":
    "Pasakojimas angliškai kalbantiems giminaičiams (/en/…). Kas paliekama tuščia, angliškame puslapyje rodoma lietuviškai, pažymėta „(lietuviškai)“. Nuorodos į asmenis ir nuotraukas rašomos taip pat.",
  "adminContent.story.titleEn": "Pavadinimas angliškai",
  "adminContent.story.leadEn": "Įžanga angliškai",
  "adminContent.story.bodyEn": "Tekstas angliškai",
  "adminContent.history.english": "Angliškai (English)",
  "adminContent.history.englishHelp":
    "Istorija angliškai kalbantiems giminaičiams (/en/istorija). Kas paliekama tuščia, angliškame puslapyje rodoma lietuviškai, pažymėta „(lietuviškai)“.",
} satisfies Record<`adminContent.${string}`, string>;

export const en: English<typeof lt> = {
  "adminContent.texts.english": "In English",
  "adminContent.texts.englishHelp":
    "What English-speaking relatives read (/en/…). A field left empty is shown in Lithuanian on the English page, marked as such.",
  "adminContent.texts.englishOf": "{label} in English",
  "adminContent.texts.englishSave": "Save the English",
  "adminContent.story.english": "In English",
  "adminContent.story.englishHelp":
    "The story for English-speaking relatives (/en/…). Whatever is left empty is shown in Lithuanian on the English page, marked as such. Links to people and photos are written the same way.",
  "adminContent.story.titleEn": "Title in English",
  "adminContent.story.leadEn": "Lead in English",
  "adminContent.story.bodyEn": "Text in English",
  "adminContent.history.english": "In English",
  "adminContent.history.englishHelp":
    "The history for English-speaking relatives (/en/istorija). Whatever is left empty is shown in Lithuanian on the English page, marked as such.",
};
