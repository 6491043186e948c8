import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ALBUM_DESCRIPTION_MAX, ALBUM_TITLE_MAX, GALLERY_DESCRIPTION_MAX, GALLERY_PLACE_MAX, GALLERY_TITLE_MAX } from "#app/lib/gallery.ts";
import { PHOTO_DATE_MAX } from "#app/lib/memories.ts";
import { PHOTO_NAME_MAX } from "#app/lib/photo-people.ts";
import { adminClient, formRefusalTests } from "./form-posts.ts";
import { hydrated, logInAsAdmin, useSite, type Site } from "./site.ts";

// The gallery's forms, read by the one form reader (form-posts.ts says what
// is checked): a photo's add and edit, an album's, who is in a photo; and the
// upload endpoint, which answers the page's script in JSON.

const site = useSite();
test.describe.configure({ mode: "serial" });

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/sodyba.jpg"));
/** The spec's words for a photo's missing title or description. */
const FILL_IN = "Prašome užpildyti visus laukus";

const galleryRows = (s: Site) =>
  s.db().selectFrom("galleryItems").select(["id", "title", "description", "date", "place", "membersOnly"]).orderBy("id").execute();
const albumRows = async (s: Site) => ({
  albums: await s.db().selectFrom("albums").selectAll().orderBy("id").execute(),
  photos: await s.db().selectFrom("albumPhotos").selectAll().orderBy("albumId").orderBy("galleryItemId").execute(),
});

// An album for its own page's form (the seed has none): album 1.
test.beforeAll(async () => {
  const admin = await adminClient(site());
  const created = await admin.post("/admin/galerija/albumai", { form: { intent: "create", title: "Kaimas" }, maxRedirects: 0 });
  expect(created.headers()["location"]).toBe("/admin/galerija/albumai/1");
  await admin.dispose();
});

formRefusalTests(site, [
  {
    name: "a new photo, without JavaScript",
    action: "/admin/galerija",
    multipart: true,
    hidden: { intent: "add" },
    valid: { intent: "add", title: "Sodyba žiemą", description: "Sodyba po pūgos, apie 1940 m." },
    limits: {
      title: { label: "Pavadinimas", max: GALLERY_TITLE_MAX },
      description: { label: "Aprašymas", max: GALLERY_DESCRIPTION_MAX },
    },
    empty: { title: FILL_IN, description: FILL_IN },
    fieldId: (field) => `add-${field}`,
    stored: galleryRows,
  },
  {
    name: "a photo's edit",
    action: "/admin/galerija",
    hidden: { intent: "update", id: "1" },
    valid: { intent: "update", id: "1", title: "Senoji sodyba", description: "Sodyba prie upės.", date: "apie 1930", place: "Alytus" },
    limits: {
      title: { label: "Pavadinimas", max: GALLERY_TITLE_MAX },
      description: { label: "Aprašymas", max: GALLERY_DESCRIPTION_MAX },
      date: { label: "Data", max: PHOTO_DATE_MAX },
      place: { label: "Vieta", max: GALLERY_PLACE_MAX },
    },
    empty: { title: FILL_IN, description: FILL_IN },
    fieldId: (field) => `item-1-${field}`,
    stored: galleryRows,
  },
  {
    name: "a new album",
    action: "/admin/galerija/albumai",
    hidden: { intent: "create" },
    valid: { intent: "create", title: "Vestuvės 1923", description: "Jono ir Onos vestuvės." },
    limits: { title: { label: "Pavadinimas", max: ALBUM_TITLE_MAX }, description: { label: "Aprašymas", max: ALBUM_DESCRIPTION_MAX } },
    empty: { title: "Įrašykite albumo pavadinimą." },
    stored: albumRows,
  },
  {
    name: "an album's own page",
    action: "/admin/galerija/albumai/1",
    hidden: { intent: "save" },
    valid: { intent: "save", title: "Kaimas ir laukai", description: "Sodyba ir jos laukai." },
    limits: { title: { label: "Pavadinimas", max: ALBUM_TITLE_MAX }, description: { label: "Aprašymas", max: ALBUM_DESCRIPTION_MAX } },
    empty: { title: "Įrašykite albumo pavadinimą." },
    stored: albumRows,
  },
  {
    name: "who is in a photo",
    action: "/admin/galerija/1/zmones",
    hidden: { intent: "add" },
    valid: { intent: "add", name: "Nežinoma kaimynė" },
    limits: { name: { label: "Vardas", max: PHOTO_NAME_MAX } },
    empty: { name: "Pasirinkite asmenį iš medžio arba įrašykite vardą." },
    stored: (s) => s.db().selectFrom("photoPeople").selectAll().orderBy("id").execute(),
  },
]);

test("the upload endpoint answers the page's script the same way, in JSON: each field's message, nothing stored", async () => {
  const admin = await adminClient(site());
  const before = await galleryRows(site());
  const image = { name: "a.jpg", mimeType: "image/jpeg", buffer: PHOTO };
  const post = async (fields: Record<string, string>, withImage = true) => {
    const response = await admin.post("/admin/galerija/ikelti", { multipart: withImage ? { ...fields, image } : fields });
    expect(response.status()).toBe(400);
    const answer = await response.json();
    expect(answer.toast).toMatchObject({ title: "Klaida!", description: "Patikrinkite pažymėtus laukus." });
    return answer;
  };
  expect((await post({})).errors).toEqual({ title: FILL_IN, description: FILL_IN });
  const long = await post({ title: "ą".repeat(GALLERY_TITLE_MAX + 1), description: "Aprašymas" });
  expect(long.errors).toEqual({ title: `Laukas „Pavadinimas“ per ilgas: daugiausia ${GALLERY_TITLE_MAX} simbolių.` });
  expect(long.typed).toEqual({ title: "ą".repeat(GALLERY_TITLE_MAX + 1), description: "Aprašymas" });
  expect((await post({ title: "Be nuotraukos", description: "x" }, false)).errors).toEqual({ image: "Prašome pasirinkti nuotrauką" });
  // An album that is gone, or was never one.
  for (const album of ["999", "x"])
    expect((await post({ title: "T", description: "x", album })).errors).toEqual({ album: "Tokio albumo nebėra" });
  expect(await galleryRows(site())).toEqual(before);
  await admin.dispose();
});

test("with JavaScript a refused edit comes back open, as typed, the focus on the field named", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/galerija`);
  await hydrated(page);
  const item = page.getByTestId("gallery-item").first();
  await item.getByText("Redaguoti aprašymą, datą, matomumą ir failą").click();
  await item.getByLabel("Pavadinimas", { exact: true }).fill(" ");
  await item.getByLabel("Vieta").fill("Kaunas");
  await item.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(item.getByLabel("Pavadinimas", { exact: true })).toBeFocused();
  await expect(item.getByLabel("Pavadinimas", { exact: true })).toHaveAccessibleDescription(FILL_IN);
  await expect(item.getByLabel("Pavadinimas", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(item.getByLabel("Vieta")).toHaveValue("Kaunas");
  expect((await galleryRows(site()))[0].place).toBe("");
});

test("a file that is not a photo, given in place of an item's own, is refused beside its field and changes nothing", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/galerija`);
  await hydrated(page);
  const mediaBefore = await site().db().selectFrom("galleryItems").select(["id", "mediaId"]).orderBy("id").execute();
  const item = page.getByTestId("gallery-item").first();
  await item.getByText("Redaguoti aprašymą, datą, matomumą ir failą").click();
  const file = item.getByLabel(/^Naujas failas nuotraukai/);
  await file.setInputFiles({ name: "laiskas.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Tai ne nuotrauka.") });
  await item.getByRole("button", { name: "Išsaugoti" }).click();
  const refused = page
    .getByTestId("gallery-item")
    .first()
    .getByLabel(/^Naujas failas nuotraukai/);
  await expect(refused).toHaveAccessibleDescription("Šis failas nėra nuotrauka. Pasirinkite paveikslėlio failą (pvz., JPEG, PNG ar TIFF).");
  await expect(refused).toBeFocused();
  expect(await site().db().selectFrom("galleryItems").select(["id", "mediaId"]).orderBy("id").execute()).toEqual(mediaBefore);
});

test("with JavaScript a refused mark names the field: a name over its limit, kept as typed", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/galerija/1/zmones`);
  await hydrated(page);
  const name = page.getByLabel("Arba vardas (jei žmogaus medyje nėra)");
  // (The browser stops at the limit: the script's value goes past it, as a crafted post would.)
  await name.evaluate(
    (input: HTMLInputElement, value) => {
      input.removeAttribute("maxlength");
      input.value = value;
    },
    "ą".repeat(PHOTO_NAME_MAX + 1),
  );
  await page.getByRole("button", { name: "Pažymėti", exact: true }).click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(`Laukas „Vardas“ per ilgas: daugiausia ${PHOTO_NAME_MAX} simbolių.`);
  await expect(name).toHaveValue("ą".repeat(PHOTO_NAME_MAX + 1));
});

test("without JavaScript an album's refused save comes back as typed and ticked", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/galerija/albumai/1`);
  await page.getByLabel("Pavadinimas").fill(" ");
  await page.getByLabel("Aprašymas (nebūtina)").fill("Sodyba ir jos laukai.");
  await page.getByRole("checkbox", { name: "Jono ir Onos vestuvės" }).check();
  await page.getByRole("radio", { name: "Viršelis: Senoji sodyba" }).check();
  await page.getByRole("button", { name: "Išsaugoti albumą" }).click();
  await expect(page.getByLabel("Pavadinimas")).toHaveAccessibleDescription("Įrašykite albumo pavadinimą.");
  await expect(page.getByLabel("Aprašymas (nebūtina)")).toHaveValue("Sodyba ir jos laukai.");
  await expect(page.getByRole("checkbox", { name: "Jono ir Onos vestuvės" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Viršelis: Senoji sodyba" })).toBeChecked();
  expect((await albumRows(site())).photos).toEqual([]);
  await context.close();
});
