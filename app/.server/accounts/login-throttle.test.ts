import { describe, expect, test } from "vitest";
import { blockedUntil, MAX_FAILED_LOGINS, minutesUntil, THROTTLE_WINDOW_MS, throttleKey } from "./login-throttle.ts";

const MIN = 60_000;
const now = Date.parse("2026-11-21T12:00:00Z");

describe("login throttling window", () => {
  test("four failures in the window still allow an attempt", () => {
    expect(
      blockedUntil(
        [1, 2, 3, 4].map((m) => now - m * MIN),
        now,
      ),
    ).toBeNull();
  });

  test("five failures block until the oldest of them is 15 minutes old", () => {
    const failures = [1, 2, 3, 4, 10].map((m) => now - m * MIN);
    expect(MAX_FAILED_LOGINS).toBe(5);
    expect(THROTTLE_WINDOW_MS).toBe(15 * MIN);
    expect(blockedUntil(failures, now)).toBe(now + 5 * MIN);
  });

  test("failures older than the window do not count", () => {
    const failures = [1, 2, 3, 4].map((m) => now - m * MIN).concat([now - 15 * MIN, now - 20 * MIN]);
    expect(blockedUntil(failures, now)).toBeNull();
  });

  test("with more than five failures, the block lasts until only four remain", () => {
    const failures = [1, 2, 3, 4, 5, 6, 7].map((m) => now - m * MIN);
    // The fifth newest (5 minutes ago) leaves the window in 10 minutes.
    expect(blockedUntil(failures, now)).toBe(now + 10 * MIN);
  });

  test("the block ends exactly when the window passes", () => {
    const failures = [1, 2, 3, 4, 5].map((m) => now - m * MIN);
    const until = blockedUntil(failures, now)!;
    expect(blockedUntil(failures, until - 1)).not.toBeNull();
    expect(blockedUntil(failures, until)).toBeNull();
  });

  test("user names count alike whatever their case or spaces", () => {
    expect(throttleKey("  Admin ")).toBe(throttleKey("admin"));
    expect(throttleKey("ŠARŪNAS")).toBe("šarūnas");
  });

  test("minutes to wait are rounded up", () => {
    const at = new Date(now);
    expect(minutesUntil(new Date(now + 10 * MIN + 1), at)).toBe(11);
    expect(minutesUntil(new Date(now + 1000), at)).toBe(1);
  });
});
