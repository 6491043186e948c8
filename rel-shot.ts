import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const [name, url, width] of [
  ["daiva390", "/giminyste?a=8&b=18", 390],
  ["daiva1280", "/giminyste?a=8&b=18", 1280],
  ["uosvis390", "/giminyste?a=3&b=15", 390],
  ["tomas390", "/giminyste?a=8&b=12", 390],
  ["person390", "/asmuo/8", 390],
  ["choose390", "/giminyste?a=8&paieska=biru", 390],
  ["empty390", "/giminyste", 390],
  ["none390", "/giminyste?a=8&b=19", 390],
  ["hidden390", "/giminyste?a=8&b=11", 390],
] as const) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const r = await page.goto(`http://127.0.0.1:4871${url}`);
  console.log(name, r?.status());
  await page.screenshot({ path: `/tmp/rel/${name}.png`, fullPage: true });
  await page.close();
}
await browser.close();
