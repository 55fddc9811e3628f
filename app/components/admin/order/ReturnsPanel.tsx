/**
 * 'Devoluções e reembolsos' on the admin order page: each return with its units, refund, IBAN (masked) and the steps
 * the server allows now (received → refunded by MB WAY or a confirmed transfer; cancel a request with a note), the
 * cancelled order's refund by the same paths, and a return opened by the shop (ReturnsOpenForm.tsx). One fetcher:
 * one change at a time, its pending text on its button, a toast with the server's message.
 */
import { Banknote, type LucideIcon, PackageCheck, Send, ShieldCheck, XCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useFetcher } from "react-router";
import type { AdminReturn, OrderReturns, RefundAttempt } from "#server/modules/aftersale/returns/admin-schemas.ts";
import { formatEuros, formatShopDateTime } from "#app/lib/format.ts";
import { type ActionResult, useFetcherToast } from "#app/components/admin/route-data.tsx";
import { Badge, buttonClass, inputClass, labelClass, Panel, useConfirm } from "#app/components/admin/ui.tsx";
import type { OrderIntent } from "./actions.ts";
import { ReturnsOpenForm } from "./ReturnsOpenForm.tsx";
import { Facts } from "./sections.tsx";

type Actions = AdminReturn["actions"] | NonNullable<OrderReturns["cancellation_refund"]>["actions"];
type Confirm = ReturnType<typeof useConfirm>["confirm"];

const STATUS_STYLES: Record<AdminReturn["status"], string> = {
  requested: "bg-yellow-100 text-yellow-900",
  received: "bg-blue-100 text-blue-900",
  refunded: "bg-green-100 text-green-800",
  cancelled: "bg-gray-200 text-gray-800",
};
const ATTEMPT_LABELS: Record<RefundAttempt["status"], string> = {
  sending: "Pedido ao ifthenpay em curso",
  unknown: "Reembolso MB WAY por confirmar",
  done: "Reembolso feito",
  failed: "Reembolso não feito",
};
const METHOD_LABELS = { mbway: "MB WAY", transferencia: "Transferência bancária" } as const;

const wide = "w-full sm:w-auto";

function AttemptNote({ attempt }: { attempt: RefundAttempt | null }) {
  if (!attempt) return null;
  const tone =
    attempt.status === "done"
      ? "border-green-200 bg-green-50 text-green-900"
      : attempt.status === "failed" || attempt.status === "unknown"
        ? "border-red-200 bg-red-50 text-red-900"
        : "border-blue-200 bg-blue-50 text-blue-900";
  return (
    <div role="status" className={`mt-3 rounded-md border p-3 text-sm ${tone}`}>
      <p className="font-medium">
        {ATTEMPT_LABELS[attempt.status]} ({METHOD_LABELS[attempt.method]}, {formatEuros(attempt.amount)})
        {attempt.done_at ? ` a ${formatShopDateTime(attempt.done_at)}` : ""}
      </p>
      {attempt.message ? <p className="mt-1">{attempt.message}</p> : null}
    </div>
  );
}

type RefundAction = "mbway" | "resend" | "confirm_mbway" | "transfer";

/** The refund buttons both a return and a cancelled order show, each behind a confirmation. */
function RefundButtons(props: {
  actions: Actions;
  amount: number;
  iban: string | null;
  busy: boolean;
  pending: string | null;
  confirm: Confirm;
  send: (action: RefundAction) => void;
}) {
  const { actions, amount, iban, busy, pending, confirm, send } = props;
  const euros = formatEuros(amount);
  // In the order they show; each only when the server allows it now.
  const buttons: Array<{
    shown: boolean;
    action: RefundAction;
    style: string;
    Icon: LucideIcon;
    question: string;
    confirmLabel: string;
    label: string;
    pendingLabel: string;
  }> = [
    {
      shown: actions.refund_mbway,
      action: "mbway",
      style: buttonClass.primary,
      Icon: Banknote,
      question: `Reembolsar ${euros} por MB WAY? O ifthenpay devolve o valor ao telemóvel que pagou e o cliente recebe um e-mail.`,
      confirmLabel: "Reembolsar",
      label: "Reembolsar por MB WAY",
      pendingLabel: "A reembolsar...",
    },
    {
      shown: actions.transfer_done,
      action: "transfer",
      style: buttonClass.primary,
      Icon: Banknote,
      question: `Confirma que transferiu ${euros}${iban ? ` para o IBAN ${iban}` : ""}? O reembolso fica registado e o cliente recebe um e-mail.`,
      confirmLabel: "Transferência feita",
      label: "Transferência feita",
      pendingLabel: "A registar...",
    },
    {
      shown: actions.confirm_mbway,
      action: "confirm_mbway",
      style: buttonClass.success,
      Icon: ShieldCheck,
      question: `Confirmou no backoffice do ifthenpay que o reembolso de ${euros} foi feito? Fica registado sem novo pedido.`,
      confirmLabel: "Foi feito",
      label: "Confirmar reembolso feito",
      pendingLabel: "A registar...",
    },
    {
      shown: actions.resend_mbway,
      action: "resend",
      style: buttonClass.secondary,
      Icon: Send,
      question: `Enviar de novo o reembolso de ${euros}? Faça-o só depois de confirmar no backoffice do ifthenpay que o primeiro pedido NÃO foi feito: senão o cliente é reembolsado duas vezes.`,
      confirmLabel: "Enviar de novo",
      label: "Enviar de novo",
      pendingLabel: "A enviar...",
    },
  ];
  return (
    <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {buttons
        .filter((b) => b.shown)
        .map(({ action, style, Icon, question, confirmLabel, label, pendingLabel }) => (
          <button
            key={action}
            type="button"
            className={`${style} ${wide}`}
            disabled={busy}
            onClick={() => void confirm(question, confirmLabel).then((yes) => yes && send(action))}
          >
            <Icon aria-hidden="true" className="size-4" />
            {pending === action ? pendingLabel : label}
          </button>
        ))}
    </div>
  );
}

function returnFacts(ret: AdminReturn): Array<[string, ReactNode]> {
  const facts: Array<[string, ReactNode]> = [
    ["Reembolso", <strong key="r">{formatEuros(ret.refund)}</strong>],
    ["Método", METHOD_LABELS[ret.refund_method]],
  ];
  if (ret.iban)
    facts.push([
      "IBAN",
      <span key="i" className="font-mono">
        {ret.iban}
      </span>,
    ]);
  facts.push(["Pedido", formatShopDateTime(ret.requested_at)]);
  // Who filed it and how (decision 0023): the public form is anyone who knew the order number and e-mail.
  facts.push(["Feito por", ret.filed_label]);
  if (ret.completion_label) facts.push(["Artigos e reembolso", ret.completion_label]);
  if (ret.received_at) facts.push(["Recebida", formatShopDateTime(ret.received_at)]);
  if (ret.reason) facts.push(["Motivo", ret.reason]);
  return facts;
}

function ReturnCard(props: {
  ret: AdminReturn;
  busy: boolean;
  pending: string | null;
  confirm: Confirm;
  submit: (intent: OrderIntent) => void;
}) {
  const { ret, busy, pending, confirm, submit } = props;
  const [note, setNote] = useState("");
  const [cancelling, setCancelling] = useState(false);
  const mine = (step: string) =>
    (pending?.startsWith(`${ret.id}:`) ? pending.slice(String(ret.id).length + 1) : null) === step;
  const receive = async () => {
    if (await confirm(`Marcar a devolução #${ret.id} como recebida? As unidades voltam ao stock.`, "Recebida"))
      submit({ intent: "return", returnId: ret.id, step: "received" });
  };
  return (
    <article className="rounded-md border border-gray-200 p-3 sm:p-4" aria-label={`Devolução #${ret.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-gray-900">Devolução #{ret.id}</h3>
        <Badge className={STATUS_STYLES[ret.status]}>{ret.status_label}</Badge>
      </div>
      <ul className="mt-3 space-y-1 text-sm text-gray-900">
        {ret.lines.map((l) => (
          <li key={l.order_line_id} className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              {l.quantity} × {l.name}
              {l.variant ? <span className="text-gray-700"> ({l.variant})</span> : null}
            </span>
            <span className="shrink-0 tabular-nums">{formatEuros(l.unit_price * l.quantity)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3">
        <Facts items={returnFacts(ret)} />
      </div>
      <AttemptNote attempt={ret.refund_attempt} />
      {ret.actions.receive ? (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <button
            type="button"
            className={`${buttonClass.primary} ${wide}`}
            disabled={busy}
            onClick={() => void receive()}
          >
            <PackageCheck aria-hidden="true" className="size-4" />
            {mine("received") ? "A atualizar..." : "Marcar como recebida"}
          </button>
          {ret.actions.cancel && !cancelling ? (
            <button
              type="button"
              className={`${buttonClass.secondary} ${wide}`}
              disabled={busy}
              onClick={() => setCancelling(true)}
            >
              <XCircle aria-hidden="true" className="size-4" />
              Cancelar pedido
            </button>
          ) : null}
        </div>
      ) : null}
      {cancelling ? (
        <form
          method="post"
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm(`Cancelar o pedido de devolução #${ret.id}?`, "Cancelar pedido").then((ok) => {
              if (ok) submit({ intent: "return", returnId: ret.id, step: "cancel", note });
            });
          }}
        >
          <label htmlFor={`cancel-note-${ret.id}`} className={labelClass}>
            Motivo do cancelamento
          </label>
          <textarea
            id={`cancel-note-${ret.id}`}
            className={inputClass}
            rows={2}
            maxLength={1000}
            required
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="submit" className={`${buttonClass.danger} ${wide}`} disabled={busy}>
              {mine("cancel") ? "A cancelar..." : "Cancelar pedido"}
            </button>
            <button type="button" className={`${buttonClass.secondary} ${wide}`} onClick={() => setCancelling(false)}>
              Voltar
            </button>
          </div>
        </form>
      ) : null}
      <RefundButtons
        actions={ret.actions}
        amount={ret.refund}
        iban={ret.iban}
        busy={busy}
        pending={pending?.startsWith(`${ret.id}:`) ? pending.slice(String(ret.id).length + 1) : null}
        confirm={confirm}
        send={(action) => submit({ intent: "return", returnId: ret.id, step: "refund", action })}
      />
    </article>
  );
}

/** What the fetcher is doing, as "returnId:step" or "order:action" (for the pending text on the right button). */
function pendingOf(sent: OrderIntent | undefined): string | null {
  if (!sent) return null;
  if (sent.intent === "return") return `${sent.returnId}:${sent.step === "refund" ? sent.action : sent.step}`;
  if (sent.intent === "order-refund") return `order:${sent.action}`;
  if (sent.intent === "open-return") return "open";
  return null;
}

export function ReturnsPanel({ data }: { data: OrderReturns }) {
  const fetcher = useFetcher<ActionResult>();
  const { confirm, dialog } = useConfirm();
  useFetcherToast(fetcher, { success: "Devolução atualizada.", failure: "Não foi possível concluir a ação." });
  const busy = fetcher.state !== "idle";
  const pending = busy ? pendingOf(fetcher.json as OrderIntent | undefined) : null;
  const submit = (intent: OrderIntent) => void fetcher.submit(intent, { method: "post", encType: "application/json" });
  const refund = data.cancellation_refund;
  const empty = data.returns.length === 0 && !refund && !data.can_open;
  return (
    <Panel title="Devoluções e reembolsos">
      {empty ? <p className="text-sm text-gray-700">Sem devoluções nem reembolsos nesta encomenda.</p> : null}
      <div className="space-y-4">
        {refund ? (
          <article
            className="rounded-md border border-gray-200 p-3 sm:p-4"
            aria-label="Reembolso da encomenda cancelada"
          >
            <h3 className="font-semibold text-gray-900">Reembolso da encomenda cancelada</h3>
            <div className="mt-2">
              <Facts
                items={[
                  ["Valor", <strong key="v">{formatEuros(refund.amount)}</strong>],
                  ["Método", METHOD_LABELS[refund.refund_method]],
                ]}
              />
            </div>
            <AttemptNote attempt={refund.refund_attempt} />
            <RefundButtons
              // The transfer is 'Marcar reembolso como feito' in 'Estado e ações' (the same refund path).
              actions={{ ...refund.actions, transfer_done: false }}
              amount={refund.amount}
              iban={null}
              busy={busy}
              pending={pending?.startsWith("order:") ? pending.slice(6) : null}
              confirm={confirm}
              send={(action) => submit({ intent: "order-refund", action })}
            />
          </article>
        ) : null}
        {data.returns.map((ret) => (
          <ReturnCard key={ret.id} ret={ret} busy={busy} pending={pending} confirm={confirm} submit={submit} />
        ))}
        {data.can_open ? (
          <ReturnsOpenForm data={data} busy={busy} pending={pending === "open"} submit={submit} />
        ) : null}
      </div>
      {dialog}
      <span className="sr-only" aria-live="polite">
        {busy ? "A atualizar a devolução" : ""}
      </span>
    </Panel>
  );
}
