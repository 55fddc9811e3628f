import { type FormEvent, useId, useState } from "react";
import type { WithdrawalBody, WithdrawalResponse, WithdrawalView } from "#server/modules/aftersale/returns/schemas.ts";
import { IBAN_MESSAGE, isValidPtIban } from "#server/modules/aftersale/returns/rules.ts";
import { type ApiResponse, messageFrom, NetworkError } from "#app/lib/api.ts";
import { formatEuros } from "#app/lib/format.ts";
import { useHydrated } from "#app/lib/storage.ts";
import { NETWORK_ERROR, Notice, SubmitButton } from "./PasswordParts.tsx";

/*
 * The withdrawal's choice ('Livre resolução'), shared by the order page in /conta and the public form
 * /livre-resolucao: the items and quantities (everything still free is preselected), the IBAN when the order was
 * paid by Multibanco or Payshop, an optional reason, and 'Confirmar desistência'. The server decides; its pt-PT
 * refusal is shown as is.
 */

export type WithdrawalChoice = Pick<WithdrawalBody, "items" | "iban" | "reason">;

const fieldBase = "block rounded-lg border bg-white text-base text-gray-900 shadow-xs focus:ring-2 focus:outline-none";
const inputClass = `${fieldBase} w-full px-3.5 py-2.5`;
const okBorder = "border-gray-300 focus:border-brand-500 focus:ring-brand-500/30";
const badBorder = "border-red-400 focus:border-red-500 focus:ring-red-500/30";
const labelClass = "mb-1.5 block text-sm font-medium text-gray-800";

type Status = { state: "idle" | "submitting" } | { state: "error"; message: string };

/**
 * A form the page's action also takes without script (/livre-resolucao, decision 0015): its hidden fields, and the
 * refusal of the last post (the message, the IBAN's error, what was typed).
 */
export interface PostedChoice {
  hidden: Record<string, string>;
  message?: string | null;
  ibanError?: string | null;
  typed?: { iban?: string; reason?: string };
}

export function WithdrawalForm(props: {
  view: WithdrawalView;
  submit: (choice: WithdrawalChoice) => Promise<ApiResponse>;
  onDone: (answer: WithdrawalResponse) => void;
  onCancel?: () => void;
  posted?: PostedChoice;
  /** The units chosen at first (a request being corrected: its own); else every free unit. */
  initial?: Record<number, number>;
  /** The submit button's words ('Confirmar desistência' unless told). */
  submitLabel?: string;
}) {
  const { view, posted } = props;
  const id = useId();
  const hydrated = useHydrated();
  const free = view.lines.filter((l) => l.available > 0);
  const [chosen, setChosen] = useState<Record<number, number>>(
    () => props.initial ?? Object.fromEntries(free.map((l) => [l.order_line_id, l.available])),
  );
  const [iban, setIban] = useState(posted?.typed?.iban ?? "");
  const [ibanError, setIbanError] = useState<string | null>(posted?.ibanError ?? null);
  const [reason, setReason] = useState(posted?.typed?.reason ?? "");
  const [status, setStatus] = useState<Status>(
    posted?.message ? { state: "error", message: posted.message } : { state: "idle" },
  );

  const toggle = (lineId: number, on: boolean, available: number) =>
    setChosen((c) => {
      const next = { ...c };
      if (on) next[lineId] = available;
      else delete next[lineId];
      return next;
    });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.state === "submitting") return;
    const items = Object.entries(chosen).map(([lineId, quantity]) => ({ order_line_id: Number(lineId), quantity }));
    if (items.length === 0) {
      setStatus({ state: "error", message: "Escolha pelo menos um artigo." });
      return;
    }
    if (view.iban_required && !isValidPtIban(iban)) {
      setIbanError(iban.trim() ? IBAN_MESSAGE : "Indique o IBAN para onde devemos transferir o reembolso.");
      document.getElementById(`${id}-iban`)?.focus();
      return;
    }
    setStatus({ state: "submitting" });
    try {
      const response = await props.submit({
        items,
        ...(view.iban_required ? { iban } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      if (response.ok) {
        props.onDone(response.data as WithdrawalResponse);
        return;
      }
      const message = messageFrom(response.data) ?? "Não foi possível registar o pedido.";
      if (message === IBAN_MESSAGE) {
        setIbanError(message);
        setStatus({ state: "idle" });
      } else setStatus({ state: "error", message });
    } catch (cause) {
      setStatus({
        state: "error",
        message: cause instanceof NetworkError ? NETWORK_ERROR : "Não foi possível registar o pedido.",
      });
    }
  }

  return (
    // Posted (never a GET: the IBAN must not travel in an address). Only a form the page's action takes works before
    // hydration; the others keep their button disabled until then.
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="mt-4 space-y-5"
      aria-label="Pedido de livre resolução"
    >
      {Object.entries(posted?.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">Artigos a devolver</legend>
        <ul className="mt-2 divide-y divide-gray-100 rounded-lg border border-gray-200">
          {view.lines.map((line) => {
            const on = line.order_line_id in chosen;
            const variant = [line.color, line.size].filter(Boolean).join(" · ");
            const boxId = `${id}-line-${line.order_line_id}`;
            return (
              <li key={line.order_line_id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3">
                <input
                  id={boxId}
                  type="checkbox"
                  name="linha"
                  value={line.order_line_id}
                  checked={on}
                  disabled={line.available === 0}
                  onChange={(e) => toggle(line.order_line_id, e.target.checked, line.available)}
                  className="size-5 shrink-0 accent-gray-900"
                />
                <label htmlFor={boxId} className="min-w-0 flex-1 text-sm">
                  <span className="block font-medium break-words text-gray-900">{line.name}</span>
                  <span className="block text-gray-600">
                    {variant ? `${variant} · ` : ""}
                    {line.quantity} × {formatEuros(line.unit_price)}
                    {line.available < line.quantity
                      ? line.available === 0
                        ? " · já num pedido de livre resolução"
                        : ` · ${line.quantity - line.available} já num pedido`
                      : ""}
                  </span>
                </label>
                {on && line.available > 1 ? (
                  <div className="ml-8 flex items-center gap-2 sm:ml-0">
                    <label htmlFor={`${boxId}-qty`} className="text-sm text-gray-700">
                      Quantidade
                    </label>
                    <select
                      id={`${boxId}-qty`}
                      name={`quantidade-${line.order_line_id}`}
                      value={chosen[line.order_line_id]}
                      onChange={(e) => setChosen((c) => ({ ...c, [line.order_line_id]: Number(e.target.value) }))}
                      className={`${fieldBase} ${okBorder} w-20 px-2 py-1.5`}
                    >
                      {Array.from({ length: line.available }, (_, i) => i + 1).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </fieldset>

      {view.iban_required ? (
        <div>
          <label htmlFor={`${id}-iban`} className={labelClass}>
            IBAN para o reembolso
          </label>
          <input
            id={`${id}-iban`}
            name="iban"
            autoComplete="off"
            spellCheck={false}
            placeholder="PT50 0000 0000 0000 0000 0000 0"
            value={iban}
            onChange={(e) => {
              setIban(e.target.value);
              setIbanError(null);
            }}
            aria-invalid={ibanError ? true : undefined}
            aria-describedby={`${id}-iban-hint${ibanError ? ` ${id}-iban-error` : ""}`}
            // tracking-tight: a whole IBAN (29 characters with its spaces) fits a 375 px screen without scrolling.
            className={`${fieldBase} ${ibanError ? badBorder : okBorder} w-full px-3 py-2.5 tracking-tight`}
          />
          <p id={`${id}-iban-hint`} className="mt-1.5 text-xs text-gray-600">
            Pagou por {view.method_label}: o reembolso é feito por transferência bancária para uma conta portuguesa.
          </p>
          {ibanError ? (
            <p id={`${id}-iban-error`} className="mt-1.5 text-sm text-red-600">
              {ibanError}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-gray-700">O reembolso é feito por MB WAY, para o telemóvel com que pagou.</p>
      )}

      <div>
        <label htmlFor={`${id}-reason`} className={labelClass}>
          Motivo <span className="font-normal text-gray-500">(opcional)</span>
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className={`${inputClass} ${okBorder}`}
        />
      </div>

      <p className="text-sm text-gray-600">
        Depois de confirmar, envie-nos os artigos no prazo de 14 dias. Reembolsamos no prazo de 14 dias a contar do
        pedido (podemos aguardar a receção dos artigos).
      </p>

      {status.state === "error" ? <Notice kind="error">{status.message}</Notice> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {props.onCancel ? (
          <button
            type="button"
            onClick={props.onCancel}
            className="rounded-lg border border-gray-300 px-4 py-2.5 text-sm font-semibold text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Voltar
          </button>
        ) : null}
        <div className="sm:w-auto">
          <SubmitButton busy={status.state === "submitting"} hydrated={posted ? undefined : hydrated}>
            {props.submitLabel ?? "Confirmar desistência"}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
