// The accounts' forms: their limits, and what they say when the server
// refuses what the fields allowed (the reasons app/.server/accounts returns,
// in the words a person reads).

/** An e-mail address (an invitation's, a member's, the administrator's notices'): RFC 5321's limit. */
export const EMAIL_MAX_LENGTH = 254;
/** Who an invitation is for in the tree, as typed: a name or a number ("#12"). */
export const INVITE_PERSON_MAX = 200;

export const ACCOUNT_REFUSALS = {
  wrongPassword: "Dabartinis slaptažodis neteisingas.",
  usernameTaken: (username: string) => `Vardas „${username}“ jau užimtas: pasirinkite kitą.`,
  noTree: "Giminės medžio dar nėra: palikite šį lauką tuščią.",
  noMail: "Laiškai nesiunčiami: SMTP_URL nenustatytas.",
} as const;

/** Why a new passkey was not kept (app/.server/accounts/passkeys.ts). */
export type PasskeyRefusal = "expired" | "tooMany" | "badResponse" | "notVerified";

export const PASSKEY_REFUSALS: Record<PasskeyRefusal, (max: number) => string> = {
  expired: () => "Prašymo laikas baigėsi: pabandykite dar kartą.",
  tooMany: (max) => `Daugiausia ${max} prisijungimo raktų.`,
  badResponse: () => "Prisijungimo raktas nepatvirtintas: naršyklės atsakymas netinkamas.",
  notVerified: () => "Prisijungimo raktas nepatvirtintas.",
};
