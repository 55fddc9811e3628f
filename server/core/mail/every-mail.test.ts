import { describe, expect, it } from "vitest";
import type { OutgoingMail } from "#server/core/mail/outbox.ts";
import {
  accountDeletedMail,
  alreadyRegisteredMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
  welcomeMail,
} from "#server/modules/accounts/mails.ts";
import { cancelledMail, deliveredMail, shippedMail } from "#server/modules/aftersale/fulfilment/mails.ts";
import { withdrawalConfirmationMail, type WithdrawalMailData } from "#server/modules/aftersale/returns/mails.ts";
import { refundDoneMail, type RefundMailData } from "#server/modules/aftersale/returns/refund-mails.ts";
import { contactMail } from "#server/modules/contact/mails.ts";
import { paymentExceptionMail, type ExceptionMailData } from "#server/modules/payments/exceptions/mails.ts";
import { orderConfirmationMail, type ConfirmationData } from "#server/modules/payments/mails.ts";
import {
  orderCancelledMail,
  orderExpiredMail,
  paymentInstructionsMail,
  paymentReminderMail,
  type MailPayment,
} from "#server/modules/payments/shopper/mails.ts";

/*
 * The words of every e-mail the shop sends, with fixed sample data: subject, text part, the HTML part's visible
 * text and links, kind, dedupe key and Reply-To. Recorded before the mails moved to one layout, so a change of
 * layout (or of where a mail module lives) cannot change what a shopper or an admin reads. The user data carries
 * markup and quotes, so escaping is part of what is compared.
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** What a reader sees: block elements separate words, inline ones do not; runs of white space become one space. */
function visibleText(html: string): string {
  return decode(
    html
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<(head|style|title)[\s\S]*?<\/\1>/gi, " ")
      .replace(/<\/?(p|br|hr|div|table|tbody|thead|tr|td|th|caption|ul|ol|li|h\d|section|body|html)\b[^>]*>/gi, " ")
      .replace(/<[^>]+>/g, ""),
  )
    .replace(/[^\S\u00a0]+/g, " ")
    .trim();
}

const links = (html: string) => [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => decode(m[1]!));

function words(mail: OutgoingMail) {
  return {
    kind: mail.kind,
    to: mail.to,
    replyTo: mail.replyTo,
    dedupeKey: mail.dedupeKey,
    subject: mail.subject,
    text: mail.text,
    html: mail.html === undefined ? undefined : visibleText(mail.html),
    links: mail.html === undefined ? undefined : links(mail.html),
  };
}

const SHOP = 'Sabonetes & "Companhia"';
const NAME = "Ana <b>Sá</b> & O'Neil";
const URL = "https://loja.example.pt";
const winter = new Date("2026-11-24T14:07:00Z");
const summer = new Date("2026-07-03T22:30:45Z");

const mails: Record<string, OutgoingMail> = {
  verification: verificationMail(SHOP, NAME, "ana@example.pt", `${URL}/verificar-email?token=abc-123&x="1"`),
  alreadyRegistered: alreadyRegisteredMail(SHOP, "ana@example.pt", URL),
  welcome: welcomeMail(SHOP, NAME, "ana@example.pt", URL),
  passwordReset: passwordResetMail(SHOP, NAME, "ana@example.pt", `${URL}/redefinir-palavra-passe?token=t0k3n`),
  passwordChanged: passwordChangedMail(SHOP, NAME, "ana@example.pt", URL),
  accountDeleted: accountDeletedMail(SHOP, NAME, "ana@example.pt", URL),
};

const recipient = { orderId: 42, to: "ana@example.pt", customerName: NAME, publicUrl: URL };
mails.shipped = shippedMail({
  ...recipient,
  carrierName: "CTT <Expresso>",
  trackingNumber: "RR123456789PT",
  trackingUrl: "https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=RR123456789PT&lang=pt",
});
mails.delivered = deliveredMail(recipient);
mails.fulfilmentCancelled = cancelledMail({ ...recipient, totalCents: 123456 });
mails.fulfilmentCancelledWithReason = cancelledMail({ ...recipient, totalCents: 990, reason: "Sem stock <já>" });

const withdrawal: WithdrawalMailData = {
  to: "ana@example.pt",
  customerName: NAME,
  orderId: 42,
  returnId: 7,
  requestedAt: winter,
  lines: [
    { name: "Sabonete <Lavanda>", color: "Roxo", size: "100 g", quantity: 2, cents: 1180 },
    { name: "Vela & Cia", color: null, size: null, quantity: 1, cents: 1550 },
  ],
  refundCents: 3220,
  includesDelivery: true,
  refundTo: { kind: "mbway" },
  returnAddress: { name: "Sabonetes, Lda.", address: "Rua do Mercado, 3", postalCode: "4000-123", city: "Porto" },
  orderUrl: `${URL}/conta/encomendas/42`,
};
mails.withdrawalMbway = withdrawalConfirmationMail(withdrawal);
mails.withdrawalIban = withdrawalConfirmationMail({
  ...withdrawal,
  requestedAt: summer,
  includesDelivery: false,
  refundTo: { kind: "iban", iban: "PT50000201231234567890154" },
});

const refund: RefundMailData = {
  refundId: 9,
  to: "ana@example.pt",
  customerName: NAME,
  orderId: 42,
  amountCents: 3220,
  method: "mbway",
  iban: null,
  cause: "return",
  doneAt: winter,
  orderUrl: `${URL}/conta/encomendas/42`,
};
mails.refundMbway = refundDoneMail(refund);
mails.refundTransferIban = refundDoneMail({
  ...refund,
  method: "transferencia",
  iban: "PT50000201231234567890154",
  cause: "cancelled",
  doneAt: summer,
});
mails.refundTransferNoIban = refundDoneMail({ ...refund, method: "transferencia" });

mails.contact = contactMail({
  to: "ola@loja.pt",
  messageId: 5,
  name: NAME,
  email: "ana+x@example.pt",
  message: 'A encomenda <b>#12</b> chega antes de sexta & sábado?\n\nObrigada, "Ana"',
  receivedAt: summer,
});

const exception: ExceptionMailData = {
  exceptionId: 3,
  kind: "late",
  to: "Admin@Loja.pt",
  adminName: NAME,
  method: "mb",
  entity: "12345",
  reference: "123456789",
  requestId: null,
  amountCents: 2180,
  expectedCents: 2180,
  orderId: 42,
  orderStatus: "Expirada",
  reinstatable: true,
  publicUrl: URL,
};
mails.exceptionLateReinstatable = paymentExceptionMail(exception);
mails.exceptionLateNotReinstatable = paymentExceptionMail({ ...exception, reinstatable: false, orderStatus: null });
mails.exceptionLateOtherAmount = paymentExceptionMail({ ...exception, expectedCents: 2000 });
mails.exceptionMismatch = paymentExceptionMail({
  ...exception,
  kind: "amount_mismatch",
  method: "mbway",
  entity: null,
  reference: null,
  requestId: "REQ-<1>",
  orderStatus: "A aguardar pagamento",
});
mails.exceptionUnknown = paymentExceptionMail({
  ...exception,
  kind: "unknown_reference",
  method: "payshop",
  entity: null,
  expectedCents: null,
  orderId: null,
  orderStatus: null,
});
mails.exceptionDuplicate = paymentExceptionMail({
  ...exception,
  kind: "duplicate",
  orderStatus: "Paga",
  reinstatable: false,
});

const confirmation: ConfirmationData = {
  orderId: 42,
  to: "ana@example.pt",
  customerName: NAME,
  method: "mb",
  subtotalCents: 4730,
  shippingCents: 390,
  totalCents: 5120,
  shippingVatRateBp: 2300,
  delivery: {
    name: NAME,
    address: "Rua das Flores, 12 <2.º>",
    postalCode: "4050-262",
    city: "Porto",
    phone: "912345678",
    fast: false,
  },
  lines: [
    {
      productName: "Sabonete <Lavanda>",
      colorName: "Roxo",
      sizeName: "100 g",
      quantity: 2,
      unitPriceCents: 590,
      vatRateBp: 2300,
      vatExemptionCode: null,
    },
    {
      productName: "Livro & Companhia",
      colorName: null,
      sizeName: null,
      quantity: 1,
      unitPriceCents: 1990,
      vatRateBp: 600,
      vatExemptionCode: null,
    },
    {
      productName: "Vale",
      colorName: null,
      sizeName: "Único",
      quantity: 1,
      unitPriceCents: 1560,
      vatRateBp: 0,
      vatExemptionCode: "M07",
    },
  ],
  publicUrl: URL,
};
mails.confirmation = orderConfirmationMail(confirmation);
mails.confirmationFastMbway = orderConfirmationMail({
  ...confirmation,
  method: "mbway",
  delivery: { ...confirmation.delivery, fast: true },
  shippingVatRateBp: 600,
});

const base = { orderId: 42, to: "ana@example.pt", name: NAME, publicUrl: URL };
const mb: MailPayment = {
  id: 11,
  method: "mb",
  entity: "12345",
  reference: "123456789",
  phone: null,
  amountCents: 2180,
  expiresAt: winter,
};
mails.instructionsMb = paymentInstructionsMail(base, mb);
mails.instructionsPayshop = paymentInstructionsMail(base, {
  ...mb,
  method: "payshop",
  entity: null,
  reference: "1234567890123",
  expiresAt: summer,
});
mails.instructionsMbway = paymentInstructionsMail(base, {
  ...mb,
  method: "mbway",
  entity: null,
  reference: null,
  phone: "936000111",
  expiresAt: null,
});
mails.reminder = paymentReminderMail(base, mb);
mails.reminderNoValidity = paymentReminderMail(base, { ...mb, expiresAt: null });
mails.expired = orderExpiredMail(base);
mails.cancelled = orderCancelledMail(base);
mails.cancelledWithReason = orderCancelledMail(base, "Não foi possível criar o pagamento.");

describe("the words of every e-mail", () => {
  it.each(Object.keys(mails))("%s", (name) => {
    expect(words(mails[name]!)).toMatchSnapshot();
  });

  it("the markup in names, products, messages and references reaches the HTML as text, never as markup", () => {
    for (const [name, mail] of Object.entries(mails)) {
      if (mail.html === undefined) continue;
      for (const tag of ["<b>", "<Lavanda>", "<Expresso>", "<já>", "<2.º>", "<1>"]) {
        expect(mail.html, name).not.toContain(tag);
      }
      expect(mail.html, name).not.toMatch(/href="[^"]*"1"/);
    }
  });
});
