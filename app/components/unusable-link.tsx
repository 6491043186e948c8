import { Link } from "#app/i18n/router.tsx";
import { useT } from "#app/i18n/react.tsx";
import { LINK_STATE_MESSAGES, type UnusableLink } from "#app/lib/account-links.ts";

/** Why an invitation or a new-password link cannot be used, and the way on. */
export function UnusableLinkNotice({ state }: { state: UnusableLink }) {
  const t = useT();
  return (
    <>
      <p className="mt-3">{LINK_STATE_MESSAGES[state]}</p>
      <p className="mt-4">
        <Link to="/login">{t("common.toLogin")}</Link>
      </p>
    </>
  );
}
