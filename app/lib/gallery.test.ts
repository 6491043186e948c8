import { describe, expect, test } from "vitest";
import { GALLERY_TITLE_MAX, titleFromFileName } from "./gallery.ts";

describe("a photo's title from its file's name", () => {
  test("without the extension, separators as spaces, the first letter capital", () => {
    expect(titleFromFileName("vestuves_1923-Alytus.jpg")).toBe("Vestuves 1923 Alytus");
    expect(titleFromFileName("IMG_2034.JPEG")).toBe("IMG 2034");
    expect(titleFromFileName("šeima prie klėties.tif")).toBe("Šeima prie klėties");
    expect(titleFromFileName("senelis..su.arkliu.png")).toBe("Senelis su arkliu");
  });

  test("a name with nothing left, or a very long one", () => {
    expect(titleFromFileName(".jpg")).toBe("Nuotrauka");
    expect(titleFromFileName("___.png")).toBe("Nuotrauka");
    expect(titleFromFileName(`${"a".repeat(300)}.jpg`)).toHaveLength(GALLERY_TITLE_MAX);
  });
});
