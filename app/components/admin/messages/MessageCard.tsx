/**
 * One contact form message on /mensagens: who wrote (name, e-mail as a mailto link), when (Lisbon), the message as
 * written, and 'Marcar como tratada' (or when it was). A card rather than a table row: messages are long text,
 * and a card reads the same at 375 px and at 1280 px.
 */
import { Check, Mail } from "lucide-react";
import { useFetcher } from "react-router";
import type { ContactMessageItem } from "#server/modules/contact/schemas.ts";
import { formatShopDateTime } from "#app/lib/format.ts";
import { type ActionResult, useFetcherToast } from "#app/components/admin/route-data.tsx";
import { Badge, buttonClass } from "#app/components/admin/ui.tsx";
import { MESSAGE_TEXT, type MessageIntent } from "./actions.ts";

export function MessageCard({ message }: { message: ContactMessageItem }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher, { success: MESSAGE_TEXT.handled, failure: MESSAGE_TEXT.handledFailed });
  const busy = fetcher.state !== "idle";
  const headingId = `mensagem-${message.id}`;
  const intent: MessageIntent = { intent: "handled", id: message.id };

  return (
    <article
      aria-labelledby={headingId}
      data-message={message.id}
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold break-words text-gray-900">
            {message.nome}
          </h2>
          <a
            href={`mailto:${message.email}`}
            className="hover:text-brand-800 inline-flex max-w-full items-center gap-1.5 text-sm break-all text-brand-700 underline"
          >
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {message.email}
          </a>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2 sm:flex-col sm:items-end">
          <time dateTime={message.created_at} className="text-sm text-gray-700 tabular-nums">
            {formatShopDateTime(message.created_at)}
          </time>
          {message.handled_at ? (
            <Badge className="bg-green-100 text-green-800">Tratada</Badge>
          ) : (
            <Badge className="bg-yellow-100 text-yellow-900">Por tratar</Badge>
          )}
        </div>
      </header>

      <p className="mt-3 text-sm leading-6 break-words whitespace-pre-wrap text-gray-900">{message.mensagem}</p>

      <footer className="mt-4 flex flex-wrap items-center gap-3 border-t border-gray-100 pt-3">
        {message.handled_at ? (
          <p className="flex items-center gap-1.5 text-sm text-green-800">
            <Check aria-hidden="true" className="size-4 shrink-0" />
            Tratada em {formatShopDateTime(message.handled_at)}
          </p>
        ) : (
          <button
            type="button"
            className={`${buttonClass.secondary} px-3 py-1.5`}
            disabled={busy}
            onClick={() => void fetcher.submit(intent, { method: "post", encType: "application/json" })}
          >
            <Check aria-hidden="true" className="size-4" />
            {busy ? "A marcar…" : "Marcar como tratada"}
          </button>
        )}
      </footer>
    </article>
  );
}
