import { describe, expect, test } from "vitest";
import { decadeDays, decadeOf, GALLERY_TITLE_MAX, parseGalleryBrowse, photoDateFrom, titleFromFileName } from "./gallery.ts";

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

describe("browsing the gallery by date", () => {
  test("a photo's date as a day to sort by, and its decade", () => {
    expect(photoDateFrom("")).toBeNull();
    expect(photoDateFrom("kažkada")).toBeNull();
    const [from1930, from1940] = decadeDays(1930);
    expect(photoDateFrom("1930")).toBe(from1930);
    expect(photoDateFrom("ABT 1936")).toBeGreaterThan(from1930);
    expect(photoDateFrom("BET 1935 AND 1945")).toBeLessThan(from1940);
    expect(decadeOf(photoDateFrom("31 DEC 1939")!)).toBe(1930);
    expect(decadeOf(photoDateFrom("1 JAN 1940")!)).toBe(1940);
    expect(photoDateFrom("1 JAN 1940")).toBe(from1940);
  });

  test("what the address asks for; anything else is as if not asked", () => {
    const browse = (q: string) => parseGalleryBrowse(new URLSearchParams(q));
    expect(browse("tvarka=data&desimtmetis=1930&asmuo=12&albumas=3")).toEqual({ byDate: true, decade: 1930, personId: 12, albumId: 3 });
    const none = { byDate: false, decade: null, personId: null, albumId: null };
    expect(browse("")).toEqual(none);
    expect(browse("tvarka=x&desimtmetis=1935&asmuo=-1&albumas=0")).toEqual(none);
    expect(browse("desimtmetis=abc&asmuo=1.5&albumas=x")).toEqual(none);
    // More than an id column holds (PostgreSQL's integer) is no one and no album.
    expect(browse("asmuo=3000000000&albumas=99999999999")).toEqual(none);
  });
});
