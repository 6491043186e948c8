import type { Database } from "./db.ts";

export interface FamilyDocument {
  id: number;
  title: string;
  person: string;
  /** Text, as the spec says: a year or a range such as '1920–1925'. */
  year: string;
  type: string;
}

export async function listDocuments(db: Database): Promise<FamilyDocument[]> {
  return db.selectFrom("documents").select(["id", "title", "person", "year", "type"]).orderBy("id").execute();
}
