import { ExternalLink as ExternalLinkIcon } from "lucide-react";
import { ExternalLink, MailLink, TextLink } from "#app/components/content/ContentPage.tsx";
import { type LegalSection, LegalPage } from "#app/components/content/LegalPage.tsx";
import { type PublicShop, shopNameIn, useShop } from "#app/lib/shop.ts";
import type { Route } from "./+types/livro-de-reclamacao";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Livro de Reclamações | ${shopNameIn(matches)}` },
  {
    name: "description",
    content: `Como apresentar uma reclamação à ${shopNameIn(matches)} no Livro de Reclamações Eletrónico e informação sobre as entidades de resolução alternativa de litígios de consumo.`,
  },
];

const LIVRO_URL = "https://www.livroreclamacoes.pt";

/** "https://www.cniacc.pt/" -> "www.cniacc.pt". */
const displayUrl = (url: string) => url.replace(/^https:\/\//, "").replace(/\/$/, "");

function sections({ identity }: PublicShop): readonly LegalSection[] {
  return [
    {
      id: "fale-connosco",
      title: "Antes de reclamar, fale connosco",
      content: (
        <p>
          Se algo correu mal com a sua encomenda, escreva-nos para <MailLink address={identity.email} /> ou através da
          página de <TextLink to="/contato">Contacto</TextLink>. Na maior parte dos casos conseguimos resolver a
          situação rapidamente. Contactar-nos não o impede de apresentar uma reclamação a qualquer momento.
        </p>
      ),
    },
    {
      id: "livro",
      title: "O Livro de Reclamações",
      content: (
        <>
          <p>
            O Livro de Reclamações é um meio oficial, gratuito, de apresentar uma reclamação sobre um produto ou
            serviço. Existe em dois formatos:
          </p>
          <ul>
            <li>
              <strong>Livro de Reclamações físico</strong> — em papel, obrigatório nos estabelecimentos com atendimento
              ao público, onde pode pedi-lo no local;
            </li>
            <li>
              <strong>Livro de Reclamações Eletrónico</strong> — disponível online para todos os fornecedores de bens e
              prestadores de serviços, incluindo as lojas online.
            </li>
          </ul>
          <p>
            Nas compras feitas nesta loja online, utilize o Livro de Reclamações Eletrónico. A sua reclamação é enviada
            à{identity.shopName} e à entidade reguladora competente, e recebe uma cópia por e-mail.
          </p>
        </>
      ),
    },
    {
      id: "como-reclamar",
      title: "Como apresentar uma reclamação eletrónica",
      content: (
        <>
          <ol>
            <li>
              Aceda ao site oficial do Livro de Reclamações,{" "}
              <ExternalLink href={LIVRO_URL}>www.livroreclamacoes.pt</ExternalLink>, e inicie uma nova reclamação.
            </li>
            <li>
              Identifique a {identity.legalName} (NIPC {identity.nipc}) como entidade reclamada, seguindo os passos
              indicados no site.
            </li>
            <li>
              Descreva o que aconteceu, indicando o número da encomenda e as datas relevantes, e junte documentos se
              necessário.
            </li>
            <li>Confirme os seus dados e submeta. Respondemos no prazo máximo de 15 dias úteis.</li>
          </ol>
          <p>
            <a
              href={LIVRO_URL}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white no-underline hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              Abrir o Livro de Reclamações
              <ExternalLinkIcon className="size-4" aria-hidden="true" />
              <span className="sr-only"> (abre numa nova janela)</span>
            </a>
          </p>
        </>
      ),
    },
    {
      id: "resolucao-alternativa",
      title: "Resolução alternativa de litígios",
      content: (
        <>
          <p>
            Em caso de litígio de consumo, pode recorrer a uma entidade de Resolução Alternativa de Litígios (RAL), nos
            termos da Lei n.º 144/2015, de 8 de setembro. Estas entidades procuram uma solução por mediação, conciliação
            ou arbitragem, de forma mais rápida e económica do que os tribunais.
          </p>
          <p>
            A entidade de resolução alternativa de litígios a que a {identity.legalName} adere é:{" "}
            <strong>{identity.disputeEntityName}</strong>
            {identity.disputeEntityUrl ? (
              <>
                {" "}
                (<ExternalLink href={identity.disputeEntityUrl}>{displayUrl(identity.disputeEntityUrl)}</ExternalLink>)
              </>
            ) : null}
            . Pode também dirigir-se ao centro de arbitragem de conflitos de consumo da sua área de residência.
          </p>
          <p>
            A lista completa das entidades RAL e mais informação sobre os seus direitos estão disponíveis no Portal do
            Consumidor: <ExternalLink href="https://www.consumidor.gov.pt">www.consumidor.gov.pt</ExternalLink>.
          </p>
        </>
      ),
    },
  ];
}

export default function LivroDeReclamacao() {
  const shop = useShop();
  return (
    <LegalPage
      title="Livro de Reclamações"
      intro={
        <p>
          Queremos que fique satisfeito com cada compra. Se não for o caso, explicamos aqui como pode apresentar uma
          reclamação e a quem se pode dirigir.
        </p>
      }
      sections={sections(shop)}
    />
  );
}
