import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";

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
  "/admin/galerija": REMOVE,
  "/admin/galerija/ikelti": {
    multipart: { title: "Įsibrovėlio nuotrauka", description: "x", image: { name: "a.jpg", mimeType: "image/jpeg", buffer: PHOTO } },
  },
  "/admin/dokumentai": REMOVE,
  "/admin/sveciai": REMOVE,
  "/admin/medis": { multipart: { intent: "privacy", livingYears: "110" } },
  "/admin/medis/importuoti": { gedcom: GEDCOM },
  "/admin/medis/asmenys": { form: { givenNames: "Įsibrovėlis", surname: "Svetimas" } },
  "/admin/medis/asmenys/:id": { form: { intent: "private", private: "1" } },
  "/admin/nariai": { form: { intent: "invite", role: "administratorius" } },
} satisfies Record<string, Write>;

/** Posts a write as a browser's form would (a GEDCOM file as the import page sends it); no redirect followed. */
export function send(client: APIRequestContext, url: string, write: Write | undefined): Promise<APIResponse> {
  const options = { maxRedirects: 0 };
  if (!write) return client.post(url, { ...options, form: { intent: "tikrinimas" } });
  if ("form" in write) return client.post(url, { ...options, form: write.form });
  if ("multipart" in write) return client.post(url, { ...options, multipart: write.multipart });
  return client.post(`${url}?failas=roles.ged`, { ...options, headers: { "Content-Type": "text/plain" }, data: write.gedcom });
}
