import { expect, test, type Browser, type Page } from "@playwright/test";
import { changeContentVersion } from "#app/.server/platform/content-version.ts";
import { createPerson } from "#app/.server/genealogy/editing.ts";
import { linkPeopleToGalleryItem } from "#app/.server/gallery/gallery.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { axe } from "./axe.ts";
import { logInAs, logInAsAdmin, toasts, useSite } from "./site.ts";
import { siteForWrites } from "./writes.ts";

// A gallery photo's own page (issue 18): reached from the gallery's cards,
// its date and place set in the gallery editor, the people in it under the
// living rule, previous and next, share tags, without JavaScript too.

const SITE_URL = "http://seima.example";
const site = useSite({ SITE_URL });
const WEDDING = "Jono ir Onos vestuvės";
let passwords: Record<"narys" | "redaktorius", string>;
let weddingId: number;
let living: number;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  passwords = await siteForWrites(site());
  const db = site().db();
  weddingId = (await db.selectFrom("galleryItems").select("id").where("title", "=", WEDDING).executeTakeFirstOrThrow()).id;
  // Who is in the photo, as the person editor links them: a man of the tree, and someone alive today.
  const treeId = (await currentTreeId(db))!;
  const bach = (await db.selectFrom("genealogyPeople").select("id").where("givenNames", "=", "Johannes Hans").executeTakeFirstOrThrow()).id;
  living = await createPerson(db, { givenNames: "Gyvenantis", surname: "Dabartinis", birthSurname: "", sex: "F", note: "" });
  await linkPeopleToGalleryItem(db, treeId, weddingId, [bach, living]);
  await changeContentVersion(db);
});

async function visitor(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  return (await browser.newContext({ javaScriptEnabled })).newPage();
}

test("the editor sets when and where; a date that is not one is refused and changes nothing", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/galerija`);
  const item = page.getByTestId("gallery-item").filter({ hasText: WEDDING });
  await item.getByText("Redaguoti aprašymą, datą, matomumą ir failą").click();
  await item.getByLabel("Data").fill("kažkada vasarą");
  await item.getByRole("button", { name: "Išsaugoti" }).click();
  // Named beside the date (after its example forms), kept as typed.
  await expect(item.getByLabel("Data")).toHaveAccessibleDescription(/Data neatpažinta\./);
  await expect(item.getByLabel("Data")).toHaveValue("kažkada vasarą");
  const row = () => site().db().selectFrom("galleryItems").select(["date", "place"]).where("id", "=", weddingId).executeTakeFirstOrThrow();
  expect(await row()).toEqual({ date: "", place: "" });

  await page.goto(`${site().url}/admin/galerija`);
  await item.getByText("Redaguoti aprašymą, datą, matomumą ir failą").click();
  await item.getByLabel("Data").fill("apie 1923");
  await item.getByLabel("Vieta").fill("Alytus");
  await item.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText("Nuotraukos aprašymas atnaujintas!")).toBeVisible();
  expect(await row()).toEqual({ date: "ABT 1923", place: "Alytus" });
  // The editor offers it back, after a reload, in the form it was typed.
  await page.reload();
  await item.getByText("Redaguoti aprašymą, datą, matomumą ir failą").click();
  await expect(item.getByLabel("Data")).toHaveValue("apie 1923");
  await expect(item.getByRole("link", { name: "Nuotraukos puslapis" })).toHaveAttribute("href", `/galerija/${weddingId}`);
});

test("a visitor opens a photo's page from its card: the photo large, when, where, who, previous and next", async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto(`${site().url}/galerija`);
  await page.getByRole("main").getByRole("link", { name: WEDDING, exact: true }).click();
  await expect(page).toHaveURL(`${site().url}/galerija/${weddingId}`);
  await expect(page.getByRole("heading", { level: 1, name: WEDDING })).toBeVisible();

  const photo = page.getByRole("img", { name: WEDDING });
  await expect(photo).toHaveAttribute("src", /^\/media\/[0-9a-f]{24}\/display\.jpg$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const main = page.getByRole("main");
  await expect(main).toContainText("apie 1923 m.");
  await expect(main).toContainText("Alytus");

  const people = page.getByRole("region", { name: "Nuotraukoje" });
  await expect(people.getByRole("link", { name: "Johannes Hans Bach" })).toBeVisible();
  // Someone alive today: the living rule's label, no name, no link.
  await expect(people).toContainText("Gyvas asmuo");
  await expect(people).not.toContainText("Gyvenantis");
  await expect(people.getByRole("link")).toHaveCount(1);

  // Share tags: the photo is the page's picture.
  const src = await photo.getAttribute("src");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${SITE_URL}${src}`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(`^${WEDDING}`));

  await axe(page, "a photo's page");
  const next = page.getByRole("navigation", { name: "Kitos nuotraukos" }).getByRole("link", { name: /^Kita:/ });
  const nextTitle = (await next.innerText()).replace(/^Kita: /, "").replace(/ →$/, "");
  await next.click();
  await expect(page.getByRole("heading", { level: 1, name: nextTitle })).toBeVisible();
  await page.getByRole("link", { name: `← Ankstesnė: ${WEDDING}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: WEDDING })).toBeVisible();
  await page.context().close();
});

test("a member sees the living person's name; a photo for the family only is not there for a visitor", async ({ browser }) => {
  const member = await visitor(browser);
  await logInAs(member, site(), "narys", passwords.narys);
  await member.goto(`${site().url}/galerija/${weddingId}`);
  await expect(member.getByRole("region", { name: "Nuotraukoje" }).getByRole("link", { name: "Gyvenantis Dabartinis" })).toBeVisible();
  await expect(member.getByRole("link", { name: "Pridėti prisiminimą" })).toHaveAttribute(
    "href",
    `/paskyra/pasiulymai/prisiminimas?nuotrauka=${weddingId}`,
  );
  await member.context().close();

  const db = site().db();
  await db.updateTable("galleryItems").set({ membersOnly: 1 }).where("id", "=", weddingId).execute();
  await changeContentVersion(db);
  try {
    const page = await visitor(browser);
    expect((await page.goto(`${site().url}/galerija/${weddingId}`))!.status()).toBe(404);
    expect((await page.goto(`${site().url}/galerija/999999`))!.status()).toBe(404);
    expect((await page.goto(`${site().url}/galerija/abc`))!.status()).toBe(404);
    await page.context().close();
  } finally {
    await db.updateTable("galleryItems").set({ membersOnly: 0 }).where("id", "=", weddingId).execute();
    await changeContentVersion(db);
  }
});

test("without JavaScript a card's picture leads to the photo's page, which shows the large picture", async ({ browser }) => {
  const page = await visitor(browser, false);
  await page.goto(`${site().url}/galerija`);
  const card = page.getByRole("link", { name: `${WEDDING}: atidaryti didesnę nuotrauką` });
  await expect(card).toHaveAttribute("href", `/galerija/${weddingId}`);
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: WEDDING })).toBeVisible();
  await expect
    .poll(() => page.getByRole("img", { name: WEDDING }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.context().close();
});

test("the gallery by decade and by date, and the photos someone is in from their page, without JavaScript too", async ({ browser }) => {
  // (The first test dated the wedding "apie 1923".)
  const page = await visitor(browser, false);
  await page.goto(`${site().url}/galerija`);
  const browsing = page.getByRole("form", { name: "Naršyti galeriją" });
  await browsing.getByLabel("Dešimtmetis").selectOption({ label: "1920–1929 (1)" });
  await browsing.getByLabel("Tvarka").selectOption({ label: "Pagal datą" });
  await browsing.getByRole("button", { name: "Rodyti" }).click();
  await expect(page).toHaveURL(/desimtmetis=1920/);
  await expect(page.getByRole("main").getByRole("link", { name: WEDDING, exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Senoji sodyba", exact: true })).toHaveCount(0);
  // The choice stays in the form.
  await expect(page.getByRole("form", { name: "Naršyti galeriją" }).getByLabel("Dešimtmetis")).toHaveValue("1920");

  // From a person's page: the photos they are in.
  const bach = (
    await site().db().selectFrom("genealogyPeople").select("id").where("givenNames", "=", "Johannes Hans").executeTakeFirstOrThrow()
  ).id;
  await page.goto(`${site().url}/asmuo/${bach}`);
  await page.getByRole("link", { name: /^Galerijoje: visos nuotraukos, kuriose yra Johannes Hans Bach$/ }).click();
  await expect(page).toHaveURL(`${site().url}/galerija?asmuo=${bach}`);
  await expect(page.getByRole("main")).toContainText("Nuotraukos, kuriose yra Johannes Hans Bach.");
  await expect(page.getByRole("main").getByRole("link", { name: WEDDING, exact: true })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Rasta – 1 nuotrauka.");
  // Someone alive today is nobody to a visitor: no list of their photos.
  expect((await page.goto(`${site().url}/galerija?asmuo=${living}`))!.status()).toBe(404);
  await page.context().close();
});

test("the editor links the marriage certificate to the wedding photo; its page lists it, a family-only document only to members", async ({
  page,
  browser,
}) => {
  const db = site().db();
  await db.updateTable("documents").set({ membersOnly: 1 }).where("title", "=", "Žemės sklypo skyrimo aktas").execute();
  await changeContentVersion(db);
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/galerija/${weddingId}/zmones`);
  const documents = page.getByRole("region", { name: "Susiję dokumentai" });
  await expect(documents).toContainText("Su šia nuotrauka dokumentai nesusieti.");
  // Found by a word typed without its letters' marks.
  await documents.getByLabel("Rasti dokumentą").fill("santuokos");
  await documents.getByRole("button", { name: "Ieškoti dokumento" }).click();
  await documents.getByRole("button", { name: "Susieti: Santuokos liudijimas" }).click();
  await expect(toasts(page).getByText("Dokumentas susietas su nuotrauka!")).toBeVisible();
  await documents.getByLabel("Rasti dokumentą").fill("sklypo");
  await documents.getByRole("button", { name: "Ieškoti dokumento" }).click();
  await documents.getByRole("button", { name: "Susieti: Žemės sklypo skyrimo aktas" }).click();
  await expect(toasts(page).getByText("Dokumentas susietas su nuotrauka!")).toBeVisible();
  await expect(documents.getByRole("button", { name: /^Atsieti:/ })).toHaveCount(2);

  const stranger = await visitor(browser, false);
  await stranger.goto(`${site().url}/galerija/${weddingId}`);
  const listed = stranger.getByRole("region", { name: "Dokumentai" });
  await expect(listed).toContainText("Santuokos liudijimas (1923, Santuokos liudijimas)");
  await expect(listed).not.toContainText("Žemės sklypo");
  await stranger.context().close();
  const member = await visitor(browser);
  await logInAs(member, site(), "narys", passwords.narys);
  await member.goto(`${site().url}/galerija/${weddingId}`);
  await expect(member.getByRole("region", { name: "Dokumentai" })).toContainText("Žemės sklypo skyrimo aktas");
  await member.context().close();

  await documents.getByRole("button", { name: "Atsieti: Žemės sklypo skyrimo aktas" }).click();
  await expect(toasts(page).getByText("Dokumentas atsietas.")).toBeVisible();
  expect(await db.selectFrom("photoDocuments").select("documentId").execute()).toHaveLength(1);
});
