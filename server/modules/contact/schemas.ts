import { z } from "zod";

import { CONTACT_LIMITS as L, CONTACT_MESSAGES as M } from "./rules.ts";
import { intValue, pageQuery, searchText } from "#server/core/zod.ts";

/**
 * The contact form (POST /api/contact, public) and the admin's 'Mensagens' (GET /api/contact/messages, POST
 * /api/contact/messages/:id/handled). The browser imports the types only (z.infer) and the limits from rules.ts.
 */

// ---------- requests ----------

/** Line breaks, tabs and other control characters in a name would reach the e-mail's subject: one space each. */
const oneLine = (v: string) => v.replace(/[\p{Cc}\s]+/gu, " ").trim();

export const contactBody = z.object(
  {
    nome: z
      .string({ error: M.nameRequired })
      .transform(oneLine)
      .pipe(z.string().min(1, M.nameRequired).max(L.nameMax, M.nameTooLong)),
    email: z
      .string({ error: M.emailRequired })
      .trim()
      .min(1, M.emailRequired)
      .max(L.emailMax, M.emailInvalid)
      .pipe(z.email(M.emailInvalid)),
    mensagem: z
      .string({ error: M.messageRequired })
      .trim()
      .min(1, M.messageRequired)
      .min(L.messageMin, M.messageTooShort)
      .max(L.messageMax, M.messageTooLong),
    /** Honeypot: hidden from people, filled by form-filling robots. */
    website: z.string().max(500, M.invalidBody).optional(),
  },
  { error: M.invalidBody },
);
export type ContactBody = z.infer<typeof contactBody>;

/** GET /api/contact/messages?page=&limit=&search=: newest first; `search` a part of the name, e-mail or message. */
export const contactMessagesQuery = z.object({ ...pageQuery, search: searchText });
export type ContactMessagesQuery = z.infer<typeof contactMessagesQuery>;

export const contactMessageParams = z.object({ id: intValue({ invalid: M.invalidId }) });

// ---------- answers ----------

export const contactResponse = z.object({ success: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;

export const contactMessageSchema = z.object({
  id: z.number(),
  nome: z.string(),
  email: z.string(),
  mensagem: z.string(),
  /** ISO instants. */
  created_at: z.string(),
  handled_at: z.string().nullable(),
});
export type ContactMessageItem = z.infer<typeof contactMessageSchema>;

export const contactMessagesPage = z.array(contactMessageSchema);

export const handledResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  contact_message: contactMessageSchema,
});
export type HandledResponse = z.infer<typeof handledResponse>;
