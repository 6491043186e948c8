import { Link } from "react-router";
import { LINK_STATE_MESSAGES, type UnusableLink } from "#app/lib/account-links.ts";

/** Why an invitation or a new-password link cannot be used, and the way on. */
export function UnusableLinkNotice({ state }: { state: UnusableLink }) {
  return (
    <>
      <p className="mt-3">{LINK_STATE_MESSAGES[state]}</p>
      <p className="mt-4">
        <Link to="/login">Į prisijungimą</Link>
      </p>
    </>
  );
}
