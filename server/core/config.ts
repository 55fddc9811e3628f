import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isCommonPassword, isOneRepeatedCharacter } from "./password-rules.ts";
import { parseUploadsEnv, type UploadsSettings } from "./storage/config.ts";

/**
 * Every setting the shop reads from the environment, validated once at start.
 * A bad value stops the process with a message naming the variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalString.pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
    ),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).optional(),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.string().trim().min(3).default("Loja <nao-responder@loja.local>"),
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    // The same rule as every new password (the API's and the forms'): min. 6, not common, not one repeated character.
    ADMIN_PASSWORD: optionalString.pipe(
      z
        .string()
        .min(6)
        .refine((p) => !isCommonPassword(p) && !isOneRepeatedCharacter(p), "too common or one repeated character")
        .optional(),
    ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DEMO_DATA: z.enum(["auto", "off"]).default("auto"),
    PAYMENT_PROVIDER: z.enum(["sandbox", "ifthenpay"]).default("sandbox"),
    PAYMENT_CALLBACK_KEY: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    MB_ENTITY: optionalString.pipe(
      z
        .string()
        .regex(/^\d{5}$/, "must be 5 digits")
        .optional(),
    ),
    MB_SUBENTITY: optionalString.pipe(
      z
        .string()
        .regex(/^\d{1,3}$/, "must be 1 to 3 digits")
        .optional(),
    ),
    IFTHENPAY_MB_KEY: optionalString,
    IFTHENPAY_MBWAY_KEY: optionalString,
    IFTHENPAY_PAYSHOP_KEY: optionalString,
    IFTHENPAY_BACKOFFICE_KEY: optionalString,
    IFTHENPAY_API_URL: z.url().default("https://api.ifthenpay.com"),
    IFTHENPAY_PAYSHOP_URL: z.url().default("https://ifthenpay.com/api/payshop/reference/"),
    IFTHENPAY_REFUND_URL: z.url().default("https://ifthenpay.com/api/endpoint/payments/refund"),
    INVOICE_PROVIDER: z.enum(["none", "invoicexpress", "vendus"]).default("none"),
    INVOICE_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    INVOICEXPRESS_ACCOUNT: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]+$/i, "must be the account's subdomain (https://ACCOUNT.app.invoicexpress.com)")
        .optional(),
    ),
    INVOICEXPRESS_API_KEY: optionalString,
    INVOICEXPRESS_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    INVOICEXPRESS_SEQUENCE_ID: optionalString,
    VENDUS_API_KEY: optionalString,
    VENDUS_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    VENDUS_REGISTER_ID: optionalString,
    VENDUS_MODE: z.enum(["normal", "tests"]).optional(),
    VENDUS_PAYMENT_METHOD_ID: optionalString,
    INVOICE_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
    SHIPPING_MAINLAND_CENTS: z.coerce.number().int().min(0).max(100_000).default(390),
    SHIPPING_ISLANDS_CENTS: z.coerce.number().int().min(0).max(100_000).default(790),
    SHIPPING_FAST_CENTS: z.coerce.number().int().min(0).max(100_000).default(290),
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === "" ? false : v === "true" ? true : v)),
  })
  .refine((env) => Boolean(env.MB_ENTITY) === Boolean(env.MB_SUBENTITY), {
    message: "MB_ENTITY and MB_SUBENTITY must be set together",
    path: ["MB_SUBENTITY"],
  })
  .refine((env) => env.PAYMENT_PROVIDER === "sandbox" || Boolean(env.PAYMENT_CALLBACK_KEY), {
    message: "is required when PAYMENT_PROVIDER=ifthenpay (the anti-phishing key registered with the gateway)",
    path: ["PAYMENT_CALLBACK_KEY"],
  })
  .refine(
    (env) =>
      env.INVOICE_PROVIDER !== "invoicexpress" || Boolean(env.INVOICEXPRESS_ACCOUNT && env.INVOICEXPRESS_API_KEY),
    {
      message: "INVOICE_PROVIDER=invoicexpress needs INVOICEXPRESS_ACCOUNT and INVOICEXPRESS_API_KEY",
      path: ["INVOICE_PROVIDER"],
    },
  )
  .refine((env) => env.INVOICE_PROVIDER !== "vendus" || Boolean(env.VENDUS_API_KEY && env.VENDUS_PAYMENT_METHOD_ID), {
    // A fatura-recibo records its payment with one of the account's payment methods (server/modules/invoicing/providers/vendus.ts).
    message: "INVOICE_PROVIDER=vendus needs VENDUS_API_KEY and VENDUS_PAYMENT_METHOD_ID",
    path: ["INVOICE_PROVIDER"],
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
    path: ["ADMIN_PASSWORD"],
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  publicUrl: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections per instance (server/core/db/client.ts picks 8 when unset). */
  databasePoolMax: number | undefined;
  embeddedPgPort: number;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** First delay of the mail retry backoff (doubled per failed attempt, capped at 1 h). */
  mailRetryBaseMs: number;
  /** Days a sent (or given-up) e-mail and its .eml copy are kept before the daily purge deletes them. */
  mailRetentionDays: number;
  admin: { email: string; password: string } | undefined;
  logLevel: Env["LOG_LEVEL"];
  demoData: boolean;
  trustProxy: boolean | string;
  /** Where pictures are kept: UPLOADS_STORAGE, UPLOADS_PUBLIC_URL, UPLOADS_TIMEOUT_MS, S3_* (server/core/storage/). */
  uploads: UploadsSettings;
  /** Bearer token of GET /metrics; without it the endpoint answers 404. */
  metricsToken: string | undefined;
  /** On SIGTERM, /healthz answers 503 this long before the listener closes, so a load balancer takes the instance out. */
  shutdownDrainMs: number;
  /** Holds gateway secrets: never log the config object. */
  payments: {
    provider: "sandbox" | "ifthenpay";
    callbackKey: string;
    mbEntity: string | undefined;
    mbSubEntity: string | undefined;
    ifthenpay: {
      mbKey?: string;
      mbwayKey?: string;
      payshopKey?: string;
      backofficeKey?: string;
      apiUrl: string;
      payshopUrl: string;
      refundUrl: string;
    };
  };
  shipping: { mainlandCents: number; islandsCents: number; fastCents: number };
  /** Holds the invoicing service's API keys: never log the config object. */
  invoicing: InvoicingSettings;
}

/**
 * Settings read from the environment (the README's configuration table):
 * INVOICE_PROVIDER (none | invoicexpress | vendus), INVOICE_TIMEOUT_MS;
 * INVOICEXPRESS_ACCOUNT, INVOICEXPRESS_API_KEY, INVOICEXPRESS_BASE_URL, INVOICEXPRESS_SEQUENCE_ID;
 * VENDUS_API_KEY, VENDUS_BASE_URL, VENDUS_REGISTER_ID, VENDUS_MODE, VENDUS_PAYMENT_METHOD_ID.
 */
export interface InvoiceSettings {
  provider: "none" | "invoicexpress" | "vendus" | "moloni";
  timeoutMs?: number;
  invoicexpress?: { account?: string; apiKey?: string; baseUrl?: string; sequenceId?: string };
  vendus?: {
    apiKey?: string;
    baseUrl?: string;
    registerId?: string;
    mode?: "normal" | "tests";
    paymentMethodId?: string;
  };
}

/** INVOICE_PROVIDER and its adapter's settings (server/modules/invoicing/providers/factory.ts builds the provider from them). */
export interface InvoicingSettings extends InvoiceSettings {
  provider: "none" | "invoicexpress" | "vendus";
  /** First delay before retrying a document the service did not take (doubled per attempt, up to 1 h). */
  retryBaseMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const uploads = parseUploadsEnv(source, dataDir);
  if (!uploads.settings) throw new ConfigError(`Invalid configuration:\n${uploads.problems.join("\n")}`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith("https:"),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(dataDir, "session-secret"),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailRetryBaseMs: env.MAIL_RETRY_BASE_MS,
    mailRetentionDays: env.MAIL_RETENTION_DAYS,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    logLevel: env.LOG_LEVEL,
    demoData: env.DEMO_DATA === "auto",
    trustProxy: env.TRUST_PROXY,
    uploads: uploads.settings,
    metricsToken: env.METRICS_TOKEN,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      callbackKey: env.PAYMENT_CALLBACK_KEY ?? readOrCreateSecret(dataDir, "payment-callback-key"),
      mbEntity: env.MB_ENTITY,
      mbSubEntity: env.MB_SUBENTITY,
      ifthenpay: {
        mbKey: env.IFTHENPAY_MB_KEY,
        mbwayKey: env.IFTHENPAY_MBWAY_KEY,
        payshopKey: env.IFTHENPAY_PAYSHOP_KEY,
        backofficeKey: env.IFTHENPAY_BACKOFFICE_KEY,
        apiUrl: env.IFTHENPAY_API_URL,
        payshopUrl: env.IFTHENPAY_PAYSHOP_URL,
        refundUrl: env.IFTHENPAY_REFUND_URL,
      },
    },
    shipping: {
      mainlandCents: env.SHIPPING_MAINLAND_CENTS,
      islandsCents: env.SHIPPING_ISLANDS_CENTS,
      fastCents: env.SHIPPING_FAST_CENTS,
    },
    invoicing: {
      provider: env.INVOICE_PROVIDER,
      retryBaseMs: env.INVOICE_RETRY_BASE_MS,
      timeoutMs: env.INVOICE_TIMEOUT_MS,
      invoicexpress: {
        account: env.INVOICEXPRESS_ACCOUNT,
        apiKey: env.INVOICEXPRESS_API_KEY,
        baseUrl: env.INVOICEXPRESS_BASE_URL,
        sequenceId: env.INVOICEXPRESS_SEQUENCE_ID,
      },
      vendus: {
        apiKey: env.VENDUS_API_KEY,
        baseUrl: env.VENDUS_BASE_URL,
        registerId: env.VENDUS_REGISTER_ID,
        mode: env.VENDUS_MODE,
        paymentMethodId: env.VENDUS_PAYMENT_METHOD_ID,
      },
    },
  };
}

/** A secret generated on first start and kept under DATA_DIR, so it survives restarts. */
function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  return secret;
}
