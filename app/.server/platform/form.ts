import { z } from "zod";
import { requestT } from "./request-language.ts";
import { parseId } from "#app/lib/numbers.ts";
import { EMAIL } from "#app/lib/site.ts";
import { refusal } from "./toast.ts";

// One way to read a form (issue 27): a zod schema per form, built from the
// field helpers below so that every refusal reads alike, and one result shape
// for every action: what was typed (to fill the form in again, with or without
// JavaScript), a Lithuanian message per field, and the form's own message.
// Over-long input is refused with the limit named, never cut silently.

/** A form the reader refused: each field's text as typed, and what is wrong, by field name. */
export interface FormRefused {
  ok: false;
  typed: Record<string, string>;
  errors: Record<string, string>;
}

export type FormRead<T> = { ok: true; value: T; typed: Record<string, string> } | FormRefused;

/** What is wrong with a text field, in the words the editor reads. */
// Said in the language of the request being answered (a form is read while
// its action runs); a label may be a message id or still a Lithuanian word.
export const fieldMessages = {
  tooLong: (label: string, max: number) => requestT()("common.form.tooLong", { label: requestT().say(label), max }),
  required: (label: string) => requestT()("common.form.required", { label: requestT().say(label) }),
  email: () => requestT()("common.form.email"),
};

const lineBreaks = (value: string) => value.replace(/\r\n?/g, "\n");

/**
 * A text field: line breaks made "\n", trimmed unless `keepSpaces` (a
 * multi-line text keeps its indentation), at most `max` characters; required
 * unless `optional`, with `required` as the message when given.
 */
export function textField(label: string, options: { max: number; optional?: boolean; required?: string; keepSpaces?: boolean }) {
  return z
    .string()
    .default("")
    .transform((value) => (options.keepSpaces ? lineBreaks(value) : lineBreaks(value).trim()))
    .check((ctx) => {
      if (ctx.value.length > options.max)
        ctx.issues.push({ code: "custom", message: fieldMessages.tooLong(label, options.max), input: ctx.value });
      else if (!options.optional && ctx.value.trim() === "")
        ctx.issues.push({
          code: "custom",
          message: options.required ? requestT().say(options.required) : fieldMessages.required(label),
          input: ctx.value,
        });
    });
}

/** An e-mail address field: required unless `optional`; one typed must be an address. */
export function emailField(label: string, max: number, options: { optional?: boolean } = {}) {
  return textField(label, { max, optional: options.optional }).check((ctx) => {
    if (ctx.value !== "" && ctx.value.length <= max && !EMAIL.test(ctx.value))
      ctx.issues.push({ code: "custom", message: fieldMessages.email(), input: ctx.value });
  });
}

/** A checkbox sent as "1" when ticked. */
export const checkbox = () =>
  z
    .string()
    .optional()
    .transform((value) => value === "1");

/**
 * Reads `form` with `schema`: each field's first value (files and other
 * entries the schema does not name are left out), checked all at once so
 * every wrong field is named together.
 */
export function readForm<S extends z.ZodObject>(form: FormData, schema: S): FormRead<z.output<S>> {
  const typed: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = form.get(name);
    if (typeof value === "string") typed[name] = value;
  }
  const parsed = schema.safeParse(typed);
  if (parsed.success) return { ok: true, value: parsed.data, typed };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return { ok: false, typed, errors };
}

/** A refusal found after the form was read (the chosen photo is gone): one field named, the same shape as the reader's. */
export function refusedField(typed: Record<string, string>, field: string, message: string): FormRefused {
  // A message id is said in the language of the request being answered.
  return { ok: false, typed, errors: { [field]: requestT().say(message) } };
}

/** The answer to a refused form, the same for every action: 400, the "check the fields" toast, what was typed and each field's message. */
export function refuseForm<Kept extends object = object>(read: FormRefused, kept?: Kept) {
  // `kept`: what the reader does not hold but the page must keep too (the boxes ticked in a list).
  return refusal("formInvalid", 400, { ...(kept as Kept), typed: read.typed, errors: read.errors });
}

// More kinds of field: a one-line text, an id chosen in the form, a whole number, a choice, a password.

/**
 * A one-line text field (a title, a place, a name): every run of spaces, tabs
 * or line breaks made one space, trimmed, at most `max` characters; required
 * unless `optional`, with `required` as the message when given.
 */
export function lineField(label: string, options: { max: number; optional?: boolean; required?: string }) {
  return z
    .string()
    .default("")
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .check((ctx) => {
      if (ctx.value.length > options.max)
        ctx.issues.push({ code: "custom", message: fieldMessages.tooLong(label, options.max), input: ctx.value });
      else if (!options.optional && ctx.value === "")
        ctx.issues.push({
          code: "custom",
          message: options.required ? requestT().say(options.required) : fieldMessages.required(label),
          input: ctx.value,
        });
    });
}

/**
 * An id chosen in the form (a radio button, a list, a hidden field): null when
 * left empty, else a whole number an id column holds; anything else is
 * refused with `message` (what the chosen thing's absence is called).
 */
export function idField(message: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? "").trim();
      if (text === "") return null;
      const id = parseId(text);
      if (id === null) {
        ctx.issues.push({ code: "custom", message: requestT().say(message), input: value });
        return z.NEVER;
      }
      return id;
    });
}

type WholeNumber<T> = z.ZodPipe<z.ZodDefault<z.ZodString>, z.ZodTransform<T, string>>;

/** A whole number typed in a field (the living rule's years, a story's year), from `min` to `max`; `message` when it is not one. */
export function wholeNumberField(
  label: string,
  options: { min: number; max: number; message?: string; optional?: false },
): WholeNumber<number>;
/** The same, or null when left empty. */
export function wholeNumberField(
  label: string,
  options: { min: number; max: number; message?: string; optional: true },
): WholeNumber<number | null>;
export function wholeNumberField(
  label: string,
  options: { min: number; max: number; message?: string; optional?: boolean },
): WholeNumber<number> | WholeNumber<number | null> {
  const message = () =>
    options.message
      ? requestT().say(options.message)
      : requestT()("common.form.number", { label: requestT().say(label), min: options.min, max: options.max });
  return z
    .string()
    .default("")
    .transform((typed, ctx) => {
      const value = typed.trim();
      if (value === "" && options.optional) return null;
      const n = /^-?\d{1,9}$/.test(value) ? Number(value) : NaN;
      if (n >= options.min && n <= options.max) return n;
      ctx.issues.push({ code: "custom", message: message(), input: typed });
      return z.NEVER;
    });
}

/**
 * One of `values` (a select's options, a radio group): `fallback`, when given,
 * if nothing was sent; anything else (or nothing, without a fallback) is
 * refused with `message`.
 */
export function choiceField<const V extends string>(values: readonly V[], message: string, fallback?: V) {
  return z
    .string()
    .default(fallback ?? "")
    .transform((typed, ctx) => {
      const value = typed === "" && fallback !== undefined ? fallback : typed;
      if ((values as readonly string[]).includes(value)) return value as V;
      ctx.issues.push({ code: "custom", message: requestT().say(message), input: typed });
      return z.NEVER;
    });
}

/**
 * A password as typed: never trimmed or otherwise changed (spaces are part of
 * it), at most `max` characters, required unless `optional`.
 */
export function passwordField(label: string, max: number, options: { optional?: boolean } = {}) {
  return z
    .string()
    .default("")
    .check((ctx) => {
      if (ctx.value.length > max) ctx.issues.push({ code: "custom", message: fieldMessages.tooLong(label, max), input: ctx.value });
      else if (!options.optional && ctx.value === "")
        ctx.issues.push({ code: "custom", message: fieldMessages.required(label), input: ctx.value });
    });
}

/** A refusal without what must never be sent back to the page (passwords): those fields come back empty. */
export function withoutSecrets(read: FormRefused, secrets: readonly string[]): FormRefused {
  const typed = { ...read.typed };
  for (const name of secrets) delete typed[name];
  return { ...read, typed };
}
