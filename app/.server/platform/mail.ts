import { createTransport, type Transporter } from "nodemailer";
import type { Config } from "./env.ts";
import type { Role } from "#app/lib/roles.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import { localized, type Locale } from "#app/i18n/locales.ts";
import { serverT } from "./i18n.ts";
import { requestLanguage } from "./request-language.ts";

// E-mail, when the operator configured SMTP_URL: invitations sent to the
// invitee's address. Without it the administrator copies the link and sends
// it by any channel; nothing else depends on mail. A letter is written in its
// reader's language (the notices: accounts/notifications.ts); an invitation,
// to someone without an account yet, in the language of the page it was sent from.

export interface Invitation {
  to: string;
  link: string;
  role: Role;
  familyName: string;
  /** The sender when SMTP_FROM is not set: the site's contact address. */
  contactEmail: string;
}

const transports = new Map<string, Transporter>();

function transport(url: string): Transporter {
  let made = transports.get(url);
  if (!made) {
    // Short limits: the administrator waits for the answer in the browser.
    made = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    transports.set(url, made);
  }
  return made;
}

/**
 * Sends an invitation, in `locale` (the language of the administrator's page
 * it is sent from: the request's, unless named), its link to the page in it;
 * throws (with the server's reason) when the mail server refuses or cannot be reached.
 */
export async function sendInvitation(
  mail: NonNullable<Config["mail"]>,
  invitation: Invitation,
  locale: Locale = requestLanguage(),
): Promise<void> {
  const t = serverT(locale);
  const role = t(`letters.role.${invitation.role}` as MessageId);
  const link = new URL(invitation.link);
  link.pathname = localized(locale, link.pathname);
  await transport(mail.url).sendMail({
    from: mail.from ?? { name: invitation.familyName, address: invitation.contactEmail },
    to: invitation.to,
    subject: t("letters.invitation.subject", { family: invitation.familyName }),
    text: [
      t("letters.greeting"),
      "",
      t("letters.invitation.what", { family: invitation.familyName, role }),
      t("letters.invitation.how"),
      "",
      link.href,
      "",
      t("letters.invitation.validity"),
    ].join("\n"),
  });
}

export interface Notice {
  to: string;
  subject: string;
  text: string;
  familyName: string;
  /** The sender when SMTP_FROM is not set: the site's contact address. */
  contactEmail: string;
}

/** Sends a notice (a new proposal, a digest, a decision); throws when the mail server refuses or cannot be reached. */
export async function sendNotice(mail: NonNullable<Config["mail"]>, notice: Notice): Promise<void> {
  await transport(mail.url).sendMail({
    from: mail.from ?? { name: notice.familyName, address: notice.contactEmail },
    to: notice.to,
    subject: notice.subject,
    text: notice.text,
  });
}
