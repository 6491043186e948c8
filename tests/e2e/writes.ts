import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { addUser, type Site } from "./site.ts";

// One write per route that stores something, as its own form sends it: what
// the role tests send to be refused (roles.spec.ts) and what the render cache
// tests send to change what visitors see (render-cache.spec.ts). The ids
// ('1') name the first row of a site with a tree imported.

export type Write =
  | { form: Record<string, string> }
  | { multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> }
  | { gedcom: Buffer };

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/sodyba.jpg"));
export const GEDCOM = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/gedcom-corpus/samples/bach.ged"));

export const REMOVE = { form: { intent: "remove", id: "1", confirmed: "1" } };

export const WRITES = {
  "/paskyra": { form: { intent: "name", username: "pervadintas" } },
  "/paskyra/raktai": { form: { intent: "options" } },
  "/admin": { form: { familyName: "Įsibrovėliai", contactEmail: "x@example.com" } },
  "/admin/tekstai": { form: { section: "porate", tagline: "Įsibrovėlių šūkis", footerLine: "Įsibrovėliai" } },
  "/admin/istorija": { form: { title: "Įsibrovėlių istorija" } },
  // The story the write before makes (story 1), published.
  "/admin/istorija/pasakojimai": { form: { intent: "create", title: "Įsibrovėlių pasakojimas" } },
  "/admin/istorija/pasakojimai/:id": { form: { title: "Įsibrovėlių pasakojimas", body: "Įsibrovėlių tekstas", published: "1" } },
  "/admin/galerija": REMOVE,
  "/admin/galerija/ikelti": {
    multipart: { title: "Įsibrovėlio nuotrauka", description: "x", image: { name: "a.jpg", mimeType: "image/jpeg", buffer: PHOTO } },
  },
  "/admin/galerija/:id/zmones": { form: { intent: "add", name: "Įsibrovėlis" } },
  // The album the write before makes (album 1), given photo 2.
  "/admin/galerija/albumai": { form: { intent: "create", title: "Įsibrovėlių albumas" } },
  "/admin/galerija/albumai/:id": { form: { intent: "save", title: "Įsibrovėlių albumas", photo: "2" } },
  "/admin/dokumentai": REMOVE,
  "/admin/sveciai": REMOVE,
  "/admin/pavyzdys": { form: { confirmed: "1" } },
  "/admin/medis": { multipart: { intent: "privacy", livingYears: "110" } },
  "/admin/medis/importuoti": { gedcom: GEDCOM },
  "/admin/medis/asmenys": { form: { givenNames: "Įsibrovėlis", surname: "Svetimas" } },
  "/admin/medis/asmenys/:id": { form: { intent: "private", restriction: "confidential" } },
  "/admin/nariai": { form: { intent: "invite", role: "administratorius" } },
  "/admin/pranesimai": { form: { mode: "each", email: "isibrovelis@example.com" } },
  "/paskyra/pasiulymai/asmuo/:id": { form: { kind: "event", tag: "OCCU", date: "", place: "", value: "Įsibrovėlio profesija" } },
  "/paskyra/pasiulymai/prisiminimas": {
    multipart: { text: "Įsibrovėlio prisiminimas", photos: { name: "a.jpg", mimeType: "image/jpeg", buffer: PHOTO } },
  },
  "/paskyra/pasiulymai/nuotrauka": {
    multipart: { title: "Įsibrovėlio nuotrauka", photo: { name: "a.jpg", mimeType: "image/jpeg", buffer: PHOTO } },
  },
} satisfies Record<string, Write>;

/** Posts a write as a browser's form would (a GEDCOM file as the import page sends it); no redirect followed. */
export function send(client: APIRequestContext, url: string, write: Write | undefined): Promise<APIResponse> {
  const options = { maxRedirects: 0 };
  if (!write) return client.post(url, { ...options, form: { intent: "tikrinimas" } });
  if ("form" in write) return client.post(url, { ...options, form: write.form });
  if ("multipart" in write) return client.post(url, { ...options, multipart: write.multipart });
  return client.post(`${url}?failas=roles.ged`, { ...options, headers: { "Content-Type": "text/plain" }, data: write.gedcom });
}

/**
 * The site these writes are made for: a tree (bach.ged, person 1 and on) and
 * a member and an editor made with the operators' tool; returns their passwords.
 */
export async function siteForWrites(site: Site): Promise<Record<"narys" | "redaktorius", string>> {
  const file = path.join(site.dataDir, "bach.ged");
  fs.writeFileSync(file, GEDCOM);
  const store = mediaStore({ dataDir: site.dataDir, uploads: { maxBytes: 30 * 1024 * 1024, maxPixels: 100_000_000 } });
  await importFile(site.db(), store, file, { sourceName: "bach.ged" });
  return { narys: addUser(site, "narys", "narys"), redaktorius: addUser(site, "redaktorius", "redaktorius") };
}
