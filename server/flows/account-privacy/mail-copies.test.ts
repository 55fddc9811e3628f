import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login } from "#tests/support/http.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox } from "#server/core/mail/worker.ts";

/*
 * Issue 20 item 12: a deleted account's copies in the outbox go with it. Every message to its address (any case) or
 * answered to it (a contact message's Reply-To) is deleted in the deletion's transaction, and so are their .eml
 * copies under DATA_DIR/mail; the last e-mail confirming the deletion is still sent, other people's mail stays.
 */

let t: TestApp;
const mailDir = () => path.join(t.config.dataDir, "mail");
const filesOf = (id: number) =>
  existsSync(mailDir()) ? readdirSync(mailDir()).filter((f) => f.includes(`Z-${id}-`)) : [];
const deliver = async () => {
  const transport = createMailTransport({
    smtpUrl: undefined,
    mailFrom: "Loja <loja@teste.pt>",
    dataDir: t.config.dataDir,
  });
  await drainOutbox(t.db, transport, pino({ level: "silent" }));
  transport.close();
};
const personal = (to: string, subject: string, replyTo?: string) =>
  enqueueMail(t.db, {
    to,
    subject,
    text: "Reembolso para o IBAN PT50000201231234567890154, telemóvel 912345678.",
    kind: "test",
    ...(replyTo ? { replyTo } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("deleting an account erases its sent-mail copies", () => {
  it("POST /api/users/me/delete: its messages and .eml files go, the goodbye mail is sent, others' stay", async () => {
    const ana = await createUser(t.db, "cliente");
    const headers = await login(t.app, ana.email, ana.password);
    const mine = [
      (await personal(ana.email, "Reembolso"))!,
      (await personal(ana.email.toUpperCase(), "Encomenda"))!,
      (await personal("loja@teste.pt", "Mensagem de contacto", ana.email))!,
    ];
    const others = (await personal("rui@exemplo.pt", "Para o Rui"))!;
    await deliver();
    for (const id of [...mine, others]) expect(filesOf(id)).toHaveLength(1);

    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/me/delete",
      headers,
      payload: { password: ana.password },
    });
    expect(res.statusCode, res.body).toBe(200);

    const rows = await t.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(rows.filter((r) => mine.includes(r.id))).toEqual([]);
    expect(rows.filter((r) => r.text.includes("PT50000201231234567890154")).map((r) => r.id)).toEqual([others]);
    for (const id of mine) expect(filesOf(id)).toEqual([]);
    expect(filesOf(others)).toHaveLength(1);
    // The last e-mail to the old address is still queued, and sent.
    const goodbye = rows.filter((r) => r.toAddress === ana.email);
    expect(goodbye.map((r) => r.subject)).toEqual(["A sua conta na Loja foi eliminada"]);
    await deliver();
    expect(filesOf(goodbye[0]!.id)).toHaveLength(1);
  });

  it("DELETE /api/users/:id (the admin, an account without orders): its messages go too", async () => {
    const admin = await createUser(t.db, "admin");
    const adminHeaders = await login(t.app, admin.email, admin.password);
    const rui = await createUser(t.db, "cliente");
    const id = (await personal(rui.email, "Bem-vindo"))!;
    const res = await t.app.inject({ method: "DELETE", url: `/api/users/${rui.id}`, headers: adminHeaders });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id))).toEqual([]);
  });
});
