import type * as WebAuthn from "@simplewebauthn/browser";
import { useLocalized } from "#app/i18n/router.tsx";
import { Say, useT } from "#app/i18n/react.tsx";
import { useState } from "react";
import { useBrowserValue } from "./use-hydrated.ts";
import { useRevalidator } from "react-router";
import { PASSWORD_MAX_LENGTH } from "#app/lib/login.ts";
import type { Toast } from "#app/lib/toasts.ts";
import { useToast } from "./toaster.tsx";

// Passkeys in the browser (WebAuthn, with @simplewebauthn/browser): logging
// in with one, and adding one to one's account. Both need JavaScript and a
// browser that has passkeys; without them the buttons are not shown. The
// library and the table of messages (lib/toasts.ts) are fetched when a button
// is pressed, not with the page, so that the login page's scripts stay within
// a tenth of a bare React Router app's.

async function resolveToast(key: "passkeyLoginFailed" | "passkeyAdded"): Promise<Toast> {
  return (await import("#app/lib/toasts.ts")).resolveToast(key);
}

/** What @simplewebauthn/browser's browserSupportsWebAuthn checks, without loading it. */
function useSupported(): boolean {
  return useBrowserValue(() => typeof globalThis.PublicKeyCredential === "function", false);
}

async function post<T>(url: string, fields: Record<string, string>): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: "application/json" } });
  return { status: response.status, body: (await response.json()) as T };
}

/** A cancelled or refused passkey dialog: nothing to say beyond a short note. */
const CANCELLED: Toast = { title: "auth.passkey.cancelled", description: "auth.passkey.cancelledHow", variant: "info" };

export function PasskeyLogin() {
  const supported = useSupported();
  const t = useT();
  const localized = useLocalized();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!supported) return null;
  async function login() {
    setBusy(true);
    try {
      const { body: start } = await post<{
        challengeId?: string;
        options?: Parameters<typeof WebAuthn.startAuthentication>[0]["optionsJSON"];
        toast?: Toast;
      }>(localized("/login/raktas"), { intent: "options" });
      // No challenge handed out (too many waiting): the server's reason.
      if (!start.options || !start.challengeId) {
        toast(start.toast ?? (await resolveToast("passkeyLoginFailed")));
        return;
      }
      let answer;
      try {
        const { startAuthentication } = await import("@simplewebauthn/browser");
        answer = await startAuthentication({ optionsJSON: start.options });
      } catch {
        toast(CANCELLED);
        return;
      }
      // (Sent in the page's language: the landing page is named in it.)
      const { body } = await post<{ ok: boolean; to?: string; toast?: Toast }>(localized("/login/raktas"), {
        intent: "verify",
        challengeId: start.challengeId,
        response: JSON.stringify(answer),
      });
      // (The server names the landing page in the user's language.)
      if (body.ok && body.to) window.location.assign(body.to);
      else toast(body.toast ?? (await resolveToast("passkeyLoginFailed")));
    } catch {
      toast(await resolveToast("passkeyLoginFailed"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn-secondary w-full" onClick={login} disabled={busy}>
      {t(busy ? "auth.passkey.waiting" : "auth.passkey.login")}
    </button>
  );
}

/** The account page's passkey fields, by the names the server's refusal uses. */
const PASSKEY_FIELDS = { name: "passkey-name", password: "passkey-password" } as const;

export function AddPasskey() {
  const supported = useSupported();
  const t = useT();
  // (Posted to the page's language: the server says its refusals in it.)
  const localized = useLocalized();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Partial<Record<keyof typeof PASSKEY_FIELDS, string>>>({});
  const [busy, setBusy] = useState(false);
  if (!supported) {
    return <p className="mt-3 text-sm text-ink-soft">{t("account.passkeys.unsupported")}</p>;
  }
  /** A refusal naming fields (the server's form reader): each marked, the first focused, its message also in a toast. */
  function refused(named: Partial<Record<string, string>>) {
    const marked = Object.fromEntries(Object.entries(named).filter(([field]) => field in PASSKEY_FIELDS));
    setErrors(marked);
    const first = Object.keys(marked)[0] as keyof typeof PASSKEY_FIELDS | undefined;
    toast({ title: "account.passkeys.notAdded", description: first ? marked[first] : undefined, variant: "error" });
    if (first) document.getElementById(PASSKEY_FIELDS[first])?.focus();
  }
  async function add() {
    setBusy(true);
    setErrors({});
    try {
      const { body: start } = await post<{
        challengeId?: string;
        options?: Parameters<typeof WebAuthn.startRegistration>[0]["optionsJSON"];
        errors?: Record<string, string>;
      }>(localized("/paskyra/raktai"), { intent: "options", name, password });
      if (!start.challengeId || !start.options) {
        refused(start.errors ?? {});
        return;
      }
      let answer;
      try {
        const { startRegistration } = await import("@simplewebauthn/browser");
        answer = await startRegistration({ optionsJSON: start.options });
      } catch {
        toast(CANCELLED);
        return;
      }
      const { body } = await post<{ ok?: boolean; message?: string; errors?: Record<string, string> }>(localized("/paskyra/raktai"), {
        intent: "register",
        challengeId: start.challengeId,
        response: JSON.stringify(answer),
        name,
      });
      if (body.ok) {
        toast(await resolveToast("passkeyAdded"));
        setName("");
        setPassword("");
        void revalidator.revalidate();
      } else if (body.errors) {
        refused(body.errors);
      } else {
        toast({ title: "account.passkeys.notAdded", description: body.message, variant: "error" });
      }
    } catch {
      toast({ title: "account.passkeys.notAdded", description: "account.passkeys.tryAgain", variant: "error" });
    } finally {
      setBusy(false);
    }
  }
  const described = (field: keyof typeof PASSKEY_FIELDS) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${PASSKEY_FIELDS[field]}-error` : undefined,
  });
  const message = (field: keyof typeof PASSKEY_FIELDS) =>
    errors[field] ? (
      <p id={`${PASSKEY_FIELDS[field]}-error`} className="mt-1 text-sm text-red-800">
        <Say text={errors[field]} />
      </p>
    ) : null;
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
      <div>
        <label htmlFor="passkey-name" className="field-label">
          {t("account.passkeys.name")}
        </label>
        <input
          id="passkey-name"
          type="text"
          className="field-input"
          maxLength={60}
          placeholder={t("account.passkeys.namePlaceholder")}
          value={name}
          onChange={(e) => setName(e.target.value)}
          {...described("name")}
        />
        {message("name")}
      </div>
      <div>
        <label htmlFor="passkey-password" className="field-label">
          {t("account.passkeys.password")}
        </label>
        <input
          id="passkey-password"
          type="password"
          autoComplete="current-password"
          className="field-input"
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          {...described("password")}
        />
        {message("password")}
      </div>
      <button type="button" className="btn-primary sm:mt-6" onClick={add} disabled={busy}>
        {t(busy ? "account.passkeys.waiting" : "account.passkeys.add")}
      </button>
    </div>
  );
}
