import type { English } from "#app/i18n/catalog.ts";

// Signing in: the login page and the passkey button.
export const lt = {
  "auth.login.title": "Prisijungimas",
  "auth.login.lead": "Giminės nariams ir svetainės redaktoriams. Paskyrą gaunate su kvietimu.",
  "auth.login.username": "Vartotojo vardas",
  "auth.login.password": "Slaptažodis",
  "auth.login.submit": "Prisijungti",
  "auth.login.busy": "Jungiamasi…",
  "auth.passkey.login": "Prisijungti su prisijungimo raktu",
  "auth.passkey.waiting": "Laukiama rakto…",
  "auth.passkey.cancelled": "Prisijungimo raktas nepanaudotas",
  "auth.passkey.cancelledHow": "Veiksmas atšauktas arba nepavyko.",
} satisfies Record<`auth.${string}`, string>;

export const en: English<typeof lt> = {
  "auth.login.title": "Log in",
  "auth.login.lead": "For family members and the site's editors. You get an account with an invitation.",
  "auth.login.username": "Username",
  "auth.login.password": "Password",
  "auth.login.submit": "Log in",
  "auth.login.busy": "Logging in…",
  "auth.passkey.login": "Log in with a passkey",
  "auth.passkey.waiting": "Waiting for the passkey…",
  "auth.passkey.cancelled": "The passkey was not used",
  "auth.passkey.cancelledHow": "It was cancelled or did not work.",
};
