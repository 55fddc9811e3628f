import { z } from "zod";
import type { Database } from "#server/core/db/client.ts";
import { ConflictError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { eraseMailFiles, eraseMailTo } from "#server/core/mail/retention.ts";
import { accountDeletedMail } from "#server/modules/accounts/mails.ts";
import {
  ACCOUNT_DELETED_MESSAGE,
  accountForExport,
  anonymiseAccount,
  checkDeletionRequest,
  lockAccountForDeletion,
} from "#server/modules/accounts/privacy.ts";
import { billingViewOf, type BillingSource } from "#server/modules/orders/billing.ts";
import { euros } from "#server/modules/orders/cart.ts";
import {
  forgetOrderPhones,
  ordersForExport,
  ordersInProgress,
  ordersWithRefundDue,
} from "#server/modules/orders/privacy.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#server/modules/orders/timeline.ts";
import {
  forgetPaymentPhones,
  ordersWithUnsettledExceptions,
  paymentsForExport,
} from "#server/modules/payments/privacy.ts";
import {
  forgetReturnIbans,
  ordersWithOpenReturns,
  returnExport,
  returnsForExport,
} from "#server/modules/aftersale/returns/privacy.ts";

/*
 * RGPD on /conta/privacidade: 'Descarregar os meus dados' (GET /api/users/me/export) and 'Eliminar conta'
 * (POST /api/users/me/delete). A story across modules: each module keeps the function for its own tables (accounts,
 * orders, payments, returns: their privacy.ts) and this flow calls them in order, in one transaction. What deletion
 * erases and keeps, and why: docs/decisions/0012-account-deletion.md.
 */

const methodLabels: Record<string, string> = { mbway: "MB WAY", mb: "Multibanco", payshop: "Payshop" };
const paymentStatusLabels: Record<string, string> = {
  pending: "Pendente",
  paid: "Pago",
  failed: "Falhado",
  expired: "Expirado",
};
const iso = (d: Date | null) => d?.toISOString() ?? null;
const billingExport = (o: BillingSource) => {
  const { nif, nome, morada, codigo_postal, cidade } = billingViewOf(o);
  return { nif, nome, morada, codigo_postal, localidade: cidade };
};

const delivery = z.object({
  nome: z.string(),
  morada: z.string(),
  codigo_postal: z.string(),
  localidade: z.string(),
  telefone: z.string(),
});

/** The export's shape (pt-PT keys: the shopper reads this file). Money in euros, dates in ISO 8601 (UTC). */
export const accountExport = z.object({
  exportado_em: z.string(),
  conta: z.object({
    id: z.number(),
    nome: z.string(),
    email: z.string(),
    funcao: z.string(),
    criada_em: z.string(),
    email_confirmado_em: z.string().nullable(),
  }),
  moradas_de_entrega: z.array(delivery),
  encomendas: z.array(
    z.object({
      numero: z.number(),
      criada_em: z.string(),
      estado: z.string(),
      metodo_pagamento: z.string(),
      subtotal: z.number(),
      portes: z.number(),
      /** Every discount (lines and delivery) and the code used (issue 20); total = subtotal − desconto + portes. */
      desconto: z.number(),
      codigo_desconto: z.string().nullable(),
      total: z.number(),
      zona_envio: z.string(),
      entrega_rapida: z.boolean(),
      dados_entrega: delivery,
      /** The invoice's buyer: NIF (null = Consumidor final), name and address (the delivery ones unless others). */
      dados_faturacao: z.object({
        nif: z.string().nullable(),
        nome: z.string(),
        morada: z.string(),
        codigo_postal: z.string(),
        localidade: z.string(),
      }),
      telefone_mbway: z.string().nullable(),
      paga_em: z.string().nullable(),
      enviada_em: z.string().nullable(),
      entregue_em: z.string().nullable(),
      cancelada_em: z.string().nullable(),
      transportadora: z.string().nullable(),
      numero_seguimento: z.string().nullable(),
      linhas: z.array(
        z.object({
          produto: z.string(),
          cor: z.string().nullable(),
          tamanho: z.string().nullable(),
          quantidade: z.number(),
          preco_unitario: z.number(),
          /** The line's discount (issue 20); `total` is before it, as the subtotal is. */
          desconto: z.number(),
          total: z.number(),
        }),
      ),
      pagamentos: z.array(
        z.object({
          metodo: z.string(),
          estado: z.string(),
          valor: z.number(),
          entidade: z.string().nullable(),
          referencia: z.string().nullable(),
          telefone: z.string().nullable(),
          criado_em: z.string(),
          valido_ate: z.string().nullable(),
          pago_em: z.string().nullable(),
        }),
      ),
      /** Withdrawals ('Livre resolução') of the order, with the IBAN given for the refund. */
      livre_resolucao: z.array(returnExport),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExport>;

/** What deleting an account needs besides the database: the last e-mail's shop name and links, the mail nudge. */
export interface AccountPrivacyDeps {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
  /** The shop's name in the e-mail (its settings, cached). */
  shopName: () => Promise<string>;
  /** Where the outbox writes its .eml copies without SMTP_URL (DATA_DIR/mail): the account's are erased with it. */
  mailDir: string;
}

/** Everything the shop holds about the account, in one read-only snapshot. Never the password hash. */
export function exportAccountData(db: Database, userId: number): Promise<AccountExport> {
  return db.transaction(
    async (tx) => {
      const account = await accountForExport(tx, userId);
      const exported = await ordersForExport(tx, userId);
      const ids = exported.map((e) => e.order.id);
      const payments = await paymentsForExport(tx, ids);
      const withdrawals = await returnsForExport(tx, ids);
      const orders = exported.map(({ order: o, lines }) => ({
        numero: o.id,
        criada_em: o.createdAt.toISOString(),
        estado: ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status,
        metodo_pagamento: methodLabels[o.paymentMethod] ?? o.paymentMethod,
        subtotal: euros(o.subtotalCents),
        portes: euros(o.shippingCents),
        desconto: euros(o.discountCents + o.shippingDiscountCents),
        codigo_desconto: o.discountCode,
        total: euros(o.totalCents),
        zona_envio: o.shippingZone,
        entrega_rapida: o.fastDelivery,
        dados_entrega: {
          nome: o.deliveryName,
          morada: o.deliveryAddress,
          codigo_postal: o.deliveryPostalCode,
          localidade: o.deliveryCity,
          telefone: o.deliveryPhone,
        },
        dados_faturacao: billingExport(o),
        telefone_mbway: o.mbwayPhone,
        paga_em: iso(o.paidAt),
        enviada_em: iso(o.shippedAt),
        entregue_em: iso(o.deliveredAt),
        cancelada_em: iso(o.cancelledAt),
        transportadora: o.carrier,
        numero_seguimento: o.trackingNumber,
        linhas: lines.map((l) => ({
          produto: l.productName,
          cor: l.colorName,
          tamanho: l.sizeName,
          quantidade: l.quantity,
          preco_unitario: euros(l.unitPriceCents),
          desconto: euros(l.discountCents),
          total: euros(l.unitPriceCents * l.quantity),
        })),
        pagamentos: (payments.get(o.id) ?? []).map((p) => ({
          metodo: methodLabels[p.method] ?? p.method,
          estado: paymentStatusLabels[p.status] ?? p.status,
          valor: euros(p.amountCents),
          entidade: p.entity,
          referencia: p.reference,
          telefone: p.phone,
          criado_em: p.createdAt.toISOString(),
          valido_ate: iso(p.expiresAt),
          pago_em: iso(p.paidAt),
        })),
        livre_resolucao: withdrawals.get(o.id) ?? [],
      }));
      // The addresses used, each once, most recent first.
      const seen = new Set<string>();
      const addresses = orders
        .map((o) => o.dados_entrega)
        .filter((a) => {
          const key = JSON.stringify(a);
          return !seen.has(key) && seen.add(key) !== undefined;
        });
      return {
        exportado_em: new Date().toISOString(),
        conta: {
          id: account.id,
          nome: account.name,
          email: account.email,
          funcao: account.function,
          criada_em: account.createdAt.toISOString(),
          email_confirmado_em: iso(account.emailVerifiedAt),
        },
        moradas_de_entrega: addresses,
        encomendas: orders,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * 'Eliminar conta', confirmed by the password: the account is anonymised, its orders lose the phone numbers (and its
 * payments the MB WAY number, its returns and refunds the IBAN), the outbox its messages to the account (and their
 * .eml copies, after the commit), and a last e-mail confirms it to the old address; one transaction. Refused for an admin, while an order is in progress, while the shop owes a refund (a cancelled paid
 * order, a payment exception) or a withdrawal awaits its refund (the shop still has to reach, or pay, the shopper).
 */
export async function deleteAccount(
  deps: AccountPrivacyDeps,
  userId: number,
  password: string,
): Promise<{ message: string }> {
  await checkDeletionRequest(deps.db, userId, password);
  const shop = await deps.shopName();
  const erasedMail = await deps.db.transaction(async (tx) => {
    const current = await lockAccountForDeletion(tx, userId);
    const open = await ordersInProgress(tx, userId);
    if (open.length > 0) {
      const list = open.map((id) => `#${id}`).join(", ");
      throw new ConflictError(
        `Não é possível eliminar a conta enquanto houver encomendas em curso (${list}). ` +
          "Poderá eliminá-la quando estiverem entregues, canceladas ou expiradas.",
      );
    }
    // Money the shop owes and would have nobody to pay once the e-mail, phones and IBANs are gone: a paid order
    // cancelled with its refund 'due', or a payment exception (late, another amount, paid twice) not yet refunded.
    const owed = [
      ...new Set([...(await ordersWithRefundDue(tx, userId)), ...(await ordersWithUnsettledExceptions(tx, userId))]),
    ];
    if (owed.length > 0) {
      const list = owed
        .sort((a, b) => a - b)
        .map((id) => `#${id}`)
        .join(", ");
      throw new ConflictError(
        `Não é possível eliminar a conta enquanto a loja lhe dever um reembolso (${list}). ` +
          "Poderá eliminá-la depois do reembolso.",
      );
    }
    // A withdrawal not yet refunded: the shop still owes money, to the IBAN the return holds.
    const returning = await ordersWithOpenReturns(tx, userId);
    if (returning.length > 0) {
      const list = returning.map((id) => `#${id}`).join(", ");
      throw new ConflictError(
        `Não é possível eliminar a conta enquanto houver pedidos de livre resolução por concluir (${list}). ` +
          "Poderá eliminá-la depois do reembolso.",
      );
    }
    const orderIds = await forgetOrderPhones(tx, userId);
    await forgetPaymentPhones(tx, orderIds);
    await forgetReturnIbans(tx, orderIds);
    await anonymiseAccount(tx, userId);
    // The outbox's copies of mail to the account (full IBANs, phones): erased with it. The goodbye mail comes after.
    const erased = await eraseMailTo(tx, current.email);
    await enqueueMail(tx, accountDeletedMail(shop, current.name, current.email, deps.publicUrl));
    return erased;
  });
  // Their .eml copies once the deletion committed (a file cannot roll back).
  await eraseMailFiles(deps.mailDir, erasedMail);
  deps.onMailQueued();
  return { message: ACCOUNT_DELETED_MESSAGE };
}
