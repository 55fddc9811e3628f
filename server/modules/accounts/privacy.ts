import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/core/db/client.ts";
import { emailVerificationTokens, passwordResetTokens, sessions, users } from "./schema.ts";
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { billingViewOf, type BillingSource } from "#server/modules/orders/billing.ts";
import { euros } from "#server/modules/orders/cart.ts";
import { forgetOrderPhones, ordersForExport, ordersInProgress } from "#server/modules/orders/privacy.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#server/modules/orders/timeline.ts";
import { forgetPaymentPhones } from "#server/modules/payments/privacy.ts";
import {
  forgetReturnIbans,
  ordersWithOpenReturns,
  returnExport,
  returnsForExport,
} from "#server/modules/aftersale/returns/privacy.ts";
import { accountDeletedMail } from "./mails.ts";
import { verifyPassword } from "./passwords.ts";

/*
 * RGPD on /conta/privacidade: 'Descarregar os meus dados' (GET /api/users/me/export) and 'Eliminar conta'
 * (POST /api/users/me/delete). What deletion erases and keeps, and why: docs/decisions/0012-account-deletion.md.
 */

export const WRONG_PASSWORD = "A palavra-passe está incorreta.";
export const DELETED_NAME = "Conta eliminada";
export const ACCOUNT_DELETED_MESSAGE =
  "A sua conta foi eliminada e a sessão terminada. Guardamos apenas os dados de faturação das suas encomendas, " +
  "como a lei exige.";
export const ADMIN_CANNOT_DELETE =
  "Uma conta de administrador não pode ser eliminada aqui. Peça a outro administrador que lhe retire a função de " +
  "administrador e tente de novo.";

/** A unique address that no mail server accepts (.invalid is reserved, RFC 2606); it frees the real address. */
export const anonymisedEmail = (userId: number) => `conta-eliminada-${userId}@loja.invalid`;

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

export function createPrivacy(deps: {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
  shopName: () => Promise<string>;
}) {
  const { db, publicUrl, shopName } = deps;

  return {
    /** Everything the shop holds about the account, in one read-only snapshot. Never the password hash. */
    async exportData(userId: number): Promise<AccountExport> {
      return db.transaction(
        async (tx) => {
          const [account] = await tx
            .select({
              id: users.id,
              name: users.name,
              email: users.email,
              function: users.function,
              createdAt: users.createdAt,
              emailVerifiedAt: users.emailVerifiedAt,
            })
            .from(users)
            .where(eq(users.id, userId));
          if (!account) throw new NotFoundError("Utilizador não encontrado");
          const exported = await ordersForExport(tx, userId);
          const withdrawals = await returnsForExport(
            tx,
            exported.map((e) => e.order.id),
          );
          const orders = exported.map(({ order: o, lines, payments }) => ({
            numero: o.id,
            criada_em: o.createdAt.toISOString(),
            estado: ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status,
            metodo_pagamento: methodLabels[o.paymentMethod] ?? o.paymentMethod,
            subtotal: euros(o.subtotalCents),
            portes: euros(o.shippingCents),
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
              total: euros(l.unitPriceCents * l.quantity),
            })),
            pagamentos: payments.map((p) => ({
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
    },

    /**
     * 'Eliminar conta', confirmed by the password: the account is anonymised (not removed: its orders
     * reference it and must stay for accounting), its sessions and links end, its orders lose the phone
     * numbers (and its returns the IBAN), and a last e-mail confirms it to the old address; one transaction.
     * Refused for an admin, while an order is in progress or a withdrawal awaits its refund (the shop still
     * has to reach, or pay, the shopper).
     */
    async deleteAccount(userId: number, password: string): Promise<{ message: string }> {
      const [user] = await db
        .select({ passwordHash: users.passwordHash, function: users.function })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.anonymisedAt)));
      if (!user) throw new NotFoundError("Utilizador não encontrado");
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new BadRequestError(WRONG_PASSWORD, [{ path: "/password", message: WRONG_PASSWORD }]);
      }
      if (user.function === "admin") throw new ForbiddenError(ADMIN_CANNOT_DELETE);
      const shop = await shopName();
      await db.transaction(async (tx) => {
        // The row lock makes a second deletion (another tab) wait, then find nothing to do.
        const [current] = await tx
          .select({ name: users.name, email: users.email, function: users.function })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.anonymisedAt)))
          .for("update");
        if (!current) throw new NotFoundError("Utilizador não encontrado");
        if (current.function === "admin") throw new ForbiddenError(ADMIN_CANNOT_DELETE);
        const open = await ordersInProgress(tx, userId);
        if (open.length > 0) {
          const list = open.map((id) => `#${id}`).join(", ");
          throw new ConflictError(
            `Não é possível eliminar a conta enquanto houver encomendas em curso (${list}). ` +
              "Poderá eliminá-la quando estiverem entregues, canceladas ou expiradas.",
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
        await tx
          .update(users)
          .set({
            name: DELETED_NAME,
            email: anonymisedEmail(userId),
            // Not an Argon2 hash: verifyPassword is false for every password.
            passwordHash: `!deleted:${randomBytes(16).toString("base64url")}`,
            anonymisedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
        await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
        await enqueueMail(tx, accountDeletedMail(shop, current.name, current.email, publicUrl));
      });
      deps.onMailQueued();
      return { message: ACCOUNT_DELETED_MESSAGE };
    },
  };
}

export type Privacy = ReturnType<typeof createPrivacy>;
