import { describe, expect, test } from "vitest";
import { takeToast, toastCookie } from "./toast.ts";

/** A request for `path` carrying the cookie a redirect with this toast set. */
async function landing(path: string, cookie: string): Promise<Request> {
  return new Request(`http://localhost${path}`, { headers: { Cookie: cookie.split(";")[0] } });
}

describe("the toast after a redirect", () => {
  test("is said in the language of the page it lands on, its values filled in", async () => {
    const cookie = await toastCookie("loginThrottled", { minutes: 15 });
    const lt = await takeToast(await landing("/prisijungimas", cookie));
    expect(lt.toast).toMatchObject({
      title: "Per daug nesėkmingų bandymų prisijungti",
      description: "Prisijungimas laikinai užblokuotas. Bandykite dar kartą po 15 min.",
      variant: "error",
    });
    expect(lt.clear).toContain("pranesimas=");
    const en = await takeToast(await landing("/en/prisijungimas", cookie));
    expect(en.toast).toMatchObject({
      title: "Too many failed attempts to log in",
      description: "Logging in is blocked for a while. Try again in 15 min.",
      variant: "error",
    });
    // An English page's data request too (a client-side navigation).
    expect((await takeToast(await landing("/en/galerija.data", cookie))).toast?.title).toBe("Too many failed attempts to log in");
  });

  test("without a description or note has none", async () => {
    const { toast } = await takeToast(await landing("/en", await toastCookie("roleChanged")));
    expect(toast).toEqual({ title: "Role changed", variant: "success", id: expect.any(String) });
  });

  test("a cookie that names no toast shows nothing, and is cleared", async () => {
    const { toast, clear } = await takeToast(await landing("/", "pranesimas=eyJrZXkiOiJuZXJhIn0%3D"));
    expect(toast).toBeNull();
    expect(clear).toContain("pranesimas=");
  });
});
