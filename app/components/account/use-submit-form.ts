import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import type { z } from "zod";

/**
 * The account forms' react-hook-form setup: the zod schema checks on submit only, and a field's error clears as soon
 * as it is edited (`field(name)` registers it so).
 */
export function useSubmitForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  empty: Input,
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: empty as DefaultValues<Input>,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  });
  const field = (name: Path<Input>) => form.register(name, { onChange: () => form.clearErrors(name) });
  return { ...form, field };
}
