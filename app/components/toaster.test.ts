import { expect, test } from "vitest";
import { stackToasts, type ShownToast } from "./toaster.tsx";

const toast = (id: string, group: string): ShownToast => ({ id, group, title: id, variant: "info" });
const ids = (list: ShownToast[]) => list.map((t) => t.id);

test("a newer toast about the same page's forms replaces the older one", () => {
  const refused = stackToasts([], toast("Klaida!", "/sveciai"));
  expect(ids(stackToasts(refused, toast("Įrašas pridėtas!", "/sveciai")))).toEqual(["Įrašas pridėtas!"]);
});

test("at most two toasts show at once, the newest", () => {
  let list: ShownToast[] = [];
  for (const [id, group] of [
    ["a", "/admin"],
    ["b", "/admin/galerija"],
    ["c", "/admin/tekstai"],
  ]) {
    list = stackToasts(list, toast(id, group));
  }
  expect(ids(list)).toEqual(["b", "c"]);
});
