import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "#server/core/config.ts";

/** One message ready to leave the shop. */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Reply-To header, when answers should not go to the sender. */
  replyTo?: string;
  /** A stable Message-ID (with angle brackets), so a repeated delivery is recognisably the same mail. */
  messageId?: string;
  /** The outbox row and its kind; only used to name .eml files. */
  outboxId?: number;
  kind?: string;
}

export interface MailTransport {
  /** "smtp" when a relay is configured, "file" when mails are written under DATA_DIR/mail. */
  readonly kind: "smtp" | "file";
  /** The sender address every mail goes out with (MAIL_FROM). */
  readonly from: string;
  /** Resolves once the relay accepted the message (or the file is in place); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP through SMTP_URL when it is set. Without it (development, tests, a shop that has no
 * relay yet) every mail becomes a real RFC 822 .eml file under DATA_DIR/mail/, which any
 * mail client opens.
 */
export function createMailTransport(config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createFileTransport(path.join(config.dataDir, "mail"), config.mailFrom);
}

function toNodemailer(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html !== undefined ? { html: message.html } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.messageId ? { messageId: message.messageId } : {}),
    // Mail content is ours, but never let it reach for local files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // The worker holds a database row lock while it sends: a hanging relay must fail
    // in seconds, not after nodemailer's default ten minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: "smtp",
    from,
    async send(message) {
      await transporter.sendMail(toNodemailer(message));
    },
    close() {
      transporter.close();
    },
  };
}

function createFileTransport(dir: string, from: string): MailTransport {
  // streamTransport only builds the message (headers, encodings, multipart); we store it.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "file",
    from,
    async send(message) {
      const info = await builder.sendMail(toNodemailer(message));
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error("nodemailer did not return a buffered message");
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const name = `${stamp}-${message.outboxId ?? randomBytes(4).toString("hex")}-${safeName(message.kind ?? "mail")}.eml`;
      await writeFileAtomically(path.join(dir, name), raw);
    },
    close() {
      builder.close();
    },
  };
}

function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 40) || "mail";
}

/**
 * Writes to a hidden temporary name in the same directory, flushes it, then renames:
 * a reader listing *.eml sees either no file or the whole file, never half of one.
 */
async function writeFileAtomically(file: string, data: Buffer): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString("hex")}.tmp`);
  const handle = await open(tmp, "wx", 0o640);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
