import { ExternalLink, MailLink, TextLink } from "#app/components/content/ContentPage.tsx";
import { type LegalSection, LegalPage } from "#app/components/content/LegalPage.tsx";
import { type PublicShop, shopAddress, shopNameIn, useShop } from "#app/lib/shop.ts";
import type { Route } from "./+types/politica-privacidade";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Política de Privacidade | ${shopNameIn(matches)}` },
  {
    name: "description",
    content: `Como a ${shopNameIn(matches)} trata os seus dados pessoais ao abrigo do RGPD: que dados recolhemos, para quê, durante quanto tempo, com quem os partilhamos e como exercer os seus direitos.`,
  },
];

const PURPOSES = [
  {
    purpose:
      "Criar e gerir a sua conta, processar encomendas e pagamentos, fazer entregas e enviar e-mails sobre as suas encomendas",
    basis: "Execução do contrato e diligências pré-contratuais a seu pedido (artigo 6.º, n.º 1, alínea b), do RGPD)",
  },
  {
    purpose: "Emitir faturas e cumprir obrigações fiscais e contabilísticas",
    basis: "Cumprimento de obrigação legal (artigo 6.º, n.º 1, alínea c), do RGPD)",
  },
  {
    purpose:
      "Garantir a segurança da loja e das contas, prevenir fraude e abusos (por exemplo, tentativas repetidas de início de sessão)",
    basis:
      "Interesse legítimo da loja em proteger os seus clientes e o serviço (artigo 6.º, n.º 1, alínea f), do RGPD)",
  },
  {
    purpose: "Responder aos seus pedidos de contacto e reclamações",
    basis: "Interesse legítimo em responder-lhe ou, quando digam respeito a uma encomenda, execução do contrato",
  },
] as const;

function sections({ identity }: PublicShop): readonly LegalSection[] {
  return [
    {
      id: "responsavel",
      title: "Responsável pelo tratamento",
      content: (
        <p>
          O responsável pelo tratamento dos seus dados pessoais é a <strong>{identity.legalName}</strong>, NIPC{" "}
          {identity.nipc}, com sede em {shopAddress(identity)}. Para qualquer questão sobre privacidade ou para exercer
          os seus direitos, escreva-nos para <MailLink address={identity.email} />.
        </p>
      ),
    },
    {
      id: "dados",
      title: "Que dados tratamos",
      content: (
        <>
          <h3>Dados da conta</h3>
          <ul>
            <li>Nome e endereço de e-mail;</li>
            <li>
              Palavra-passe, guardada apenas de forma cifrada (com um algoritmo de <em>hash</em> irreversível) — nunca a
              conhecemos nem a guardamos em texto legível;
            </li>
            <li>Tipo de conta (cliente ou administrador) e confirmação do endereço de e-mail.</li>
          </ul>
          <h3>Dados das encomendas</h3>
          <ul>
            <li>Artigos encomendados, valores, método e estado do pagamento;</li>
            <li>Dados de entrega: nome, morada, código postal, cidade, telefone e opção de entrega;</li>
            <li>Número de telemóvel MB WAY, quando escolhe este método de pagamento;</li>
            <li>Referências de pagamento Multibanco ou Payshop.</li>
          </ul>
          <h3>Dados técnicos</h3>
          <ul>
            <li>
              Cookie de sessão e token de segurança, necessários para manter a sessão iniciada (veja a{" "}
              <TextLink to="/politica-de-cookies">Política de Cookies</TextLink>);
            </li>
            <li>
              Registos técnicos do servidor, como o endereço IP e a data e hora dos pedidos, usados para segurança.
            </li>
          </ul>
          <p>
            Não recolhemos dados de cartões bancários: os pagamentos são tratados pelo prestador de serviços de
            pagamento.
          </p>
        </>
      ),
    },
    {
      id: "finalidades",
      title: "Finalidades e fundamentos",
      content: (
        <>
          <p>Tratamos os seus dados apenas para as finalidades seguintes, cada uma com o respetivo fundamento legal:</p>
          <dl className="space-y-3">
            {PURPOSES.map(({ purpose, basis }) => (
              <div key={purpose} className="rounded-xl border border-gray-200 p-4">
                <dt className="font-medium text-gray-900">{purpose}</dt>
                <dd className="mt-1 text-sm leading-6 text-gray-600">{basis}</dd>
              </div>
            ))}
          </dl>
        </>
      ),
    },
    {
      id: "conservacao",
      title: "Durante quanto tempo guardamos os dados",
      content: (
        <ul>
          <li>
            <strong>Conta:</strong> enquanto a conta estiver ativa; quando nos pede para a eliminar, apagamos os dados
            que não tenhamos obrigação legal de guardar.
          </li>
          <li>
            <strong>Encomendas e faturas:</strong> durante 10 anos, o prazo exigido pela legislação fiscal e
            contabilística.
          </li>
          <li>
            <strong>Sessão:</strong> o cookie de sessão expira ao fim de 30 dias ou quando termina a sessão.
          </li>
          <li>
            <strong>Registos técnicos:</strong> apenas pelo período necessário para garantir a segurança do serviço.
          </li>
        </ul>
      ),
    },
    {
      id: "subcontratantes",
      title: "Com quem partilhamos os dados",
      content: (
        <>
          <p>
            Não vendemos nem cedemos os seus dados. Partilhamo-los apenas com as entidades que nos ajudam a prestar o
            serviço, na medida do necessário e ao abrigo de contratos que garantem a sua proteção:
          </p>
          <ul>
            <li>
              <strong>ifthenpay</strong> — prestador de serviços de pagamento (MB WAY, Multibanco e Payshop);
            </li>
            <li>
              <strong>Fornecedor de envio de e-mail</strong> — para os e-mails de verificação de conta e de confirmação
              das encomendas;
            </li>
            <li>
              <strong>Fornecedor de alojamento</strong> — onde funcionam a loja e a base de dados;
            </li>
            <li>
              <strong>Transportadoras</strong> — recebem os dados de entrega necessários para lhe entregar a encomenda.
            </li>
          </ul>
          <p>
            Podemos ainda comunicar dados às autoridades quando a lei o exija (por exemplo, à Autoridade Tributária).
            Privilegiamos prestadores que tratam os dados no Espaço Económico Europeu; se houver transferências para
            fora dele, são feitas com as garantias previstas no RGPD.
          </p>
        </>
      ),
    },
    {
      id: "direitos",
      title: "Os seus direitos",
      content: (
        <>
          <p>Nos termos do Regulamento Geral sobre a Proteção de Dados (RGPD), tem direito a:</p>
          <ul>
            <li>
              <strong>Acesso</strong> — saber que dados temos sobre si e obter uma cópia;
            </li>
            <li>
              <strong>Retificação</strong> — corrigir dados inexatos ou incompletos;
            </li>
            <li>
              <strong>Apagamento</strong> — pedir a eliminação dos seus dados, salvo quando tenhamos de os guardar por
              lei;
            </li>
            <li>
              <strong>Limitação</strong> do tratamento, nos casos previstos na lei;
            </li>
            <li>
              <strong>Portabilidade</strong> — receber os dados que nos forneceu num formato estruturado e de uso
              corrente;
            </li>
            <li>
              <strong>Oposição</strong> — opor-se aos tratamentos baseados no interesse legítimo.
            </li>
          </ul>
          <p>
            Para exercer qualquer destes direitos, envie um e-mail para <MailLink address={identity.email} />.
            Respondemos no prazo de um mês. Poderemos pedir-lhe informação adicional para confirmar a sua identidade.
          </p>
        </>
      ),
    },
    {
      id: "cnpd",
      title: "Reclamação à CNPD",
      content: (
        <p>
          Se considerar que os seus dados não estão a ser tratados de acordo com a lei, pode apresentar reclamação à
          Comissão Nacional de Proteção de Dados (CNPD), a autoridade de controlo em Portugal:{" "}
          <ExternalLink href="https://www.cnpd.pt">www.cnpd.pt</ExternalLink>.
        </p>
      ),
    },
    {
      id: "perfis-marketing",
      title: "Definição de perfis e marketing",
      content: (
        <p>
          Não tomamos decisões automatizadas nem definimos perfis com os seus dados. Não lhe enviamos comunicações de
          marketing nem newsletters sem o seu consentimento prévio, que pode retirar a qualquer momento.
        </p>
      ),
    },
    {
      id: "seguranca",
      title: "Segurança",
      content: (
        <p>
          A ligação à loja é cifrada (HTTPS), as palavras-passe são guardadas cifradas e o acesso aos dados está
          limitado às pessoas que dele precisam para tratar das encomendas. Nunca lhe pediremos a palavra-passe por
          e-mail ou telefone.
        </p>
      ),
    },
    {
      id: "alteracoes",
      title: "Alterações a esta política",
      content: (
        <p>
          Podemos atualizar esta política para refletir alterações legais ou do serviço. A data da última atualização
          está indicada no início da página; se as alterações forem relevantes, avisamo-lo por e-mail.
        </p>
      ),
    },
  ];
}

export default function PoliticaPrivacidade() {
  const shop = useShop();
  return (
    <LegalPage
      title="Política de Privacidade"
      intro={
        <p>
          A sua privacidade é importante para nós. Esta política explica que dados pessoais tratamos quando usa a{" "}
          {shop.identity.shopName}, para quê e quais são os seus direitos.
        </p>
      }
      sections={sections(shop)}
    />
  );
}
