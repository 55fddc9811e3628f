import path from "node:path";
import type { PaymentProvider } from "#server/modules/payments/providers/provider.ts";
import { createAccountsService, type AccountsService } from "#server/modules/accounts/service.ts";
import { createContactService, type ContactService } from "#server/modules/contact/service.ts";
import { createSessionStore, type SessionStore } from "#server/modules/accounts/sessions.ts";
import { createCatalogCache, type CatalogCache } from "#server/modules/catalog/cache.ts";
import { createCatalogService, type CatalogService } from "#server/modules/catalog/service.ts";
import type { Config } from "#server/core/config.ts";
import type { Database } from "#server/core/db/client.ts";
import { createRateLimiter, type RateLimiter } from "#server/core/rate-limit.ts";
import { createPictureStorage } from "#server/core/storage/create.ts";
import type { PictureStorage } from "#server/core/storage/storage.ts";
import { createInvoiceProvider } from "#server/modules/invoicing/providers/factory.ts";
import type { InvoiceProvider } from "#server/modules/invoicing/providers/provider.ts";
import { createInvoicingService, type InvoicingService } from "#server/modules/invoicing/service.ts";
import { adminOrdersService, type AdminOrdersService } from "#server/flows/order-reports/order-reports.ts";
import { shopperOrderViews, type ShopperOrderViews } from "#server/flows/order-views/order-views.ts";
import { ordersService, type OrdersService } from "#server/modules/orders/service.ts";
import type { CheckoutDeps } from "#server/flows/checkout/checkout.ts";
import { expireDue } from "#server/flows/order-expiry.ts";
import {
  paymentExceptionsReads,
  type PaymentExceptionsReads,
} from "#server/flows/payment-exceptions/payment-exceptions.ts";
import type { PaymentPageDeps } from "#server/flows/payment-page/payment-page.ts";
import type { PaymentFlowDeps } from "#server/flows/payment-received/payment-received.ts";
import { createPaymentProvider } from "#server/modules/payments/providers/factory.ts";
import { createPaymentReminders, type PaymentReminders } from "#server/flows/payment-reminders.ts";
import { createReturnsAdminService, type ReturnsAdminService } from "#server/modules/aftersale/returns/admin.ts";
import type { RefundDeps } from "#server/flows/cancellation-and-refund/cancellation-and-refund.ts";
import { createWithdrawalService, type WithdrawalService } from "#server/modules/aftersale/returns/withdrawal.ts";
import { createSettingsService, type SettingsService } from "#server/modules/settings/service.ts";
import { stockService, type StockService } from "#server/modules/inventory/service.ts";
import type { AccountPrivacyDeps } from "#server/flows/account-privacy/account-privacy.ts";
import { createSearchService, type SearchService } from "#server/modules/search/service.ts";
import { shopWindowPrices, type ShopWindowPrices } from "#server/modules/promotions/automatic.ts";
import { createPromotionsService, type PromotionsService } from "#server/modules/promotions/service.ts";
import { namedByOrders } from "#server/flows/promotion-figures/promotion-figures.ts";

/**
 * The domain services, built once per process and shared by the HTTP routes and the
 * React Router loaders (through the load context), so both use one pool and one set of rules.
 */
export function createServices(deps: {
  config: Config;
  db: Database;
  onMailQueued?: () => void;
  /** Wakes the invoicing job after an admin's 'Tentar novamente' (jobs.nudgeInvoices). */
  onInvoiceQueued?: () => void;
  /** Tests: an in-process invoicing service instead of INVOICE_PROVIDER's. */
  invoiceProvider?: InvoiceProvider;
}): Services {
  const { config, db } = deps;
  const sessions = createSessionStore(db);
  const limiter = createRateLimiter(db);
  const onMailQueued = deps.onMailQueued ?? (() => {});
  // Shop identity, delivery prices and IVA (/definicoes); its LISTEN connection is closed with the HTTP server.
  const settings = createSettingsService({ db, shipping: config.shipping });
  const accounts = createAccountsService({
    db,
    sessions,
    publicUrl: config.publicUrl,
    onMailQueued,
    shopName: async () => (await settings.get()).identity.shopName,
  });
  // RGPD export and account deletion (server/flows/account-privacy/account-privacy.ts).
  const privacy: AccountPrivacyDeps = {
    db,
    publicUrl: config.publicUrl,
    onMailQueued,
    shopName: async () => (await settings.get()).identity.shopName,
    mailDir: path.join(config.dataDir, "mail"),
  };
  const catalogCache = createCatalogCache(db.$client);
  // Catalogue pictures (UPLOADS_STORAGE: DATA_DIR/uploads, an S3 bucket or PostgreSQL; server/core/storage/).
  const pictures = createPictureStorage(config.uploads, { db });
  const catalog = createCatalogService({
    db,
    pictures,
    cache: catalogCache,
    vatDefaults: async () => {
      const { vat } = await settings.get();
      return { category: vat.defaultCategory, exemptionCode: vat.defaultExemptionCode };
    },
  });
  const paymentProvider = createPaymentProvider({
    provider: config.payments.provider,
    mbEntity: config.payments.mbEntity,
    mbSubEntity: config.payments.mbSubEntity,
    ifthenpay: config.payments.ifthenpay,
  });
  // The cart's reads before the order button (POST /api/cart/check, /api/cart/quote, the saved delivery data).
  const shipping = async () => (await settings.get()).delivery;
  const orders = ordersService({ db, shipping });
  // Checkout (server/flows/checkout/checkout.ts): the order, its reserved units and its payment.
  const checkout: CheckoutDeps = {
    db,
    provider: paymentProvider,
    shipping,
    settings: () => settings.get(),
    publicUrl: config.publicUrl,
    onMailQueued,
    onStockChanged: () => catalogCache.invalidate(),
  };
  // A payment arriving (the callback, 'Verificar', the exceptions) and the payment page (server/flows/payment-*.ts).
  const paymentFlows: PaymentFlowDeps & PaymentPageDeps = {
    db,
    provider: paymentProvider,
    callbackKey: config.payments.callbackKey,
    publicUrl: config.publicUrl,
    onMailQueued,
  };
  // The expiry job (server/flows/order-expiry.ts) and the admin's payment exceptions, for the jobs and loaders.
  const payments = {
    expireDue: () => expireDue(paymentFlows),
    exceptions: paymentExceptionsReads(db),
  };
  // The reminder before a reference expires.
  const paymentReminders = createPaymentReminders({ db, publicUrl: config.publicUrl, onMailQueued });
  const stock = stockService(db);
  const adminOrders = adminOrdersService(db);
  // The admin order page's changes: fulfilment's steps, a paid order's cancellation, refunds (MB WAY through the
  // provider, transfers confirmed) of returns and cancelled orders (server/flows/cancellation-and-refund/cancellation-and-refund.ts).
  const orderChanges: RefundDeps = { db, provider: paymentProvider, publicUrl: config.publicUrl, onMailQueued };
  const returnsAdmin = createReturnsAdminService({ db });
  // "A minha conta"'s orders and order page (server/flows/order-views/order-views.ts).
  const myOrders = shopperOrderViews(db);
  // Certified invoices and credit notes (INVOICE_PROVIDER); the job in server/jobs/boss.ts issues them.
  const invoicing = createInvoicingService({
    db,
    provider: deps.invoiceProvider ?? createInvoiceProvider(config.invoicing),
    retryBaseMs: config.invoicing.retryBaseMs,
    callTimeoutMs: config.invoicing.timeoutMs,
    onQueued: deps.onInvoiceQueued,
  });
  // 'Livre resolução': the shopper's withdrawal requests (/conta and the public form /livre-resolucao).
  const withdrawal = createWithdrawalService({
    db,
    publicUrl: config.publicUrl,
    settings: () => settings.get(),
    onMailQueued,
  });
  // The contact form's messages (/contato) and the admin's 'Mensagens'.
  const contact = createContactService({ db, limiter, settings: () => settings.get(), onMailQueued });
  // The shop's search (/pesquisa, /categoria/{slug}, the header's suggestions) and its admin lists.
  const search = createSearchService({ db });
  // The shop window's reduced prices and the 30-day lowest price (product page), and when they next change.
  const shopWindow = shopWindowPrices(db);
  // Discount codes and automatic reductions ('Promoções').
  const promotions = createPromotionsService({ db, namedByOrders });
  return {
    db,
    sessions,
    limiter,
    accounts,
    privacy,
    catalog,
    catalogCache,
    pictures,
    settings,
    paymentProvider,
    orders,
    checkout,
    payments,
    paymentFlows,
    paymentReminders,
    stock,
    adminOrders,
    myOrders,
    withdrawal,
    orderChanges,
    returnsAdmin,
    invoicing,
    contact,
    search,
    shopWindow,
    promotions,
  };
}

/** What routes, loaders and jobs reach through `services` (app/context.ts, server/app.ts, server/jobs/boss.ts). */
export interface Services {
  db: Database;
  sessions: SessionStore;
  limiter: RateLimiter;
  accounts: AccountsService;
  /** The RGPD export and account deletion flow's dependencies (server/flows/account-privacy/account-privacy.ts). */
  privacy: AccountPrivacyDeps;
  catalog: CatalogService;
  /** Where catalogue pictures live (UPLOADS_STORAGE): GET /uploads/{name} and the demo catalogue use it too. */
  pictures: PictureStorage;
  catalogCache: CatalogCache;
  settings: SettingsService;
  paymentProvider: PaymentProvider;
  /** The cart's reads before the order button. */
  orders: OrdersService;
  /** The checkout flow's dependencies (server/flows/checkout/checkout.ts). */
  checkout: CheckoutDeps;
  /** The expiry job and the admin's payment exceptions. */
  payments: { expireDue(): Promise<number>; exceptions: PaymentExceptionsReads };
  /** The payment flows' dependencies (server/flows/payment-received/payment-received.ts, payment-page.ts). */
  paymentFlows: PaymentFlowDeps & PaymentPageDeps;
  paymentReminders: PaymentReminders;
  stock: StockService;
  adminOrders: AdminOrdersService;
  myOrders: ShopperOrderViews;
  withdrawal: WithdrawalService;
  /** The admin order page's changes (server/flows/cancellation-and-refund/cancellation-and-refund.ts). */
  orderChanges: RefundDeps;
  returnsAdmin: ReturnsAdminService;
  invoicing: InvoicingService;
  contact: ContactService;
  search: SearchService;
  shopWindow: ShopWindowPrices;
  promotions: PromotionsService;
}
