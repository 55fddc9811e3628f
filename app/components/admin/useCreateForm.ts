import "#app/lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { type ActionResult, useFetcherToast } from "./route-data.tsx";

export interface CreateFormOptions<Input extends FieldValues, Output extends FieldValues> {
  /** Validates the fields in the browser; its messages are shown under each field. */
  schema: z.ZodType<Output, Input>;
  /** The empty form, restored after each successful create. */
  empty: Input;
  /**
   * What is submitted to the route's clientAction: the validated values by default; a FormData for
   * files (sent as multipart), anything else as JSON.
   */
  body?: (values: Output) => FormData | Record<string, unknown>;
  /** pt-PT success toast when the server's answer carries no message of its own. */
  successMessage: string;
  /** pt-PT error toast; the server's message, if any, is its description. */
  failureMessage: string;
  /** Runs after a create succeeded and the form was emptied. */
  onCreated?: () => void;
}

/**
 * The "create an item" flow of the small admin forms (colours, sizes, categories, banners): a
 * react-hook-form + zod form whose submit goes to the route's clientAction through a fetcher (the
 * action sends it to the API; React Router then reloads the screen's data), shows a success toast
 * and empties the form, or shows the screen's error toast. `saving` is true while it runs.
 * `field(name)` registers a text input that drops its error as soon as it is edited.
 */
export function useCreateForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  empty,
  body = (values) => values,
  successMessage,
  failureMessage,
  onCreated,
}: CreateFormOptions<Input, Output>) {
  const fetcher = useFetcher<ActionResult>();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: empty as DefaultValues<Input>,
  });
  const { register, clearErrors, handleSubmit, reset } = form;

  useFetcherToast(fetcher, {
    success: successMessage,
    failure: failureMessage,
    onDone: () => {
      reset(empty);
      onCreated?.();
    },
  });

  function create(values: Output) {
    const payload = body(values);
    if (payload instanceof FormData) void fetcher.submit(payload, { method: "post", encType: "multipart/form-data" });
    else void fetcher.submit(payload as never, { method: "post", encType: "application/json" });
  }

  const field = (name: Path<Input>) => register(name, { onChange: () => clearErrors(name) });

  return { ...form, saving: fetcher.state !== "idle", field, onSubmit: handleSubmit(create) };
}
