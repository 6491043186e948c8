import { expect, test } from "vitest";
import { mayOpen, requiredRole } from "./access.ts";

test("the access table: the longest prefix decides; public addresses need no role", () => {
  expect(requiredRole("/")).toBeNull();
  expect(requiredRole("/medis/gedcom")).toBeNull();
  expect(requiredRole("/administravimas")).toBeNull();
  expect(requiredRole("/admin")).toBe("redaktorius");
  expect(requiredRole("/admin/galerija/3/originalas")).toBe("redaktorius");
  expect(requiredRole("/admin/nariai")).toBe("administratorius");
  expect(requiredRole("/admin/medis/importuoti")).toBe("administratorius");
  expect(requiredRole("/paskyra/raktai")).toBe("narys");
  expect(requiredRole("/medis/gedcom/nariams")).toBe("narys");
});

test("an address spelt as the router still matches it asks for the same role", () => {
  // React Router matches without regard to case and after percent-decoding.
  expect(requiredRole("/Admin/Nariai")).toBe("administratorius");
  expect(requiredRole("/ADMIN/GALERIJA")).toBe("redaktorius");
  expect(requiredRole("/admin/n%61riai")).toBe("administratorius");
  expect(requiredRole("/%61dmin")).toBe("redaktorius");
  expect(requiredRole("/admin/nariai/")).toBe("administratorius");
  expect(requiredRole("/Paskyra")).toBe("narys");
});

test("the menus: a role may open what needs it or less", () => {
  expect(mayOpen(null, "/galerija")).toBe(true);
  expect(mayOpen(null, "/paskyra")).toBe(false);
  expect(mayOpen("narys", "/paskyra")).toBe(true);
  expect(mayOpen("narys", "/admin")).toBe(false);
  expect(mayOpen("redaktorius", "/admin/galerija")).toBe(true);
  expect(mayOpen("redaktorius", "/admin/nariai")).toBe(false);
  expect(mayOpen("administratorius", "/admin/nariai")).toBe(true);
});
