import "#app/lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { apiPost, messageFrom } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.tsx";

export interface CreateFormOptions<Input extends FieldValues, Output extends FieldValues> {
  /** Validates the fields in the browser; its messages are shown under each field. */
  schema: z.ZodType<Output, Input>;
  /** The empty form, restored after each successful create. */
  empty: Input;
  /** The API route that creates the item (POST). */
  path: string;
  /** The request body for the validated values; the values themselves by default. */
  body?: (values: Output) => unknown;
  /** pt-PT success toast when the server's answer carries no message of its own. */
  successMessage: string;
  /** pt-PT error toast; the server's message, if any, is its description. */
  failureMessage: string;
  /** Runs after a create succeeded and the form was emptied (e.g. reload the list of existing items). */
  onCreated?: () => Promise<void> | void;
}

/**
 * The "create an item" flow of the small admin forms (colours, sizes, categories, banners): a
 * react-hook-form + zod form whose submit POSTs to the API, shows a success toast and empties the
 * form (then `onCreated`), or shows the screen's error toast. `saving` is true while the request runs.
 * `field(name)` registers a text input that drops its error as soon as it is edited.
 */
export function useCreateForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  empty,
  path,
  body = (values) => values,
  successMessage,
  failureMessage,
  onCreated,
}: CreateFormOptions<Input, Output>) {
  const [saving, setSaving] = useState(false);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: empty as DefaultValues<Input>,
  });
  const { register, clearErrors, handleSubmit, reset } = form;

  async function create(values: Output) {
    setSaving(true);
    try {
      const response = await apiPost(path, body(values));
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? successMessage);
        reset(empty);
        await onCreated?.();
      } else {
        toast.error(failureMessage, { description: messageFrom(response.data) ?? undefined });
      }
    } catch {
      toast.error(failureMessage);
    } finally {
      setSaving(false);
    }
  }

  const field = (name: Path<Input>) => register(name, { onChange: () => clearErrors(name) });

  return { ...form, saving, field, onSubmit: handleSubmit(create) };
}
