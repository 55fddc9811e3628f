import { type ComponentProps, type Ref, useLayoutEffect, useRef } from "react";
import { get, type FieldValues, type UseFormRegister } from "react-hook-form";
import { useHydrated } from "#app/lib/storage.ts";

/*
 * Forms arrive filled from their loader and keep what was typed before hydration (issue 18, defect 1): the server's
 * HTML carries every field's starting value, the fields are uncontrolled (React keeps an input's DOM value while
 * hydrating), and nothing writes the loader's value over a field on mount.
 */

/**
 * react-hook-form's `register` that also renders each field's starting value (`defaultValue`, `defaultChecked` for
 * a checkbox) from the form's `defaultValues`, so the server's HTML is filled instead of empty until the scripts
 * run. react-hook-form adopts a field edited before the form is ready (its value differs from its DOM default)
 * instead of writing the default over it. `defaultValues` must be the object given to `useForm`, kept for the
 * form's life (never reset on mount). A textarea takes the result through `PrefilledTextarea`.
 */
export function prefilled<T extends FieldValues>(register: UseFormRegister<T>, defaultValues: T): UseFormRegister<T> {
  return (name, options) => {
    const field = register(name, options);
    const value: unknown = get(defaultValues, name);
    if (typeof value === "boolean") return { ...field, defaultChecked: value };
    if (typeof value === "string" || typeof value === "number") return { ...field, defaultValue: String(value) };
    return field;
  };
}

/**
 * A `<textarea>` whose `defaultValue` is in the server's HTML and survives text typed before hydration. React's
 * hydration writes a textarea's default over its value (an input's value it keeps), so the render that hydrates
 * leaves the default out; it is set on the element right after (layout effect) and given back to React from the
 * next render on. A textarea nobody typed into shows it; one typed into keeps the text (it no longer follows its
 * default).
 */
export function PrefilledTextarea({
  defaultValue,
  ref,
  ...props
}: Omit<ComponentProps<"textarea">, "defaultValue" | "ref"> & {
  defaultValue?: string;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const hydrated = useHydrated();
  const own = useRef<HTMLTextAreaElement | null>(null);
  const initial = useRef(defaultValue);
  useLayoutEffect(() => {
    if (own.current && initial.current !== undefined) own.current.defaultValue = initial.current;
  }, []);
  const attach = (element: HTMLTextAreaElement | null) => {
    own.current = element;
    if (typeof ref === "function") ref(element);
    else if (ref) ref.current = element;
  };
  const onServer = typeof document === "undefined";
  return <textarea {...props} ref={attach} defaultValue={onServer || hydrated ? defaultValue : undefined} />;
}
