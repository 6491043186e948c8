import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:4711";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const urls = process.argv.slice(2);
for (const [w, h] of [[390, 844], [1280, 900]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, hasTouch: w < 500, isMobile: w < 500, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  for (const u of urls) {
    await page.goto(base + u);
    await page.waitForTimeout(800);
    const name = u.replace(/[^a-z0-9]+/gi, "_");
    await page.screenshot({ path: `/tmp/shot-${name}-${w}.png`, fullPage: false });
  }
  await ctx.close();
}
await browser.close();
