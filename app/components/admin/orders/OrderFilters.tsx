/**
 * /orders' search and filters: a GET form, so the filtered view is the URL (shared, reloaded, back). Empty
 * fields are left out of the URL once the page has hydrated (before that the browser submits them all, which
 * the loader reads as "no filter"). 'Exportar CSV' downloads the same filters from the API.
 */
import { Download, Search, X } from "lucide-react";
import type { FormEvent } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { buttonClass, inputClass, labelClass } from "#app/components/admin/ui.tsx";

/** The filters the form shows (the page and the chart's range are not filters). */
export const FILTER_FIELDS = ["search", "order_status", "method", "from", "to"] as const;
/** The filters as the form shows them (text; the loader validated them, or reports why not). */
export type FilterValues = Partial<Record<(typeof FILTER_FIELDS)[number], string | undefined>>;

const METHODS = [
  ["mb", "Multibanco"],
  ["mbway", "MB WAY"],
  ["payshop", "Payshop"],
] as const;

/** The query string of these filters (plus `extra`), without empty ones: "?search=…&method=mb" or "". */
export function filterQuery(values: FilterValues, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...values, ...extra })) if (value) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A labelled select whose first option, 'Todos', filters nothing. */
function SelectFilter(props: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <div>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      <select id={props.id} name={props.name} defaultValue={props.value ?? ""} className={inputClass}>
        <option value="">Todos</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function OrderFilters({
  values,
  statuses,
}: {
  values: FilterValues;
  /** [value, pt-PT label] of every order status. */
  statuses: Array<[string, string]>;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const keepDays = new URLSearchParams(location.search).get("days") ?? undefined;
  const active = FILTER_FIELDS.some((f) => values[f]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = Object.fromEntries(FILTER_FIELDS.map((f) => [f, String(form.get(f) ?? "").trim() || undefined]));
    // A new filter starts at page 1.
    navigate(`/orders${filterQuery(chosen, { days: keepDays })}`, { preventScrollReset: true });
  };

  return (
    <Form
      method="get"
      action="/orders"
      onSubmit={submit}
      // Re-read the URL's values after back/forward.
      key={location.search}
      role="search"
      aria-label="Pesquisar encomendas"
      className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-6"
    >
      {keepDays ? <input type="hidden" name="days" value={keepDays} /> : null}
      <div className="sm:col-span-2">
        <label htmlFor="orders-search" className={labelClass}>
          Pesquisar
        </label>
        <input
          id="orders-search"
          name="search"
          type="search"
          maxLength={200}
          defaultValue={values.search ?? ""}
          placeholder="Nº, referência, nome ou e-mail"
          className={inputClass}
        />
      </div>
      <SelectFilter
        id="orders-status"
        name="order_status"
        label="Estado"
        value={values.order_status}
        options={statuses}
      />
      <SelectFilter id="orders-method" name="method" label="Método" value={values.method} options={METHODS} />
      <div>
        <label htmlFor="orders-from" className={labelClass}>
          De
        </label>
        <input id="orders-from" name="from" type="date" defaultValue={values.from ?? ""} className={inputClass} />
      </div>
      <div>
        <label htmlFor="orders-to" className={labelClass}>
          Até
        </label>
        <input id="orders-to" name="to" type="date" defaultValue={values.to ?? ""} className={inputClass} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 xl:col-span-6">
        <button type="submit" className={buttonClass.primary}>
          <Search className="size-4" aria-hidden="true" />
          Filtrar
        </button>
        {active ? (
          <Link to={`/orders${filterQuery({}, { days: keepDays })}`} className={buttonClass.secondary}>
            <X className="size-4" aria-hidden="true" />
            Limpar filtros
          </Link>
        ) : null}
        {/* A plain link: the browser downloads the file (the session cookie goes with it). */}
        <a href={`/api/orders/export.csv${filterQuery(values)}`} download className={buttonClass.secondary}>
          <Download className="size-4" aria-hidden="true" />
          Exportar CSV
        </a>
      </div>
    </Form>
  );
}
