import { type FormEvent, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useActionData, type FetcherWithComponents } from "react-router";
import type { FormResult } from "./form-result.ts";

/**
 * The browser side of the one form pattern (decision 0015). A form is a `fetcher.Form method="post"`: with script
 * the route's clientAction answers (fetcher.data); posted without script, the server action's answer comes back as
 * the page's action data. Either becomes `shown`; editing a field drops its error (and a success notice), and after
 * a refusal the first refused field takes the focus, so a screen reader reads its error.
 */
export function useFormFeedback<F extends string, T extends object = object>(
  fetcher: FetcherWithComponents<FormResult<F, T> | undefined>,
  opts: {
    fields: readonly F[];
    formRef: RefObject<HTMLFormElement | null>;
    onSuccess?: (result: FormResult<F, T> & { ok: true }) => void;
    /** After a refusal answered with script (a screen's error toast, say). */
    onFailure?: (result: FormResult<F, T> & { ok: false }) => void;
  },
) {
  const posted = useActionData() as FormResult<F, T> | undefined;
  const [shown, setShown] = useState<FormResult<F, T> | undefined>(posted);
  const handled = useRef<FormResult<F, T> | undefined>(undefined);
  const { fields, formRef, onSuccess, onFailure } = opts;

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    setShown(result);
    if (result.ok) {
      onSuccess?.(result);
      return;
    }
    onFailure?.(result);
    const first = fields.find((f) => result.fields[f]);
    const input = first ? formRef.current?.elements.namedItem(first) : null;
    if (input instanceof HTMLElement) input.focus();
  }, [fetcher.state, fetcher.data, fields, formRef, onSuccess, onFailure]);

  const onInput = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const target = event.target;
      if (!shown || !(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
      if (shown.ok) setShown(undefined);
      else if (shown.fields[target.name as F])
        setShown({ ...shown, fields: { ...shown.fields, [target.name]: undefined } });
    },
    [shown],
  );

  return {
    shown,
    setShown,
    onInput,
    busy: fetcher.state !== "idle",
    errors: (shown && !shown.ok ? shown.fields : {}) as Partial<Record<F, string>>,
    /** What a form posted without script had typed (passwords excepted): the inputs' default values. */
    typed: (posted && !posted.ok ? posted.values : {}) as Partial<Record<F, string>>,
    /** The first refused field of a page posted without script (autoFocus: the browser focuses it). */
    firstRefused: posted && !posted.ok ? fields.find((f) => posted.fields[f]) : undefined,
  };
}
