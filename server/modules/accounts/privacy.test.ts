import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { checkout, delivery, seedProduct, signIn, type Session } from "#tests/support/factories.ts";
import { login } from "#tests/support/http.ts";
import { parseMail } from "#tests/support/mail.ts";
import { emailVerificationTokens, passwordResetTokens, sessions, users } from "./schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox } from "#server/core/mail/worker.ts";
import { verifyPassword } from "./passwords.ts";
import { ADMIN_CANNOT_DELETE, anonymisedEmail, WRONG_PASSWORD } from "./privacy.ts";
import type { AccountExport } from "#server/flows/account-privacy/account-privacy.ts";

let t: TestApp;
let ana: Session;
let other: Session;
/** Ana's orders, oldest first: two deliveries, different products and prices. */
const anaOrders: number[] = [];

const exportOf = (s: Session) => t.app.inject({ url: "/api/users/me/export", headers: s.headers });
const remove = (s: Session, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/users/me/delete", headers: s.headers, payload });
const me = (s: Session) => t.app.inject({ url: "/api/users/me", headers: s.headers });

async function order(
  s: Session,
  priceCents: number,
  quantity: number,
  method: "mb" | "mbway",
  deliveryOverride = {},
  billing?: object,
) {
  const { product, variants } = await seedProduct(t, priceCents, 20, { name: `Artigo ${priceCents}` });
  const res = await checkout(t, s.headers, {
    metodo_pagamento: method,
    telemovel: "917654321",
    dados_entrega: { ...delivery, ...deliveryOverride },
    ...(billing ? { dados_faturacao: billing } : {}),
    items: [{ product_id: product.id, quantity, variant_id: variants[0]!.id }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order_id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await signIn(t, "cliente");
  other = await signIn(t, "cliente");
  anaOrders.push(await order(ana, 1250, 2, "mb"));
  anaOrders.push(
    await order(
      ana,
      3990,
      1,
      "mbway",
      {
        nome: "Ana no Porto",
        morada: "Rua do Almada, 5",
        codigo_postal: "4050-031",
        cidade: "Porto",
        telefone: "934445556",
      },
      {
        nif: "501442600",
        nome: "Oficina do Linho, Lda.",
        morada: "Rua Escura, 9",
        codigo_postal: "4050-253",
        cidade: "Porto",
      },
    ),
  );
  await order(other, 700, 3, "mb");
});
afterAll(() => t.close());

describe("GET /api/users/me/export", () => {
  it("is a JSON download of the account, its addresses and exactly its orders (as the database has them)", async () => {
    const res = await exportOf(ana);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="loja-os-meus-dados-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(res.headers["cache-control"]).toContain("no-store");
    const data = res.json<AccountExport>();

    const [account] = await t.db.select().from(users).where(eq(users.id, ana.id));
    expect(data.conta).toEqual({
      id: account!.id,
      nome: account!.name,
      email: account!.email,
      funcao: "cliente",
      criada_em: account!.createdAt.toISOString(),
      email_confirmado_em: account!.emailVerifiedAt!.toISOString(),
    });
    expect(res.body).not.toContain(account!.passwordHash);
    expect(res.body).not.toMatch(/argon2|password|palavra/i);

    // Exactly Ana's orders, newest first, each with the figures and lines of its rows.
    const rows = await t.db.select().from(orders).where(eq(orders.userId, ana.id)).orderBy(asc(orders.id));
    expect(data.encomendas.map((o) => o.numero)).toEqual(rows.map((r) => r.id).reverse());
    for (const exported of data.encomendas) {
      const row = rows.find((r) => r.id === exported.numero)!;
      expect(exported.total).toBe(row.totalCents / 100);
      expect(exported.subtotal).toBe(row.subtotalCents / 100);
      expect(exported.portes).toBe(row.shippingCents / 100);
      expect([exported.desconto, exported.codigo_desconto]).toEqual([
        (row.discountCents + row.shippingDiscountCents) / 100,
        row.discountCode,
      ]);
      expect(exported.dados_entrega).toEqual({
        nome: row.deliveryName,
        morada: row.deliveryAddress,
        codigo_postal: row.deliveryPostalCode,
        localidade: row.deliveryCity,
        telefone: row.deliveryPhone,
      });
      // The invoice's buyer: the billing columns, or the delivery ones where they are null.
      expect(exported.dados_faturacao).toEqual({
        nif: row.billingNif,
        nome: row.billingName ?? row.deliveryName,
        morada: row.billingAddress ?? row.deliveryAddress,
        codigo_postal: row.billingPostalCode ?? row.deliveryPostalCode,
        localidade: row.billingCity ?? row.deliveryCity,
      });
      const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, row.id));
      expect(exported.linhas).toEqual(
        lines.map((l) => ({
          produto: l.productName,
          cor: l.colorName,
          tamanho: l.sizeName,
          quantidade: l.quantity,
          preco_unitario: l.unitPriceCents / 100,
          desconto: l.discountCents / 100,
          total: (l.unitPriceCents * l.quantity) / 100,
        })),
      );
      const sum = exported.linhas.reduce((s, l) => s + Math.round(l.total * 100), 0);
      expect(sum).toBe(row.subtotalCents);
      const pays = await t.db.select().from(payments).where(eq(payments.orderId, row.id));
      expect(exported.pagamentos.map((p) => [p.referencia, p.valor, p.telefone])).toEqual(
        pays.map((p) => [p.reference, p.amountCents / 100, p.phone]),
      );
    }
    // The two delivery addresses used, each once, the newest first.
    expect(data.moradas_de_entrega.map((a) => a.localidade)).toEqual(["Porto", "Lisboa"]);
    expect(data.encomendas.map((o) => [o.dados_faturacao.nif, o.dados_faturacao.nome])).toEqual([
      ["501442600", "Oficina do Linho, Lda."],
      [null, delivery.nome],
    ]);
    // Nothing of the other shopper.
    const [otherRow] = await t.db.select().from(users).where(eq(users.id, other.id));
    expect(res.body).not.toContain(otherRow!.email);
    expect(res.body).not.toContain("Artigo 700");
  });

  it("needs a session (401)", async () => {
    const res = await t.app.inject({ url: "/api/users/me/export" });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/users/me/delete", () => {
  it("with a wrong or missing password: 400 in pt-PT and nothing changes", async () => {
    const [before] = await t.db.select().from(users).where(eq(users.id, ana.id));
    const wrong = await remove(ana, { password: "nao-e-esta" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_PASSWORD);
    const missing = await remove(ana, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Indique a sua palavra-passe para confirmar.");
    const [after] = await t.db.select().from(users).where(eq(users.id, ana.id));
    expect(after).toEqual(before);
    expect((await me(ana)).statusCode).toBe(200);
  });

  it("refuses while an order is in progress, naming it, and changes nothing", async () => {
    const res = await remove(ana, { password: ana.password });
    expect(res.statusCode).toBe(409);
    for (const id of anaOrders) expect(res.json().message).toContain(`#${id}`);
    const [row] = await t.db.select().from(users).where(eq(users.id, ana.id));
    expect(row!.anonymisedAt).toBeNull();
    expect((await me(ana)).statusCode).toBe(200);
  });

  it("refuses an admin account (403) and keeps it", async () => {
    const admin = await signIn(t, "admin");
    const res = await remove(admin, { password: admin.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ADMIN_CANNOT_DELETE);
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.anonymisedAt).toBeNull();
  });

  it("anonymises the account, ends its sessions and links, keeps the orders' invoice data and drops the phones", async () => {
    // The orders are over (delivered, expired): nothing holds the deletion back any more.
    await t.db.update(orders).set({ status: "entregue" }).where(eq(orders.id, anaOrders[0]!));
    await t.db.update(orders).set({ status: "expired" }).where(eq(orders.id, anaOrders[1]!));
    const second = await login(t.app, ana.email, ana.password);
    await t.db
      .insert(passwordResetTokens)
      .values({ tokenHash: "h7-reset", userId: ana.id, expiresAt: new Date(Date.now() + 60_000) });
    await t.db
      .insert(emailVerificationTokens)
      .values({ tokenHash: "h7-verify", userId: ana.id, expiresAt: new Date(Date.now() + 60_000) });
    const [before] = await t.db.select().from(users).where(eq(users.id, ana.id));
    const ordersBefore = await t.db.select().from(orders).where(inArray(orders.id, anaOrders)).orderBy(asc(orders.id));
    const linesBefore = await t.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, anaOrders))
      .orderBy(asc(orderLines.id));
    const otherOrdersBefore = await t.db.select().from(orders).where(eq(orders.userId, other.id));

    const res = await remove(ana, { password: ana.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/conta foi eliminada/);
    expect(res.cookies.find((c) => c.name === "loja_session")?.value).toBe("");

    const [after] = await t.db.select().from(users).where(eq(users.id, ana.id));
    expect(after!.name).toBe("Conta eliminada");
    expect(after!.email).toBe(anonymisedEmail(ana.id));
    expect(after!.anonymisedAt).not.toBeNull();
    expect(await verifyPassword(after!.passwordHash, ana.password)).toBe(false);
    expect(after!.passwordHash).not.toBe(before!.passwordHash);

    // Every session and link of the account is gone.
    expect((await me(ana)).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/users/me", headers: second })).statusCode).toBe(401);
    expect(await t.db.$count(sessions, eq(sessions.userId, ana.id))).toBe(0);
    expect(await t.db.$count(passwordResetTokens, eq(passwordResetTokens.userId, ana.id))).toBe(0);
    expect(await t.db.$count(emailVerificationTokens, eq(emailVerificationTokens.userId, ana.id))).toBe(0);

    // The orders stay with what an invoice needs (name, address, lines, amounts); the phones go.
    const ordersAfter = await t.db.select().from(orders).where(inArray(orders.id, anaOrders)).orderBy(asc(orders.id));
    expect(ordersAfter.map((o) => ({ ...o, deliveryPhone: "", mbwayPhone: null }))).toEqual(
      ordersBefore.map((o) => ({ ...o, deliveryPhone: "", mbwayPhone: null })),
    );
    expect(ordersBefore.map((o) => o.deliveryPhone)).toEqual(["912345678", "934445556"]);
    expect(ordersAfter.map((o) => [o.deliveryPhone, o.mbwayPhone])).toEqual([
      ["", null],
      ["", null],
    ]);
    expect(
      await t.db.select().from(orderLines).where(inArray(orderLines.orderId, anaOrders)).orderBy(asc(orderLines.id)),
    ).toEqual(linesBefore);
    const pays = await t.db.select().from(payments).where(inArray(payments.orderId, anaOrders));
    expect(pays.length).toBeGreaterThanOrEqual(2);
    expect(pays.map((p) => p.phone)).toEqual(pays.map(() => null));
    // Nobody else's orders changed.
    expect(await t.db.select().from(orders).where(eq(orders.userId, other.id))).toEqual(otherOrdersBefore);

    // The old e-mail and password no longer sign in, and the address is free for a new account.
    const oldLogin = await t.app.inject({
      method: "POST",
      url: "/users/login",
      payload: { email: ana.email, password: ana.password },
    });
    expect(oldLogin.statusCode).toBe(400);
    expect(oldLogin.json().message).toBe("Credenciais inválidas");
    const again = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { name: "Ana de Novo", email: ana.email, password: "recomecar-123" },
    });
    expect(again.statusCode).toBe(201);
    expect(await t.db.$count(users, eq(users.email, ana.email))).toBe(1);

    // A last mail to the old address confirms it (plain text and HTML, pt-PT).
    const transport = createMailTransport({
      smtpUrl: undefined,
      mailFrom: "Loja <loja@teste.pt>",
      dataDir: t.config.dataDir,
    });
    await drainOutbox(t.db, transport, pino({ level: "silent" }));
    const dir = path.join(t.config.dataDir, "mail");
    const mails = await Promise.all(readdirSync(dir).map((f) => parseMail(readFileSync(path.join(dir, f)))));
    const goodbye = mails.find((m) => m.subject === "A sua conta na Loja foi eliminada");
    expect(goodbye?.to).toEqual([ana.email]);
    expect(goodbye?.text).toContain(`Olá ${before!.name}`);
    expect(goodbye?.html).toContain("guardamos durante 10 anos");
  });

  it("a deleted account gets no password link", async () => {
    const forgot = await t.app.inject({
      method: "POST",
      url: "/api/users/forgot-password",
      payload: { email: anonymisedEmail(ana.id) },
    });
    expect(forgot.statusCode).toBe(200);
    expect(await t.db.$count(passwordResetTokens, eq(passwordResetTokens.userId, ana.id))).toBe(0);
  });
});
