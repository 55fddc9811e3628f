import { MailLink, TextLink } from "#app/components/content/ContentPage.tsx";
import { type LegalSection, LegalPage } from "#app/components/content/LegalPage.tsx";
import { type PublicShop, shopNameIn, useShop } from "#app/lib/shop.ts";
import type { Route } from "./+types/politica-de-cookies";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Política de Cookies | ${shopNameIn(matches)}` },
  {
    name: "description",
    content: `Que cookies e dados de armazenamento local a ${shopNameIn(matches)} utiliza, para que servem, quanto tempo duram e como os pode apagar. Não usamos cookies de análise nem de publicidade.`,
  },
];

interface StorageEntry {
  name: string;
  purpose: string;
  kind: string;
  duration: string;
}

/** The two cookies set by the server (server/modules/accounts/sessions.ts). */
const COOKIES: readonly StorageEntry[] = [
  {
    name: "loja_session",
    purpose:
      "Mantém a sua sessão iniciada depois de entrar na conta. É um cookie HttpOnly: não pode ser lido por scripts da página.",
    kind: "Estritamente necessário",
    duration: "30 dias, ou até terminar a sessão",
  },
  {
    name: "loja_csrf",
    purpose:
      "Token de segurança que protege a sua conta contra pedidos forjados a partir de outros sites (proteção CSRF).",
    kind: "Estritamente necessário (segurança)",
    duration: "30 dias, ou até terminar a sessão",
  },
];

/** The browser storage keys the shop uses (app/lib/storage.ts and the checkout). */
const LOCAL_STORAGE: readonly StorageEntry[] = [
  {
    name: "carrinho",
    purpose: "Guarda os artigos que adicionou ao carrinho (produto, cor, tamanho, quantidade e preço).",
    kind: "Necessário para o carrinho",
    duration: "Até concluir a compra ou esvaziar o carrinho",
  },
  {
    name: "user",
    purpose: "Identificador, nome, e-mail e tipo de conta do utilizador com sessão iniciada, para personalizar o menu.",
    kind: "Necessário para a conta",
    duration: "Até terminar a sessão",
  },
  {
    name: "cookieConsent",
    purpose: "Regista que já viu e aceitou o aviso de cookies, para não o voltar a mostrar.",
    kind: "Necessário",
    duration: "Até o apagar no navegador",
  },
  {
    name: "pagamento",
    purpose: "Dados para concluir o pagamento da encomenda (método, entidade, referência, valor, validade).",
    kind: "Necessário para o checkout",
    duration: "Apagado após o pagamento",
  },
  {
    name: "delivery_data",
    purpose:
      "Dados de entrega indicados no checkout (nome, morada, código postal, cidade, telefone, opção de entrega).",
    kind: "Necessário para o checkout",
    duration: "Apagado após o pagamento",
  },
  {
    name: "pedido_id",
    purpose: "Número da encomenda em curso.",
    kind: "Necessário para o checkout",
    duration: "Apagado após o pagamento",
  },
];

function StorageList({ entries, label }: { entries: readonly StorageEntry[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.name}>
          <div className="rounded-xl border border-gray-200 p-4">
            <p>
              <code>{entry.name}</code>
            </p>
            <p className="mt-2">{entry.purpose}</p>
            <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm leading-6 sm:grid-cols-[auto_1fr]">
              <dt className="font-medium text-gray-900">Tipo</dt>
              <dd className="text-gray-600">{entry.kind}</dd>
              <dt className="font-medium text-gray-900">Duração</dt>
              <dd className="text-gray-600">{entry.duration}</dd>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}

function sections({ identity }: PublicShop): readonly LegalSection[] {
  return [
    {
      id: "o-que-sao",
      title: "O que são cookies",
      content: (
        <>
          <p>
            Cookies são pequenos ficheiros de texto que um site guarda no seu navegador. O armazenamento local (
            <em>localStorage</em>) é uma tecnologia semelhante, que guarda dados no seu dispositivo e só é lido pela
            própria página.
          </p>
          <p>
            A {identity.shopName} usa apenas cookies e dados de armazenamento local{" "}
            <strong>estritamente necessários</strong> para o funcionamento da loja: iniciar sessão, manter o carrinho e
            concluir o checkout.
          </p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies que utilizamos",
      content: (
        <>
          <p>Os cookies só são criados quando inicia sessão e são apagados quando termina a sessão.</p>
          <StorageList entries={COOKIES} label="Cookies" />
        </>
      ),
    },
    {
      id: "armazenamento-local",
      title: "Dados guardados no navegador (localStorage)",
      content: (
        <>
          <p>
            Estes dados ficam apenas no seu dispositivo e não são enviados automaticamente para os nossos servidores.
          </p>
          <StorageList entries={LOCAL_STORAGE} label="Dados de armazenamento local" />
        </>
      ),
    },
    {
      id: "sem-publicidade",
      title: "Sem cookies de análise nem de publicidade",
      content: (
        <p>
          Não utilizamos cookies de análise, de publicidade nem de redes sociais, e não há cookies de terceiros nesta
          loja. As ligações para as nossas redes sociais são simples ligações: só recebe cookies dessas plataformas se
          as visitar.
        </p>
      ),
    },
    {
      id: "consentimento",
      title: "Consentimento",
      content: (
        <p>
          Como todos os cookies e dados que usamos são estritamente necessários para prestar o serviço que pede, a lei
          não exige o seu consentimento prévio. Ainda assim, informamo-lo através do aviso de cookies, que deixa de ser
          apresentado quando clica em «Aceitar».
        </p>
      ),
    },
    {
      id: "remover",
      title: "Como apagar cookies e dados do site",
      content: (
        <>
          <p>
            Pode apagar os cookies e os dados guardados pela {identity.shopName} a qualquer momento nas definições do
            seu navegador:
          </p>
          <ul>
            <li>
              <strong>Chrome e Edge:</strong> Definições › Privacidade e segurança › Cookies e outros dados de sites ›
              Ver todos os dados e autorizações de sites; procure o endereço da loja e elimine.
            </li>
            <li>
              <strong>Firefox:</strong> Definições › Privacidade e segurança › Cookies e dados de sites › Gerir dados.
            </li>
            <li>
              <strong>Safari:</strong> Definições › Privacidade › Gerir dados de sites (no iPhone: Definições › Safari ›
              Avançadas › Dados de sites).
            </li>
          </ul>
          <p>
            Também pode bloquear os cookies, mas nesse caso não conseguirá iniciar sessão nem concluir compras. Ao
            apagar os dados do site, o carrinho é esvaziado e a sessão é terminada.
          </p>
          <p>
            Tem dúvidas? Escreva-nos para <MailLink address={identity.email} /> ou consulte a nossa{" "}
            <TextLink to="/politica-privacidade">Política de Privacidade</TextLink>.
          </p>
        </>
      ),
    },
  ];
}

export default function PoliticaDeCookies() {
  const shop = useShop();
  return (
    <LegalPage
      title="Política de Cookies"
      intro={
        <p>
          Explicamos que cookies e dados do navegador a {shop.identity.shopName} utiliza, para que servem e como os pode
          apagar.
        </p>
      }
      sections={sections(shop)}
    />
  );
}
