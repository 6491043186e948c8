import { Link } from "#app/i18n/router.tsx";
import { useT } from "#app/i18n/react.tsx";
import type { MessageId } from "#app/i18n/catalog.ts";
import type { UnusableLink } from "#app/lib/account-links.ts";

/** Why an invitation or a new-password link cannot be used, as a message (a refusal's toast may say the same). */
export const UNUSABLE_LINK_MESSAGES: Record<UnusableLink, MessageId> = {
  expired: "common.link.expired",
  used: "common.link.used",
  revoked: "common.link.revoked",
  unknown: "common.link.unknown",
};

/** Why an invitation or a new-password link cannot be used, and the way on. */
export function UnusableLinkNotice({ state }: { state: UnusableLink }) {
  const t = useT();
  return (
    <>
      <p className="mt-3">{t(UNUSABLE_LINK_MESSAGES[state])}</p>
      <p className="mt-4">
        <Link to="/login">{t("common.toLogin")}</Link>
      </p>
    </>
  );
}
