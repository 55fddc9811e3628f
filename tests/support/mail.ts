/*
 * Helpers for the mail tests and drills: a real SMTP server on 127.0.0.1 that records what it receives,
 * and a reader for the messages (mailparser: headers, encoded words, quoted-printable, base64, multipart).
 * Not used by the application.
 */
import { simpleParser, type AddressObject, type Headers } from "mailparser";
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

export interface ReadMail {
  /** "Name <address>", or the bare address. */
  from: string;
  /** The recipients' addresses. */
  to: string[];
  subject: string | undefined;
  messageId: string | undefined;
  date: Date | undefined;
  text: string | undefined;
  html: string | undefined;
  /** Every header by lower-case name, as mailparser reads it. */
  headers: Headers;
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((group) => group.value);

/** Reads a message (an .eml file or what the SMTP server received). */
export async function parseMail(raw: string | Buffer): Promise<ReadMail> {
  const mail = await simpleParser(raw);
  const [sender] = addresses(mail.from);
  return {
    from: sender ? (sender.name ? `${sender.name} <${sender.address}>` : (sender.address ?? "")) : "",
    to: addresses(mail.to).map((a) => a.address ?? ""),
    subject: mail.subject,
    messageId: mail.messageId,
    date: mail.date,
    // A single-part body ends with the line break that closes the MIME part; the mail's text does not.
    text: mail.text?.replace(/\n$/, ""),
    html: mail.html === false ? undefined : mail.html,
    headers: mail.headers,
  };
}
