import { useState } from "react";
import { useBrowserValue } from "#app/components/use-hydrated.ts";
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/users";
import {
  createInvitation,
  createResetLink,
  INVITE_FORM,
  linkPath,
  pendingInvitations,
  revokeLink,
  type LinkKind,
} from "#app/.server/accounts/account-links.ts";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { resolvePerson } from "#app/.server/genealogy/editing.ts";
import { personNames } from "#app/.server/genealogy/people.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { sendInvitation } from "#app/.server/platform/mail.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { readForm, refusedField, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { listUsers, removeUser, setDisabled, setRole } from "#app/.server/accounts/users.ts";
import { FAILURE_LOG_DAYS, recentLoginFailures } from "#app/.server/accounts/login-failure-log.ts";
import { requestOrigin } from "#app/.server/platform/site-address.ts";
import { Field, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle, useSiteUrl } from "#app/components/page.tsx";
import { ConfirmRemovePanel, RemoveForm } from "#app/components/remove-form.tsx";
import type { MessageId } from "#app/i18n/catalog.ts";
import { localeOf } from "#app/i18n/locales.ts";
import { useT } from "#app/i18n/react.tsx";
import { Form } from "#app/i18n/router.tsx";
import { ACCOUNT_REFUSALS, EMAIL_MAX_LENGTH, INVITE_PERSON_MAX } from "#app/lib/accounts.ts";
import { parseId } from "#app/lib/numbers.ts";
import { personNotFoundText } from "#app/lib/person-fields.ts";
import { isRole, ROLE_LABEL_IDS, ROLES, type Role } from "#app/lib/roles.ts";

// The administrator's list of users: invitations (a link to share, valid
// seven days, once), roles, a new-password link, disabling and removing, and
// each user's failed logins of the last 90 days (decision 037).

const PAGE = "/admin/nariai";

const ROLE_NOTES: Record<Role, MessageId> = {
  narys: "adminMembers.users.roleNote.narys",
  redaktorius: "adminMembers.users.roleNote.redaktorius",
  administratorius: "adminMembers.users.roleNote.administratorius",
};

export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("administratorius")];

export async function loader({ context }: Route.LoaderArgs) {
  const me = requireRole(context, "administratorius");
  const { db } = services(context);
  const [users, invitations, treeId, failedLogins] = await Promise.all([
    listUsers(db),
    pendingInvitations(db),
    currentTreeId(db),
    recentLoginFailures(db),
  ]);
  const personIds = [...users.map((u) => u.personId), ...invitations.map((i) => i.personId)].filter((id): id is number => id !== null);
  const names = treeId === null ? {} : await personNames(db, treeId, personIds);
  return {
    me: me.id,
    users,
    invitations,
    names,
    failedLogins,
    failureDays: FAILURE_LOG_DAYS,
    canMail: services(context).config.mail !== undefined,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = requireRole(context, "administratorius");
  const { db, config } = services(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const userId = parseId(form.get("id")) ?? 0;
  const changed = (result: { ok: true } | { ok: false; message: string } | null, toast: Parameters<typeof redirectWithToast>[1]) => {
    if (!result) return refusal("userNotFound", 404);
    return result.ok ? redirectWithToast(PAGE, toast) : refusal({ title: result.message, variant: "error" }, 409);
  };
  switch (intent) {
    case "invite": {
      const read = readForm(form, INVITE_FORM);
      if (!read.ok) return refuseForm(read);
      const { role, person: typed, email } = read.value;
      const treeId = await currentTreeId(db);
      // A person typed with no tree to find them in is refused, not quietly dropped.
      if (typed && treeId === null) return refuseForm(refusedField(read.typed, "person", ACCOUNT_REFUSALS.noTree));
      const person = treeId === null || !typed ? null : await resolvePerson(db, treeId, typed);
      if (person && "notFound" in person) return refuseForm(refusedField(read.typed, "person", personNotFoundText(person.notFound)));
      if (email && !config.mail) return refuseForm(refusedField(read.typed, "email", ACCOUNT_REFUSALS.noMail));
      const token = await createInvitation(db, { role, personId: person?.id ?? null, email: email || null, createdBy: me.id });
      const created = {
        kind: "invite" as LinkKind,
        path: linkPath("invite", token),
        role,
        sentTo: null as string | null,
        /** Why the letter did not go: the mail server's words, or a message id. */
        mailError: null as string | null,
      };
      if (email && config.mail) {
        // The link stays valid (and shown) whether or not the letter goes.
        // SITE_URL, or the address the administrator's own browser is at (checked by the request guard).
        const origin = config.siteUrl?.origin ?? requestOrigin(request);
        if (!origin) {
          console.error(`Kvietimo laiškas adresu ${email} neišsiųstas: nežinomas svetainės adresas (nustatykite SITE_URL)`);
          created.mailError = "adminMembers.users.mail.noSiteUrl";
        } else {
          try {
            const settings = await getSiteSettings(db);
            await sendInvitation(
              config.mail,
              {
                to: email,
                link: `${origin}${created.path}`,
                role,
                familyName: settings.familyName,
                contactEmail: settings.contactEmail,
              },
              // The letter in the language of the page the invitation was made on.
              localeOf(new URL(request.url).pathname),
            );
            created.sentTo = email;
          } catch (error) {
            console.error(`Kvietimo laiškas adresu ${email} neišsiųstas:`, error);
            created.mailError = error instanceof Error ? error.message : String(error);
          }
        }
      }
      return data({ created });
    }
    case "revoke":
      return (await revokeLink(db, String(form.get("link") ?? "")))
        ? redirectWithToast(PAGE, "invitationRevoked")
        : refusal("invitationNotFound", 404);
    case "role": {
      const role = String(form.get("role") ?? "");
      if (!isRole(role)) throw data("adminMembers.users.error.unknownRole", { status: 400 });
      return changed(await setRole(db, userId, role), "roleChanged");
    }
    case "disable":
      return changed(await setDisabled(db, userId, true), "userDisabled");
    case "enable":
      return changed(await setDisabled(db, userId, false), "userEnabled");
    case "remove": {
      if (form.get("confirmed") !== "1") {
        const user = (await listUsers(db)).find((u) => u.id === userId);
        if (!user) return refusal("userNotFound", 404);
        return data({ confirmRemove: { id: user.id, username: user.username } });
      }
      return changed(await removeUser(db, userId), "userRemoved");
    }
    case "reset": {
      if (!(await listUsers(db)).some((u) => u.id === userId)) return refusal("userNotFound", 404);
      const token = await createResetLink(db, userId, me.id);
      return data({ created: { kind: "reset" as LinkKind, path: linkPath("reset", token), role: null, sentTo: null, mailError: null } });
    }
  }
  throw data("adminMembers.error.unknownAction", { status: 400 });
}

type LoaderData = Route.ComponentProps["loaderData"];
/** The invitation refused by the form reader (refuseForm). */
type RefusedForm = { typed: Record<string, string>; errors: Partial<Record<string, string>>; toast: { id: string } };
type ActionData = Route.ComponentProps["actionData"];

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const created = actionData && "created" in actionData ? actionData.created : null;
  const confirmRemove = actionData && "confirmRemove" in actionData ? actionData.confirmRemove : null;
  const toast = actionData && "toast" in actionData ? actionData.toast : null;
  const t = useT();
  return (
    <>
      <PageTitle>{t("adminMembers.users.title")}</PageTitle>
      <h1 className="text-3xl font-bold">{t("adminMembers.users.title")}</h1>
      <p className="mt-2 max-w-3xl text-ink-soft">{t("adminMembers.users.lead")}</p>
      <FormAlert toast={toast} />
      {confirmRemove ? (
        <ConfirmRemovePanel
          id={confirmRemove.id}
          question={t("adminMembers.users.removeQuestion", { username: confirmRemove.username })}
          detail={t("adminMembers.users.removeDetail")}
          cancelTo={PAGE}
        />
      ) : null}
      {created ? <CreatedLink created={created} /> : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <InviteForm key={created?.path ?? "uzpildoma"} refused={actionData} canMail={loaderData.canMail} />
        <Invitations invitations={loaderData.invitations} names={loaderData.names} />
      </div>
      <UserList loaderData={loaderData} />
    </>
  );
}

/** A link made just now: shown once (only its hash is kept), to copy and share. */
function CreatedLink({
  created,
}: {
  created: { kind: LinkKind; path: string; role: Role | null; sentTo: string | null; mailError: string | null };
}) {
  const t = useT();
  const siteUrl = useSiteUrl();
  // Without SITE_URL the browser knows the site's address; the server never takes it from the request.
  const origin = useBrowserValue(() => siteUrl ?? window.location.origin, siteUrl ?? "");
  const link = `${origin}${created.path}`;
  const [copied, setCopied] = useState(false);
  return (
    <section role="status" aria-labelledby="nuoroda" className="card mt-6 border-moss p-6">
      <h2 id="nuoroda" className="text-lg font-semibold">
        {created.kind === "invite"
          ? t("adminMembers.users.created.invitation", { role: created.role! })
          : t("adminMembers.users.created.reset")}
      </h2>
      {created.sentTo ? (
        <p className="mt-2 font-medium text-moss">{t("adminMembers.users.created.sentTo", { email: created.sentTo })}</p>
      ) : null}
      {created.mailError ? (
        <p className="mt-2 rounded-md border border-accent bg-accent-soft p-3 font-medium text-accent-dark" role="alert">
          {t("adminMembers.users.mail.failed", { reason: t.say(created.mailError) })}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-ink-soft">{t("adminMembers.users.created.share")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <label htmlFor="sukurta-nuoroda" className="sr-only">
          {t("adminMembers.users.created.link")}
        </label>
        <input
          type="text"
          id="sukurta-nuoroda"
          readOnly
          value={link}
          className="field-input min-w-0 flex-1 font-mono text-sm"
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          {copied ? t("adminMembers.users.created.copied") : t("adminMembers.users.created.copy")}
        </button>
      </div>
    </section>
  );
}

function InviteForm({ refused, canMail }: { refused: ActionData; canMail: boolean }) {
  // A refused invitation comes back with what was typed and a message by field.
  // (The action's other answers are of another shape: this one is told by what was typed.)
  const form = refused && "typed" in refused ? (refused as unknown as RefusedForm) : undefined;
  const { typed, errors, toast } = form ?? {};
  const busy = useNavigation().formData?.get("intent") === "invite";
  // A refused field gets the focus, where its message is.
  useFocusFirstError(errors, toast?.id, ["role", "person", "email"]);
  const chosen = typed?.role ?? "narys";
  const t = useT();
  return (
    <section aria-labelledby="pakviesti" className="card h-fit p-6">
      <h2 id="pakviesti" className="text-xl font-semibold">
        {t("adminMembers.users.invite.heading")}
      </h2>
      <Form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="invite" />
        <fieldset
          id="role"
          role="radiogroup"
          tabIndex={-1}
          aria-invalid={errors?.role ? true : undefined}
          aria-describedby={errors?.role ? "role-error" : undefined}
        >
          <legend className="field-label">{t("adminMembers.users.role")}</legend>
          <div className="space-y-2">
            {ROLES.map((role) => (
              <label key={role} className="flex items-start gap-2">
                <input type="radio" name="role" value={role} defaultChecked={role === chosen} />
                <span>
                  <strong>{t(ROLE_LABEL_IDS[role])}</strong>
                  <span className="block text-sm text-ink-soft">{t(ROLE_NOTES[role])}</span>
                </span>
              </label>
            ))}
          </div>
          {errors?.role ? (
            <p id="role-error" className="mt-1 text-sm text-red-800">
              {errors.role}
            </p>
          ) : null}
        </fieldset>
        <Field
          id="person"
          label={t("adminMembers.users.invite.person")}
          hint={t("adminMembers.users.invite.personHint")}
          defaultValue={typed?.person ?? ""}
          maxLength={INVITE_PERSON_MAX}
          error={errors?.person}
        />
        {/* Without SMTP_URL there is no address to send to; an address sent anyway is answered beside its field. */}
        {canMail || errors?.email ? (
          <Field
            id="email"
            type="email"
            label={t("adminMembers.users.invite.email")}
            hint={t("adminMembers.users.invite.emailHint")}
            defaultValue={typed?.email ?? ""}
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="off"
            error={errors?.email}
          />
        ) : null}
        <button type="submit" className="btn-primary" disabled={busy}>
          {t("adminMembers.users.invite.submit")}
        </button>
      </Form>
    </section>
  );
}

function Invitations({ invitations, names }: { invitations: LoaderData["invitations"]; names: LoaderData["names"] }) {
  const t = useT();
  return (
    <section aria-labelledby="kvietimai" className="card h-fit p-6">
      <h2 id="kvietimai" className="text-xl font-semibold">
        {t("adminMembers.users.invitations.heading")}
      </h2>
      {invitations.length === 0 ? (
        <p className="mt-3 text-ink-soft">{t("adminMembers.users.invitations.none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {t(ROLE_LABEL_IDS[invitation.role])}
                  {invitation.personId !== null && names[invitation.personId] ? ` – ${names[invitation.personId]}` : ""}
                </p>
                {invitation.email ? <p className="text-sm break-all">{invitation.email}</p> : null}
                <p className="text-sm text-ink-soft">
                  {invitation.createdBy
                    ? t("adminMembers.users.invitations.createdBy", {
                        created: t.dateTime(invitation.createdAt),
                        by: invitation.createdBy,
                        expires: t.dateTime(invitation.expiresAt),
                      })
                    : t("adminMembers.users.invitations.created", {
                        created: t.dateTime(invitation.createdAt),
                        expires: t.dateTime(invitation.expiresAt),
                      })}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="link" value={invitation.id} />
                <button type="submit" className="btn-secondary">
                  {t("adminMembers.users.invitations.revoke")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UserList({ loaderData: { me, users, names, failedLogins, failureDays } }: { loaderData: LoaderData }) {
  const t = useT();
  return (
    <section aria-labelledby="paskyros" className="mt-10">
      <h2 id="paskyros" className="text-2xl font-semibold">
        {t("adminMembers.users.accounts")}
      </h2>
      <ul className="mt-4 space-y-4">
        {users.map((user) => (
          <li key={user.id} className="card p-5">
            <article aria-labelledby={`user-${user.id}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p id={`user-${user.id}`} className="text-lg font-semibold">
                  {user.username}
                  {user.id === me ? <span className="ml-2 text-sm font-normal text-ink-soft">{t("adminMembers.users.you")}</span> : null}
                  {user.disabledAt ? (
                    <span className="ml-2 rounded bg-red-50 px-2 py-0.5 text-sm font-normal text-red-900">
                      {t("adminMembers.users.disabled")}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-ink-soft">
                  {user.personId !== null && names[user.personId] ? `${names[user.personId]} · ` : ""}
                  {user.lastSeenAt
                    ? t("adminMembers.users.lastSeen", { at: t.dateTime(user.lastSeenAt) })
                    : t("adminMembers.users.neverSeen")}
                </p>
              </div>
              {failedLogins[user.id] ? (
                <p className="mt-2 text-sm font-medium text-accent-dark">
                  {t("adminMembers.users.failedLogins", {
                    days: failureDays,
                    count: failedLogins[user.id].count,
                    atLeast: failedLogins[user.id].atLeast ? "yes" : "no",
                    addresses: failedLogins[user.id].addresses,
                    last: t.dateTime(failedLogins[user.id].last),
                  })}
                </p>
              ) : null}
              <div className="mt-3 flex flex-wrap items-end gap-3">
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="id" value={user.id} />
                  <div>
                    <label htmlFor={`role-${user.id}`} className="field-label">
                      {t("adminMembers.users.role")}
                    </label>
                    <select id={`role-${user.id}`} name="role" defaultValue={user.role} className="field-input">
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(ROLE_LABEL_IDS[role])}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button
                    type="submit"
                    className="btn-secondary"
                    aria-label={t("adminMembers.users.changeRoleNamed", { username: user.username })}
                  >
                    {t("adminMembers.users.changeRole")}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="reset" />
                  <input type="hidden" name="id" value={user.id} />
                  <button
                    type="submit"
                    className="btn-secondary"
                    aria-label={t("adminMembers.users.resetNamed", { username: user.username })}
                  >
                    {t("adminMembers.users.reset")}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value={user.disabledAt ? "enable" : "disable"} />
                  <input type="hidden" name="id" value={user.id} />
                  <button
                    type="submit"
                    className="btn-secondary"
                    aria-label={t(user.disabledAt ? "adminMembers.users.enableNamed" : "adminMembers.users.disableNamed", {
                      username: user.username,
                    })}
                  >
                    {t(user.disabledAt ? "adminMembers.users.enable" : "adminMembers.users.disable")}
                  </button>
                </Form>
                <RemoveForm id={user.id} question={t("adminMembers.users.removeQuestion", { username: user.username })}>
                  <button
                    type="submit"
                    className="btn-secondary text-red-800"
                    aria-label={t("adminMembers.users.removeNamed", { username: user.username })}
                  >
                    {t("adminMembers.users.remove")}
                  </button>
                </RemoveForm>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
