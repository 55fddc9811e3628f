import { Copy, Smartphone } from "lucide-react";
import type { ReactNode } from "react";
import type { PaymentData } from "#server/modules/orders/schemas.ts";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { formatReference, formatValidade } from "#app/components/checkout/format.ts";
import { formatEuros } from "#app/lib/format.ts";
import { toast } from "#app/lib/toast.tsx";

/**
 * The payment's instructions (method, entity, reference, validity, amount; MB WAY: phone and what to do),
 * shown on /pagamento and on the account's order page while the order waits for payment.
 */

/** What the block needs: the `paymentData` fields shared by checkout, the status call and the account. */
export type PaymentInstructionsData = Pick<
  PaymentData,
  "metodo" | "entidade" | "referencia" | "telefone" | "validade"
> & {
  /** Euros; null when unknown (shown as "—"). */
  valor: number | null;
};

export const METHOD_NAMES: Record<PaymentData["metodo"], string> = {
  mbway: "MB WAY",
  MB: "Multibanco",
  payshop: "Payshop",
};

async function copy(value: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast.success("Copiado!");
  } catch {
    toast.error("Não foi possível copiar.");
  }
}

function Row({
  label,
  value,
  copyValue,
  strong,
}: {
  label: string;
  value: string;
  copyValue?: string | null;
  strong?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <span
          className={`font-mono text-base tabular-nums sm:text-lg ${strong ? "font-bold text-gray-900" : "font-semibold text-gray-900"}`}
        >
          {value}
        </span>
        {copyValue ? (
          <button
            type="button"
            onClick={() => void copy(copyValue)}
            aria-label={`Copiar ${label}`}
            className={`${focusRing} grid size-8 place-items-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-800`}
          >
            <Copy className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </dd>
    </div>
  );
}

/**
 * `children` go at the end of the card (the MB WAY countdown, a notice). `headingId` must be unique on the page
 * (the card is labelled by its heading). `mbwayEnded`: the MB WAY request failed or ran out (no "accept within
 * 4 minutes" any more).
 */
export function PaymentInstructions({
  payment,
  children,
  headingId = "payment-method",
  mbwayEnded = false,
}: {
  payment: PaymentInstructionsData;
  children?: ReactNode;
  headingId?: string;
  mbwayEnded?: boolean;
}) {
  const valor = payment.valor === null ? "—" : formatEuros(payment.valor);
  return (
    <section className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {METHOD_NAMES[payment.metodo]}
      </h2>

      {payment.metodo === "mbway" ? (
        <>
          <div className="mt-4 flex gap-3 rounded-xl bg-brand-50 p-4 text-sm text-gray-800">
            <Smartphone className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
            {mbwayEnded ? (
              <p>
                O pedido de pagamento enviado para o número{" "}
                <span className="font-semibold">{payment.telefone ?? "—"}</span> já não pode ser aceite na app MB WAY.
              </p>
            ) : (
              <p>
                Enviámos um pedido de pagamento para o número{" "}
                <span className="font-semibold">{payment.telefone ?? "—"}</span>. Abra a app MB WAY e aceite o pedido de
                pagamento no prazo de 4 minutos.
              </p>
            )}
          </div>
          <dl className="mt-2 divide-y divide-gray-100">
            <Row label="Telemóvel" value={payment.telefone ?? "—"} />
            <Row label="Valor" value={valor} strong />
          </dl>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-600">
            {payment.metodo === "MB"
              ? "Pague num multibanco ou no homebanking com os dados abaixo."
              : "Pague num agente Payshop ou CTT com os dados abaixo."}
          </p>
          <dl className="mt-2 divide-y divide-gray-100">
            {payment.metodo === "MB" ? (
              <Row label="Entidade" value={payment.entidade ?? "—"} copyValue={payment.entidade} />
            ) : null}
            <Row
              label="Referência"
              value={formatReference(payment.referencia)}
              copyValue={payment.referencia?.replace(/\s+/g, "")}
            />
            <Row label="Validade" value={formatValidade(payment.validade)} />
            <Row label="Valor" value={valor} strong />
          </dl>
        </>
      )}
      {children}
    </section>
  );
}
