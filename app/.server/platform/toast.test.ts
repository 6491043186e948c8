import { describe, expect, test } from "vitest";
import { refusal, takeToast, toastCookie } from "./toast.ts";
import { inRequestLanguage } from "./request-language.ts";

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

describe("a refusal", () => {
  test("is said in the request's language, the administration's words too (the page's toaster knows only the site's)", () => {
    const refused = (locale: "lt" | "en") =>
      inRequestLanguage(locale, () => refusal({ title: "adminMembers.users.lastAdministrator", variant: "error" }, 409));
    expect(refused("lt").data.toast.title).toMatch(/^Tai vienintelis administratorius/);
    expect(refused("en").data.toast.title).toMatch(/^This is the only administrator/);
    expect(refused("en").init?.status).toBe(409);
    // A toast of the catalog by its name, and a sentence already said, shown as it is.
    expect(inRequestLanguage("en", () => refusal("userNotFound", 404)).data.toast.title).toBe("There is no such member");
    expect(inRequestLanguage("en", () => refusal({ title: "Jau pasakyta.", variant: "error" })).data.toast.title).toBe("Jau pasakyta.");
  });
});
