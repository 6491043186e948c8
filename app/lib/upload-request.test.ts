import { describe, expect, test } from "vitest";
import { adminT } from "#app/i18n/admin.ts";
import { fileSize } from "./upload-request.ts";

describe("a chosen file's size", () => {
  test("in Lithuanian: megabytes with one decimal after a comma, smaller files in whole kilobytes", () => {
    const t = adminT("lt");
    expect(fileSize(t, 2.44 * 1024 * 1024)).toBe("2,4 MB");
    expect(fileSize(t, 3 * 1024 * 1024)).toBe("3,0 MB");
    expect(fileSize(t, 1024 * 1024)).toBe("1,0 MB");
    expect(fileSize(t, 1024 * 1024 - 1)).toBe("1024 kB");
    expect(fileSize(t, 1500)).toBe("2 kB");
  });

  test("in English: a decimal point", () => {
    const t = adminT("en");
    expect(fileSize(t, 2.44 * 1024 * 1024)).toBe("2.4 MB");
    expect(fileSize(t, 3 * 1024 * 1024)).toBe("3.0 MB");
    expect(fileSize(t, 1500)).toBe("2 kB");
  });
});
