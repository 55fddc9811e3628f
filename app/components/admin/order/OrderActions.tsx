/**
 * The steps the order may take now (the server's `actions`, decided under the order's lock): 'Marcar
 * em preparação', 'Marcar como enviada' (carrier, tracking number; the link for 'Outra'), 'Marcar como
 * entregue', 'Cancelar encomenda' (after a confirmation: stock back, refund due) and 'Marcar reembolso
 * como feito'. One fetcher for them all: one change at a time, its pending text on its button.
 */
import { CheckCircle2, type LucideIcon, PackageCheck, Truck, Undo2, XCircle } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { OrderDetail } from "#server/modules/aftersale/fulfilment/schemas.ts";
import { CARRIER_NAMES, CARRIERS, type Carrier } from "#server/modules/orders/tracking/rules.ts";
import { type ActionResult, useFetcherToast } from "#app/components/admin/route-data.tsx";
import { buttonClass, inputClass, labelClass, Panel, useConfirm } from "#app/components/admin/ui.tsx";
import type { OrderIntent } from "./actions.ts";
import { OrderStatusBadge } from "./status.tsx";

type Step = OrderDetail["actions"]["targets"][number];

/** A status step's button (full width on a phone), its text the pending one while the change runs. */
function StepButton(props: {
  className: string;
  Icon: LucideIcon;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  const { className, Icon, label, disabled, onClick } = props;
  return (
    <button type="button" className={`${className} w-full sm:w-auto`} disabled={disabled} onClick={onClick}>
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}

export function OrderActions({ order }: { order: OrderDetail }) {
  const fetcher = useFetcher<ActionResult>();
  // The carrier is an uncontrolled select read when shipping: one chosen before hydration stays (decision 0008),
  // and is adopted on mount for the 'Outra' link field.
  const carrierRef = useRef<HTMLSelectElement>(null);
  const [carrier, setCarrier] = useState<Carrier>("ctt");
  useLayoutEffect(() => {
    const chosen = carrierRef.current?.value as Carrier | undefined;
    if (chosen) setCarrier(chosen);
  }, []);
  const { confirm, dialog } = useConfirm();
  useFetcherToast(fetcher, { success: "Encomenda atualizada.", failure: "Não foi possível alterar a encomenda." });
  const busy = fetcher.state !== "idle";
  const sent = fetcher.json as OrderIntent | undefined;
  const pendingStep: Step | "refund-done" | null = !busy
    ? null
    : sent?.intent === "status"
      ? sent.body.status
      : sent?.intent === "refund-done"
        ? "refund-done"
        : null;
  const submit = (intent: OrderIntent) => void fetcher.submit(intent, { method: "post", encType: "application/json" });
  const can = (target: Step) => order.actions.targets.includes(target);

  const cancel = async () => {
    const ok = await confirm(
      `Cancelar a encomenda #${order.id}? As unidades voltam ao stock, o cliente recebe um e-mail e o reembolso fica por fazer.`,
      "Cancelar encomenda",
    );
    if (ok) submit({ intent: "status", body: { status: "cancelled" } });
  };

  const nothing = order.actions.targets.length === 0 && !order.actions.refund_done;
  return (
    <Panel title="Estado e ações">
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <OrderStatusBadge status={order.status} />
        {order.refund_status === "due" ? (
          <span className="font-medium text-red-800">Reembolso a fazer</span>
        ) : order.refund_status === "done" ? (
          <span className="text-green-800">Reembolso feito</span>
        ) : null}
      </div>
      {nothing ? <p className="text-sm text-gray-700">Não há ações disponíveis para esta encomenda.</p> : null}
      <div className="space-y-4">
        {can("em_preparacao") ? (
          <StepButton
            className={buttonClass.primary}
            Icon={PackageCheck}
            label={pendingStep === "em_preparacao" ? "A atualizar..." : "Marcar em preparação"}
            disabled={busy}
            onClick={() => submit({ intent: "status", body: { status: "em_preparacao" } })}
          />
        ) : null}

        {can("enviada") ? (
          <form
            method="post"
            className="space-y-3 rounded-md border border-gray-200 p-3"
            aria-label="Envio"
            onSubmit={(event) => {
              event.preventDefault();
              const data = new FormData(event.currentTarget);
              const chosen = String(data.get("carrier") ?? "ctt") as Carrier;
              submit({
                intent: "status",
                body: {
                  status: "enviada",
                  carrier: chosen,
                  tracking_number: String(data.get("tracking_number") ?? ""),
                  ...(chosen === "outra" ? { tracking_url: String(data.get("tracking_url") ?? "") } : {}),
                },
              });
            }}
          >
            <div>
              <label htmlFor="carrier" className={labelClass}>
                Transportadora
              </label>
              <select
                id="carrier"
                name="carrier"
                className={inputClass}
                ref={carrierRef}
                defaultValue={carrier}
                onChange={(e) => setCarrier(e.target.value as Carrier)}
              >
                {CARRIERS.map((c) => (
                  <option key={c} value={c}>
                    {c === "outra" ? "Outra" : CARRIER_NAMES[c]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="tracking_number" className={labelClass}>
                Número de seguimento
              </label>
              <input
                id="tracking_number"
                name="tracking_number"
                required
                maxLength={40}
                autoComplete="off"
                className={`${inputClass} font-mono`}
              />
            </div>
            {carrier === "outra" ? (
              <div>
                <label htmlFor="tracking_url" className={labelClass}>
                  Link de seguimento
                </label>
                <input
                  id="tracking_url"
                  name="tracking_url"
                  type="url"
                  required
                  placeholder="https://"
                  maxLength={500}
                  className={inputClass}
                />
              </div>
            ) : null}
            <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`} disabled={busy}>
              <Truck aria-hidden="true" className="size-4" />
              {pendingStep === "enviada" ? "A atualizar..." : "Marcar como enviada"}
            </button>
          </form>
        ) : null}

        {can("entregue") ? (
          <StepButton
            className={buttonClass.success}
            Icon={CheckCircle2}
            label={pendingStep === "entregue" ? "A atualizar..." : "Marcar como entregue"}
            disabled={busy}
            onClick={() => submit({ intent: "status", body: { status: "entregue" } })}
          />
        ) : null}

        {order.actions.refund_done ? (
          <button
            type="button"
            className={`${buttonClass.secondary} w-full sm:w-auto`}
            disabled={busy}
            onClick={() => submit({ intent: "refund-done" })}
          >
            <Undo2 aria-hidden="true" className="size-4" />
            {pendingStep === "refund-done" ? "A atualizar..." : "Marcar reembolso como feito"}
          </button>
        ) : null}

        {can("cancelled") ? (
          <div className="border-t border-gray-200 pt-4">
            <button
              type="button"
              className={`${buttonClass.danger} w-full sm:w-auto`}
              disabled={busy}
              onClick={() => void cancel()}
            >
              <XCircle aria-hidden="true" className="size-4" />
              {pendingStep === "cancelled" ? "A cancelar..." : "Cancelar encomenda"}
            </button>
          </div>
        ) : null}
      </div>
      {dialog}
    </Panel>
  );
}
