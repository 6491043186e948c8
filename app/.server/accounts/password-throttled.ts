import { minutesUntil } from "./login-throttle.ts";
import { refusal } from "#app/.server/platform/toast.ts";
import { requestT } from "#app/.server/platform/request-language.ts";

/**
 * The answer when the current password may not be checked now (too many wrong
 * ones: users.ts checkCurrentPassword): 429, the toast saying for how long,
 * the same words beside the password's field, what was typed without the
 * passwords (`secrets`), which are never sent back.
 */
export function passwordThrottled(typed: Record<string, string>, field: string, retryAt: Date, secrets: readonly string[]) {
  const minutes = minutesUntil(retryAt, new Date());
  const kept = Object.fromEntries(Object.entries(typed).filter(([name]) => !secrets.includes(name)));
  return refusal("passwordChecksThrottled", 429, {
    typed: kept,
    errors: { [field]: requestT()("account.refusal.passwordThrottled", { minutes }) },
  });
}
