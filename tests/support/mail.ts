/*
 * Helpers for the mail tests: a real SMTP server on 127.0.0.1 that records what it receives,
 * and a small RFC 822 / MIME reader for the messages (no mail parser is installed).
 * Not used by the application.
 */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1:port. Recipients whose local part is "inexistente" are refused with 550;
 * `delayMs` holds every message that long before accepting it (to make deliveries overlap).
 */
export async function startSmtpServer(port: number, opts: { delayMs?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("inexistente@")) {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const accept = () => {
          received.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        };
        if (opts.delayMs) setTimeout(accept, opts.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ParsedMail {
  /** Header values by lower-case name, unfolded and with RFC 2047 words decoded. */
  headers: Map<string, string>;
  text: string | undefined;
  html: string | undefined;
}

/** Reads a message as nodemailer writes it: single part or multipart, 7bit / quoted-printable / base64. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const out: ParsedMail = { headers, text: undefined, html: undefined };
  collectParts(headers, body, out);
  return out;
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) throw new Error("no blank line between header and body");
  const head = raw.slice(0, match.index);
  const body = raw.slice(match.index + match[0].length);
  const headers = new Map<string, string>();
  const unfolded = head.replace(/\r?\n(?=[ \t])/g, "");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new Error(`malformed header line: ${line}`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function collectParts(headers: Map<string, string>, body: string, out: ParsedMail): void {
  const type = (headers.get("content-type") ?? "text/plain").toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
    if (!boundary) throw new Error("multipart without boundary");
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const part = splitEntity(section.replace(/^\r?\n/, ""));
      collectParts(part.headers, part.body, out);
    }
    return;
  }
  const content = decodeBody(body, headers.get("content-transfer-encoding") ?? "7bit");
  if (type.startsWith("text/plain")) out.text ??= content;
  else if (type.startsWith("text/html")) out.html ??= content;
}

function decodeBody(body: string, encoding: string): string {
  let bytes: Buffer;
  switch (encoding.toLowerCase()) {
    case "base64":
      bytes = Buffer.from(body.replace(/\s+/g, ""), "base64");
      break;
    case "quoted-printable":
      bytes = qpBytes(body.replace(/=\r?\n/g, ""));
      break;
    default:
      bytes = Buffer.from(body, "utf8");
  }
  return bytes.toString("utf8").replace(/\r\n/g, "\n").replace(/\n+$/, "");
}

function qpBytes(s: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(...Buffer.from(s[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(out);
}

/** RFC 2047: "=?UTF-8?Q?Confirma=C3=A7=C3=A3o?=" → "Confirmação" (UTF-8 only). */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : qpBytes(data.replace(/_/g, " ")).toString("utf8"),
    );
}
