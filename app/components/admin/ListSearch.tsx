/**
 * The search field of the admin's paged lists (/produtos, /produto/relatorio, /stock-baixo, the dashboard's users,
 * /mensagens): a GET form, so it works without JavaScript (the other search params ride along as hidden fields);
 * with JavaScript the list follows the text once the admin pauses typing. A new search starts at page 1.
 * The server validates the text (server/core/zod.ts searchText); the field only bounds its length.
 */
import { Search } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Form, useSearchParams, useSubmit } from "react-router";
import { inputClass, labelClass } from "./ui.tsx";

/** The longest text the field takes (the server's SEARCH_MAX_LENGTH). */
const MAX_LENGTH = 200;
const PAUSE_MS = 300;

export function ListSearch({
  label,
  placeholder,
  param = "search",
  pageParam = "page",
  className = "mb-4 max-w-md",
}: {
  label: string;
  placeholder: string;
  /** The search param holding the text. */
  param?: string;
  /** The search param of the list's page, dropped by a new search. */
  pageParam?: string;
  className?: string;
}) {
  const id = useId();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const kept = [...params.entries()].filter(([name]) => name !== param && name !== pageParam);
  const typed = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) void submit(form.current, { replace: true, preventScrollReset: true });
    }, PAUSE_MS);
  };

  return (
    <Form ref={form} method="get" role="search" className={className} preventScrollReset>
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-600"
        />
        <input
          id={id}
          type="search"
          name={param}
          defaultValue={params.get(param) ?? ""}
          maxLength={MAX_LENGTH}
          onChange={typed}
          placeholder={placeholder}
          autoComplete="off"
          className={`${inputClass} pl-9`}
        />
      </div>
    </Form>
  );
}
