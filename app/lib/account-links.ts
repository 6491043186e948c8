// Why an invitation or a password-reset link does not work, as its page says it.

export type UnusableLink = "expired" | "used" | "revoked" | "unknown";

export const LINK_STATE_MESSAGES: Record<UnusableLink, string> = {
  expired: "Ši nuoroda nebegalioja: jos laikas baigėsi. Paprašykite administratoriaus naujos.",
  used: "Ši nuoroda jau panaudota. Jei tai buvote jūs, prisijunkite.",
  revoked: "Ši nuoroda atšaukta. Paprašykite administratoriaus naujos.",
  unknown: "Tokios nuorodos nėra. Patikrinkite, ar nukopijavote ją visą.",
};
