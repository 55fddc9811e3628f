import type { z } from "zod";

/*
 * The one form pattern's results (decision 0015), shared by a route's `clientAction` (with script: the API's answer)
 * and its server `action` (without script: the service's answer), so the page shows both the same way.
 * Browser-safe: zod's types only.
 */

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

export interface FormFailure<F extends string = string> {
  ok: false;
  /** The form's own message (null when the fields' errors say it all). */
  message: string | null;
  /** Each refused field's first pt-PT message. */
  fields: FieldErrors<F>;
  /** What was typed, passwords and the CSRF token left out: a page posted without script shows it again. */
  values: Partial<Record<F, string>>;
}

export type FormSuccess<T extends object = object> = { ok: true; message: string } & T;

export type FormResult<F extends string = string, T extends object = object> = FormSuccess<T> | FormFailure<F>;

/** Entries never shown again: passwords, and the hidden CSRF token (server/modules/accounts/rules.ts's CSRF_FIELD). */
const NOT_TYPED = /password|^_csrf$/i;

/** A form's text entries (the first of each name), what `parseForm` validates. */
export function formEntries(form: FormData): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in entries)) entries[name] = value;
  return entries;
}

/** What a failed form shows again: every text entry except passwords and the CSRF token. */
export function typedValues(form: FormData): Record<string, string> {
  return Object.fromEntries(Object.entries(formEntries(form)).filter(([name]) => !NOT_TYPED.test(name)));
}

export function failure<F extends string = string>(
  form: FormData | null,
  message: string | null,
  fields: FieldErrors<F> = {},
): FormFailure<F> {
  return { ok: false, message, fields, values: form ? (typedValues(form) as Partial<Record<F, string>>) : {} };
}

/**
 * The form's entries checked by the shared zod schema (server/modules/<module>/rules.ts): the same rules in the
 * browser's clientAction, the page's server action and the API route. A refusal lists each field's first message;
 * an issue of the whole form becomes the form's message.
 */
export function parseForm<S extends z.ZodType>(schema: S, form: FormData): Parsed<S> {
  return parseInput(schema, formEntries(form), form);
}

type Parsed<S extends z.ZodType> = { ok: true; data: z.output<S> } | { ok: false; failure: FormFailure };

/** `parseForm` for a body built from the form (lists of chosen items, say); `form` gives the values shown again. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, form: FormData): Parsed<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: FieldErrors = {};
  let message: string | null = null;
  for (const issue of parsed.error.issues) {
    const [name] = issue.path;
    if (typeof name === "string") fields[name] ??= issue.message;
    else message ??= issue.message;
  }
  return { ok: false, failure: failure(form, message, fields) };
}

/**
 * The field errors of an API 400 (`details: [{ path: "/newPassword", message }]`), by field name: the server has the
 * last word (a wrong current password, an e-mail already taken).
 */
export function fieldErrorsFrom(data: unknown): Record<string, string> {
  const details = (data as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return {};
  const errors: Record<string, string> = {};
  for (const d of details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof d.path === "string" && typeof d.message === "string") errors[d.path.replace(/^\//, "")] ??= d.message;
  }
  return errors;
}

/** The first field's error, for the forms that show one message instead (login). */
export const firstError = (result: FormFailure): string | null =>
  result.message ?? Object.values(result.fields).find((m): m is string => typeof m === "string") ?? null;
