import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { createAlbum } from "#app/.server/gallery/albums.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { createStory } from "#app/.server/stories/stories.ts";
import { storyFields } from "#tests/story-fields.ts";
import { logInAsAdmin, useSite } from "./site.ts";

// Phones and older eyes (issue 28, point 10): everything a finger taps is at
// least 24 × 24 CSS px on a phone's screen: links standing on their own,
// buttons, checkboxes, menus. A link inside a sentence is exempt, as WCAG 2.2
// (2.5.8) exempts it: its height is the line's. The sweep walks every page it
// can reach from the home page and the administration, as a visitor and as
// the administrator (who sees every edit control on the public pages too).

const site = useSite();
test.describe.configure({ mode: "serial" });

const PHONE = { width: 390, height: 844 };
const FLOOR = 24;

test.beforeAll(async () => {
  const store = mediaStore({ dataDir: site().dataDir, uploads: { maxBytes: 30 * 1024 * 1024, maxPixels: 100_000_000 } });
  await importFile(site().db(), store, path.resolve("tests/fixtures/gedcom/lietuviai-utf8.ged"), { sourceName: "lietuviai.ged" });
  // A story and an album, so their pages are among those walked.
  await createStory(site().db(), storyFields({ body: "Sodyba stovėjo prie kelio. Joje gyveno [Jonas](asmuo:1)." }), null);
  await createAlbum(site().db(), { title: "Vestuvės", description: "Giminės vestuvių nuotraukos." });
});

/** Pages no link of the walk leads to: a search's answer, a relationship, a page that does not exist. */
const ALSO = ["/medis/paieska?q=Jon", "/giminyste?a=1&b=3", "/nera-tokio"];

/** The signed-in person proposes a fact about person 1: it waits for review. */
async function propose(page: Page) {
  await page.goto(`${site().url}/paskyra/pasiulymai/asmuo/1`);
  const added = page.locator("section", { has: page.getByRole("heading", { name: "Pridėti faktą ar įvykį" }) });
  await added.getByLabel("Kas").selectOption("OCCU");
  await added.getByLabel("Aprašymas (nebūtina)").fill("Kalvis");
  await added.getByRole("button", { name: "Siūlyti faktą" }).click();
  await expect(page).toHaveURL(`${site().url}/paskyra/pasiulymai`);
}

/** Every tap target on the page smaller than the floor, as "<tag> 'text' W×H". */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((floor) => {
    const words = /[\p{L}\p{N}]/u;
    const targets = [
      ...document.querySelectorAll<HTMLElement | SVGElement>(
        "a[href], button, select, summary, input:not([type=hidden]), textarea, [role=button], [tabindex]:not([tabindex='-1'])",
      ),
    ];
    const isTarget = (node: Node) => node instanceof Element && targets.includes(node as HTMLElement);
    // The text of a block without its targets' own text: a sentence around a link.
    const ownText = (block: Element): string =>
      [...block.childNodes]
        .map((child) => (isTarget(child) ? "" : child instanceof Element ? ownText(child) : (child.textContent ?? "")))
        .join("");
    const small: string[] = [];
    for (const target of targets) {
      const rect = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      // Not drawn, or drawn only for screen readers (the skip link before it is focused).
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === "hidden") continue;
      // A file input's own box is hidden behind the label a person taps; that label is measured instead.
      if (target instanceof HTMLInputElement && target.type === "file" && Number(style.opacity) === 0) continue;
      if (style.display === "inline") {
        let block: Element | null = target.parentElement;
        while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
        if (block && words.test(ownText(block))) continue;
      }
      if (rect.width >= floor && rect.height >= floor) continue;
      const label = (target.getAttribute("aria-label") ?? target.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const kind = target instanceof HTMLInputElement ? `input[${target.type}]` : target.tagName.toLowerCase();
      small.push(`${kind} '${label}' ${Math.round(rect.width)}×${Math.round(rect.height)}`);
    }
    return small;
  }, FLOOR);
}

/** The site's pages a person reaches by links from `start`, one of each kind (numbers in the address stand for any). */
async function sweep(page: Page, starts: string[]): Promise<Record<string, string[]>> {
  const origin = site().url;
  const queue = starts.map((start) => new URL(start, origin).href);
  const seen = new Set<string>();
  const found: Record<string, string[]> = {};
  while (queue.length > 0 && seen.size < 120) {
    const address = queue.shift()!;
    const kind = new URL(address).pathname.replace(/\d+/g, "N");
    if (seen.has(kind)) continue;
    seen.add(kind);
    // A link to a file (an export) starts a download: not a page.
    const response = await page.goto(address).catch((error: Error) => {
      if (error.message.includes("Download is starting")) return null;
      throw error;
    });
    // A page that does not exist is drawn too (its links back count); refusals and files are not pages.
    if (!response || ![200, 404].includes(response.status()) || !response.headers()["content-type"]?.startsWith("text/html")) continue;
    const small = await smallTargets(page);
    if (small.length > 0) found[kind] = small;
    const links = await page.locator("a[href]").evaluateAll((all) =>
      // SVG links (the chart's boxes) too: their href is read as written and resolved here.
      all.filter((a) => !a.hasAttribute("download")).map((a) => new URL(a.getAttribute("href")!, location.href).href),
    );
    for (const link of links) {
      const url = new URL(link);
      url.hash = "";
      // Files, exports and leaving the session are not pages.
      if (url.origin !== new URL(origin).origin || /^\/(media|logout|atsijungti)|\.(ged|zip|xml|txt|json|pdf)$/.test(url.pathname))
        continue;
      queue.push(url.href);
    }
  }
  expect(seen.size, "pages reached").toBeGreaterThan(10);
  return found;
}

test("a visitor's phone: every link on its own, button and field is at least 24 × 24 px", async ({ browser }) => {
  test.setTimeout(5 * 60_000);
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  expect(await sweep(page, ["/", ...ALSO])).toEqual({});
  await context.close();
});

test("the administrator's phone: every page of the site and of the administration, the same floor", async ({ browser }) => {
  test.setTimeout(10 * 60_000);
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await logInAsAdmin(page, site());
  // A proposal waiting for review: its card on the review page, and in the proposer's own list.
  await propose(page);
  expect(await sweep(page, ["/admin", "/", "/paskyra/raktai", ...ALSO])).toEqual({});
  await context.close();
});

/** Each link's row (its middle's height: a link with a count is a little taller) and left edge, in the order drawn. */
function placesOf(page: Page, menu: string) {
  return page
    .getByRole("navigation", { name: menu })
    .locator("a, button")
    .evaluateAll((all) =>
      all
        .map((element) => ({ text: element.textContent!.trim(), box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0)
        .map(({ text, box }) => ({ text, top: Math.round(box.top + box.height / 2), left: Math.round(box.left) })),
    );
}

test("the menus: no link left alone on a row; the administration's on one row at 1280 px, waiting counts included", async ({ browser }) => {
  // Something waits in both places that show a count: a proposal, and a guestbook message.
  await site()
    .db()
    .insertInto("guestbookEntries")
    .values({ name: "Aldona", message: "Sveiki visi!", createdAt: new Date().toISOString(), status: "pending", clientHash: null })
    .execute();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logInAsAdmin(page, site());
  await propose(page);
  await page.goto(`${site().url}/admin`);
  await expect(page.getByRole("navigation", { name: "Administravimo meniu" }).locator("[data-waiting]")).toHaveCount(2);

  for (const width of [1280, 1024, 800]) {
    await page.setViewportSize({ width, height: 900 });
    // The site's own menu (from 1024 px; narrower it folds into "Meniu"): one row, "Atsijungti" on it.
    const header = await placesOf(page, "Pagrindinė navigacija");
    if (width >= 1024) {
      expect(header.map((link) => link.text)).toContain("Atsijungti");
      expect(new Set(header.map((link) => link.top)).size, `header at ${width} px: ${JSON.stringify(header)}`).toBe(1);
    } else {
      expect(header, `header at ${width} px`).toEqual([]);
      await expect(page.getByText("Meniu")).toBeVisible();
    }
    const admin = await placesOf(page, "Administravimo meniu");
    // All ten of its links drawn (auth.spec.ts checks their names and order).
    expect(admin, `administration at ${width} px`).toHaveLength(10);
    const rows = new Set(admin.map((link) => link.top));
    if (width === 1280) expect(rows.size, `administration at ${width} px: ${JSON.stringify(admin)}`).toBe(1);
    // Narrower, in columns: every link starts where one of the first row's does, so no row's last link stands apart.
    const columns = new Set(admin.filter((link) => link.top === admin[0].top).map((link) => link.left));
    for (const link of admin) expect(columns, `administration at ${width} px: ${link.text}`).toContain(link.left);
  }
  await page.setViewportSize(PHONE);
  const phone = await placesOf(page, "Administravimo meniu");
  const columns = new Set(phone.filter((link) => link.top === phone[0].top).map((link) => link.left));
  expect(columns.size).toBe(2);
  for (const link of phone) expect(columns, `administration at 390 px: ${link.text}`).toContain(link.left);
  await context.close();
});
