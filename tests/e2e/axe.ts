import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** No accessibility violation (axe) on the page as it is, at a phone's width and a desktop's. */
export async function axe(page: Page, label: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations, `${label} at ${width} px`).toEqual([]);
  }
}
