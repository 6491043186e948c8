import { MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH } from "../lib/guestbook.ts";
import type { Database } from "./db.ts";

export interface GuestbookEntry {
  id: number;
  name: string;
  message: string;
  createdAt: string;
}

/** Entries the public may read, newest first. */
export async function listApprovedEntries(db: Database): Promise<GuestbookEntry[]> {
  return db
    .selectFrom("guestbookEntries")
    .select(["id", "name", "message", "createdAt"])
    .where("approved", "=", 1)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
}


export type GuestbookFormResult =
  | { ok: true; entry: { name: string; message: string } }
  | { ok: false; error: "missing" | "tooLong" };

/** Reads and checks the public form: both fields required, within their limits. */
export function parseGuestbookForm(form: FormData): GuestbookFormResult {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : "";
  };
  const name = text("name");
  const message = text("message");
  if (!name || !message) return { ok: false, error: "missing" };
  if (name.length > NAME_MAX_LENGTH || message.length > MESSAGE_MAX_LENGTH) return { ok: false, error: "tooLong" };
  return { ok: true, entry: { name, message } };
}

/** Stores an entry; it stays hidden from the public until the administrator approves it. */
export async function addEntry(db: Database, entry: { name: string; message: string }): Promise<void> {
  await db
    .insertInto("guestbookEntries")
    .values({ ...entry, createdAt: new Date().toISOString(), approved: 0 })
    .execute();
}
