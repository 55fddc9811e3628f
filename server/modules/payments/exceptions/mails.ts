import { createElement as h } from "react";
import { renderMail } from "#server/core/mail/layout.ts";
import type { OutgoingMail } from "#server/core/mail/outbox.ts";
import { formatEuros } from "#server/core/money.ts";
import { PaymentExceptionMail } from "./mail-templates.ts";
import { EXCEPTION_KIND_LABELS, METHOD_NAMES, type ExceptionKind } from "./rules.ts";

export interface ExceptionMailData {
  exceptionId: number;
  kind: ExceptionKind;
  to: string;
  adminName: string;
  method: string | null;
  entity: string | null;
  reference: string | null;
  requestId: string | null;
  amountCents: number;
  expectedCents: number | null;
  orderId: number | null;
  /** The order's status label (pt-PT), when the payment belongs to an order. */
  orderStatus: string | null;
  /** The order is expired or cancelled, so a late payment of its exact amount can reinstate it. */
  reinstatable: boolean;
  publicUrl: string;
}

/** What the admin should do about each kind. */
function advice(d: ExceptionMailData): string {
  switch (d.kind) {
    case "late":
      if (d.expectedCents !== d.amountCents) {
        return "O valor recebido não é o da encomenda: contacte o cliente e marque o pagamento para reembolso.";
      }
      return d.reinstatable
        ? "Se ainda houver stock, reponha a encomenda em 'Exceções de pagamento' ('Repor encomenda'): fica paga e o cliente recebe a confirmação. Caso contrário, marque o pagamento para reembolso."
        : "A encomenda já não está expirada nem cancelada (foi paga ou aguarda outro pagamento): marque este pagamento para reembolso.";
    case "amount_mismatch":
      return "A encomenda continua a aguardar pagamento. Contacte o cliente e marque o valor recebido para reembolso (ou ignore-o, com uma nota a explicar porquê).";
    case "unknown_reference":
      return "Nenhum pagamento da loja tem esta referência. Confirme o movimento no backoffice do operador e marque-o para reembolso ou ignore-o com uma nota.";
    case "duplicate":
      return "A encomenda já estava paga: este é um segundo pagamento da mesma referência. Confirme o movimento no backoffice do operador, contacte o cliente e marque-o para reembolso (ou ignore-o, com uma nota a explicar porquê).";
  }
}

/** The e-mail to one admin about a payment that arrived but could not be applied. */
export function paymentExceptionMail(d: ExceptionMailData): OutgoingMail {
  const link = `${d.publicUrl}/payment-status`;
  const facts: [string, string][] = [
    ["Situação", EXCEPTION_KIND_LABELS[d.kind]],
    ["Valor recebido", formatEuros(d.amountCents)],
  ];
  if (d.expectedCents !== null) facts.push(["Valor esperado", formatEuros(d.expectedCents)]);
  if (d.method) facts.push(["Método", METHOD_NAMES[d.method] ?? d.method]);
  if (d.entity) facts.push(["Entidade", d.entity]);
  if (d.reference) facts.push(["Referência", d.reference]);
  if (d.requestId) facts.push(["Pedido MB WAY", d.requestId]);
  if (d.orderId !== null) {
    facts.push(["Encomenda", `#${d.orderId}${d.orderStatus ? ` (${d.orderStatus})` : ""}`]);
  }
  const intro = "Chegou um pagamento que a loja não pôde aplicar a uma encomenda:";
  const text = [
    `Olá ${d.adminName},`,
    "",
    intro,
    "",
    ...facts.map(([k, v]) => `${k}: ${v}`),
    "",
    `O que fazer: ${advice(d)}`,
    "",
    `Exceções de pagamento: ${link}`,
  ].join("\n");
  const html = renderMail(h(PaymentExceptionMail, { name: d.adminName, intro, facts, advice: advice(d), link }));
  const about = d.orderId !== null ? `encomenda #${d.orderId}` : `referência ${d.reference ?? d.requestId ?? ""}`;
  return {
    to: d.to,
    kind: "payment-exception",
    subject: `Exceção de pagamento: ${EXCEPTION_KIND_LABELS[d.kind].toLowerCase()} (${about.trim()})`,
    text,
    html,
    dedupeKey: `payment-exception:${d.exceptionId}:${d.to.toLowerCase()}`,
  };
}
