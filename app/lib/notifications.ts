/** How the administrator hears of new proposals and guestbook entries (app/.server/accounts/notifications.ts). */
export type NotifyMode = "none" | "each" | "digest";
export const NOTIFY_MODES: Record<NotifyMode, string> = {
  none: "Nesiųsti laiškų",
  each: "Laiškas apie kiekvieną naują pasiūlymą ar svečių knygos įrašą",
  digest: "Kartą per dieną – naujų pasiūlymų ir įrašų suvestinė",
};
/** The digest goes out once a day, from this hour on (the family's time). */
export const DIGEST_HOUR = 8;
