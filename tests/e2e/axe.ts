import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe's findings on the page as it is (or on the part `include` selects). Legacy mode runs axe in the page
 * itself: the default opens a second page for every analysis to merge the
 * results of frames, which doubled each analysis's time (axe ran in most of
 * the browser suite's minutes), and the site draws no frames to merge.
 */
export function analyze(page: Page, { include }: { include?: string } = {}) {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  return (include ? builder.include(include) : builder).analyze();
}

/** No accessibility violation (axe) on the page as it is, at a phone's width and a desktop's. */
export async function axe(page: Page, label: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await analyze(page);
    expect(violations, `${label} at ${width} px`).toEqual([]);
  }
}
