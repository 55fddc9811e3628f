import * as Dialog from "@radix-ui/react-dialog";
import { Loader2, X } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { QuoteFigures } from "#app/components/cart/QuoteFigures.tsx";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { formatEuros } from "#app/lib/format.ts";
import type { BillingData, SavedBilling } from "#server/modules/orders/billing.ts";
import { ORDER_MESSAGES } from "#server/modules/orders/rules.ts";
import { BillingFields, billingFieldId } from "./BillingFields.tsx";
import {
  BILLING_FIELDS,
  billingFormOf,
  EMPTY_BILLING,
  validateBilling,
  type BillingErrors,
  type BillingForm,
  type BillingTextField,
} from "./billing-form.ts";
import {
  DELIVERY_FIELDS as FIELDS,
  EMPTY_DELIVERY,
  validateDelivery,
  type DeliveryForm,
  type DeliveryPayload,
  type FieldErrors,
  type TextField,
} from "./delivery-form.ts";
import { type Repriced, useDeliveryQuote } from "./useDeliveryQuote.ts";

const BILLING_ORDER: BillingTextField[] = ["nif", ...BILLING_FIELDS.map((f) => f.name)];

/** No total could be had for the form's choices: nothing is ordered unseen. */
export const NO_TOTAL = "Não foi possível calcular o total a pagar. Tente novamente.";
/** The total for the form's choices is not the one on screen when 'Confirmar encomenda' was pressed. */
export const totalUpdated = (total: number) => `O total a pagar passou a ${formatEuros(total)}. Confirme de novo.`;

export interface DeliveryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sending: boolean;
  /** Server failure shown at the bottom of the form. */
  serverError: string | null;
  /** The account's last delivery data, offered pre-filled (editable); null for an empty form. */
  initial: DeliveryForm | null;
  /** The account's saved NIF and billing data, offered pre-filled (editable, clearable); null: Consumidor final. */
  initialBilling?: SavedBilling;
  /** The order was refused because its total changed: the new figure, to confirm again. */
  repriced: Repriced | null;
  /**
   * `total` is the total to pay the dialog showed (euros), which the order must charge exactly; `billing` the
   * `dados_faturacao` (undefined: Consumidor final).
   */
  onConfirm: (form: DeliveryForm, payload: DeliveryPayload, total: number, billing?: BillingData) => void;
}

/**
 * Cart /carrinho: the 'Dados de entrega' dialog opened by 'Finalizar Compra'. Shows the server's subtotal,
 * delivery and total for the postal code and next-day choice typed, and confirms with the validated payload
 * and the total shown.
 */
export function DeliveryDialog({
  open,
  onOpenChange,
  sending,
  serverError,
  initial,
  initialBilling,
  repriced,
  onConfirm,
}: DeliveryDialogProps) {
  const [form, setForm] = useState<DeliveryForm>(initial ?? EMPTY_DELIVERY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [billing, setBilling] = useState<BillingForm>(() => billingFormOf(initialBilling ?? null) ?? EMPTY_BILLING);
  const [billingErrors, setBillingErrors] = useState<BillingErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [pricingNow, setPricingNow] = useState(false);
  const baseId = useId();
  const pricing = useDeliveryQuote(form.codigoPostal, form.entregaRapida);
  const { refresh } = pricing;

  // A refused order (the total changed): the server's new figures are the ones on screen, so the total confirmed
  // next is the one the shopper reads and the server charges (issue 18, defect 3).
  useEffect(() => {
    if (repriced) pricing.adopt(repriced);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [repriced]);

  const set = (name: TextField, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    setSummary(null);
  };

  const changeBilling = (patch: Partial<BillingForm>) => {
    setBilling((b) => ({ ...b, ...patch }));
    setBillingErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key as keyof BillingErrors];
      return next;
    });
    setSummary(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || pricingNow) return;
    const result = validateDelivery(form);
    const invoice = validateBilling(billing);
    setErrors(result.ok ? {} : result.errors);
    setBillingErrors(invoice.ok ? {} : invoice.errors);
    if (!result.ok || !invoice.ok) {
      // The first wrong field on screen gets the focus; the summary is the delivery's, else the billing error.
      const first = result.ok ? undefined : FIELDS.find((f) => result.errors[f.name]);
      const billingFirst = invoice.ok ? undefined : BILLING_ORDER.find((name) => invoice.errors[name]);
      setSummary(result.ok ? (billingFirst && !invoice.ok ? invoice.errors[billingFirst]! : null) : result.summary);
      if (first) document.getElementById(`${baseId}-${first.name}`)?.focus();
      else if (billingFirst) document.getElementById(billingFieldId(baseId, billingFirst))?.focus();
      return;
    }
    setSummary(null);
    // The total on screen is ordered only if it is the total for what the form says now (a postal code typed a
    // moment ago may still be waiting for its quote): asked at once; a different figure is shown, not ordered.
    const shown = pricing.quote?.total;
    setPricingNow(!pricing.fresh);
    const quote = await pricing.quoteNow();
    setPricingNow(false);
    if (!quote) return setSummary(NO_TOTAL);
    if (quote.total !== shown) return setSummary(totalUpdated(quote.total));
    if (invoice.payload) onConfirm(form, result.payload, quote.total, invoice.payload);
    else onConfirm(form, result.payload, quote.total);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !sending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6"
          onInteractOutside={(e) => sending && e.preventDefault()}
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-gray-900">Dados de entrega</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-gray-600">
                {initial
                  ? "Preenchemos com os dados da sua última encomenda; pode alterá-los."
                  : "Indique para onde devemos enviar a sua encomenda."}
              </Dialog.Description>
            </div>
            <Dialog.Close
              disabled={sending}
              className={`${focusRing} rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-700 disabled:opacity-50`}
              aria-label="Fechar"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>

          <form method="post" className="mt-5 grid gap-4 sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate>
            {FIELDS.map((field) => {
              const id = `${baseId}-${field.name}`;
              const error = errors[field.name];
              const wide = field.name === "nome" || field.name === "morada";
              return (
                <div key={field.name} className={wide ? "sm:col-span-2" : undefined}>
                  <label htmlFor={id} className="block text-sm font-medium text-gray-800">
                    {field.label}{" "}
                    <span className="text-red-600" aria-hidden="true">
                      *
                    </span>
                  </label>
                  <input
                    id={id}
                    name={field.name}
                    type={field.type ?? "text"}
                    inputMode={field.inputMode}
                    autoComplete={field.autoComplete}
                    placeholder={field.placeholder}
                    required
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error && error !== ORDER_MESSAGES.required ? `${id}-error` : undefined}
                    value={form[field.name]}
                    onChange={(e) => set(field.name, e.target.value)}
                    className={`mt-1 block w-full rounded-lg border px-3 py-2 text-base text-gray-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm ${
                      error ? "border-red-500" : "border-gray-300"
                    }`}
                  />
                  {error && error !== ORDER_MESSAGES.required ? (
                    <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}

            <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-gray-200 p-3 sm:col-span-2">
              <input
                type="checkbox"
                name="entregaRapida"
                checked={form.entregaRapida}
                onChange={(e) => {
                  setForm((f) => ({ ...f, entregaRapida: e.target.checked }));
                  setSummary(null);
                }}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span className="text-sm">
                <span className="font-medium text-gray-900">Entrega rápida (dia útil seguinte)</span>
                <span className="block text-gray-600">Sem esta opção, a entrega normal demora 2 dias úteis.</span>
              </span>
            </label>

            <BillingFields baseId={baseId} value={billing} errors={billingErrors} onChange={changeBilling} />

            <section
              aria-label="Total da encomenda"
              className="rounded-lg border border-gray-200 bg-gray-50 p-3 sm:col-span-2"
            >
              <QuoteFigures quote={pricing.quote} updating={pricing.updating} failed={pricing.failed}>
                {pricing.failed ? (
                  <button
                    type="button"
                    onClick={refresh}
                    className={`${focusRing} mt-2 rounded-sm text-xs font-semibold text-brand-600 hover:text-brand-700`}
                  >
                    Tentar novamente
                  </button>
                ) : null}
              </QuoteFigures>
            </section>

            {repriced ? (
              <div
                role="status"
                className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2"
              >
                {repriced.message}
              </div>
            ) : null}

            {summary || serverError ? (
              <div
                role="alert"
                className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700 sm:col-span-2"
              >
                {summary ?? serverError}
              </div>
            ) : null}

            <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
              <Dialog.Close
                type="button"
                disabled={sending}
                className={`${focusRing} rounded-lg border border-gray-300 px-4 py-2.5 text-sm font-semibold text-gray-700 hover:bg-gray-50 disabled:opacity-50`}
              >
                Cancelar
              </Dialog.Close>
              <button
                type="submit"
                disabled={sending || pricingNow}
                aria-busy={sending || pricingNow}
                className={`${focusRing} inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70`}
              >
                {sending || pricingNow ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
                {sending ? "A processar..." : pricingNow ? "A calcular o total..." : "Confirmar encomenda"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
