import { expect, test } from "vitest";
import { z } from "zod";
import { checkbox, emailField, idField, lineField, readForm, textField } from "./form.ts";

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

// The gallery's helpers (issue 27, group a).
test("a one-line field makes each run of spaces and line breaks one space; an id field is null, a number, or refused", () => {
  const LINES = z.object({
    name: lineField("Vardas", { max: 5 }),
    place: lineField("Vieta", { max: 5, optional: true }),
    album: idField("Tokio albumo nebėra"),
  });
  expect(readForm(form({ name: "  a \r\n\t b ", album: "7" }), LINES)).toMatchObject({
    ok: true,
    value: { name: "a b", place: "", album: 7 },
  });
  expect(readForm(form({ name: "a", album: " " }), LINES)).toMatchObject({ ok: true, value: { album: null } });
  expect(readForm(form({ name: "   ", place: "ąąąąąą", album: "1e18" }), LINES)).toEqual({
    ok: false,
    typed: { name: "   ", place: "ąąąąąą", album: "1e18" },
    errors: {
      name: "Laukas „Vardas“ privalomas.",
      place: "Laukas „Vieta“ per ilgas: daugiausia 5 simbolių.",
      album: "Tokio albumo nebėra",
    },
  });
  expect(readForm(form({ name: "a", album: "99999999999" }), LINES)).toMatchObject({ ok: false, errors: { album: "Tokio albumo nebėra" } });
});
