import { MessageCard } from "#app/components/admin/messages/MessageCard.tsx";
import { messageAction, type MessageIntent } from "#app/components/admin/messages/actions.ts";
import { ListSearch } from "#app/components/admin/ListSearch.tsx";
import { Pagination, useScreenPending } from "#app/components/admin/Pagination.tsx";
import { type ActionResult, screenErrorBoundary, submission } from "#app/components/admin/route-data.tsx";
import { searchQuery } from "#app/components/admin/search-query.server.ts";
import { EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/mensagens";
import { contactMessagesQuery } from "./queries.server.ts";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Mensagens");

/** Messages a page: long texts, so fewer than the tables' pages. */
const PAGE_SIZE = 10;

/** /mensagens?search=…&page=N: the contact form's messages, newest first (the call of GET /api/contact/messages). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const query = { ...searchQuery(request, contactMessagesQuery), limit: PAGE_SIZE };
  const messages = await load(() => servicesOf(context).contact.list(query));
  return { page: query.page, search: query.search ?? "", messages };
}

/** 'Marcar como tratada' (components/admin/messages/actions.ts). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  return messageAction(await submission<MessageIntent>(request));
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar as mensagens");

/** 'Mensagens': what shoppers wrote through /contato, each answered by e-mail and then marked as handled. */
export default function Page({ loaderData: { page, search, messages } }: Route.ComponentProps) {
  const pending = useScreenPending();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Mensagens"
        description="As mensagens do formulário de contacto, as mais recentes primeiro. Responda por email e marque-as como tratadas."
      />
      {messages.total > 0 || search ? (
        <ListSearch label="Pesquisar mensagens" placeholder="Nome, email ou texto" />
      ) : null}
      {messages.items.length === 0 ? (
        <EmptyState message={search ? "Nenhuma mensagem encontrada." : "Ainda não há mensagens."} />
      ) : (
        <>
          <ul aria-label="Mensagens" aria-busy={pending} className={`space-y-4 ${pending ? "opacity-60" : ""}`}>
            {messages.items.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} total={messages.total} label="Paginação das mensagens" />
        </>
      )}
    </div>
  );
}
