import { expect, test } from "vitest";
import { z } from "zod";
import { checkbox, emailField, readForm, textField } from "./form.ts";

const FORM = z.object({
  title: textField("Pavadinimas", { max: 10 }),
  text: textField("Tekstas", { max: 20, optional: true, keepSpaces: true }),
  email: emailField("El. paštas", 50),
  shown: checkbox(),
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

test("a form that passes gives its values: titles trimmed, texts kept as typed with line breaks made \\n, a ticked box true", () => {
  const read = readForm(form({ title: "  Jonaičiai ", text: "  a\r\nb", email: "ona@pastas.lt", shown: "1", extra: "x" }), FORM);
  expect(read).toEqual({
    ok: true,
    value: { title: "Jonaičiai", text: "  a\nb", email: "ona@pastas.lt", shown: true },
    typed: { title: "  Jonaičiai ", text: "  a\r\nb", email: "ona@pastas.lt", shown: "1" },
  });
});

test("an empty form names every required field at once, in Lithuanian", () => {
  const read = readForm(new FormData(), FORM);
  expect(read).toEqual({
    ok: false,
    typed: {},
    errors: { title: "Laukas „Pavadinimas“ privalomas.", email: "Laukas „El. paštas“ privalomas." },
  });
});

test("over-long input is refused with the limit named, never cut, and what was typed comes back whole", () => {
  const long = "ą".repeat(21);
  const read = readForm(form({ title: "Per ilgas pavadinimas", text: long, email: "ne adresas" }), FORM);
  expect(read.ok).toBe(false);
  if (read.ok) return;
  expect(read.errors).toEqual({
    title: "Laukas „Pavadinimas“ per ilgas: daugiausia 10 simbolių.",
    text: "Laukas „Tekstas“ per ilgas: daugiausia 20 simbolių.",
    email: "Įrašykite teisingą el. pašto adresą, pvz., vardas@pastas.lt.",
  });
  expect(read.typed).toEqual({ title: "Per ilgas pavadinimas", text: long, email: "ne adresas" });
});

test("a file where text was expected is not read as text", () => {
  const data = form({ title: "Jonaičiai", email: "ona@pastas.lt" });
  data.set("text", new File(["x"], "x.txt"));
  const read = readForm(data, FORM);
  expect(read).toMatchObject({ ok: true, value: { text: "" } });
});
