import {
  ContentPage,
  ContentSection,
  ExternalLink,
  LastUpdated,
  MailLink,
  TextLink,
} from "#app/components/content/ContentPage.tsx";
import { shopNameIn, useShop } from "#app/lib/shop.ts";
import type { Route } from "./+types/acessibilidade";

/*
 * /acessibilidade: the accessibility statement (European Accessibility Act, Directive (EU) 2019/882, in Portuguese
 * law by Decreto-Lei n.º 82/2022). Its known limits are what the shop really has today (issue 20 item 6): update
 * them, and the date, whenever one is fixed or a new one is found.
 */

/** When the statement was last reviewed. */
const REVIEWED = { text: "26 de novembro de 2026", iso: "2026-11-26" } as const;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Declaração de Acessibilidade | ${shopNameIn(matches)}` },
  {
    name: "description",
    content: `A acessibilidade da loja online ${shopNameIn(matches)}: objetivo WCAG 2.1 nível AA, estado de conformidade, limitações conhecidas, como foi avaliada e como nos contactar.`,
  },
];

export default function Acessibilidade() {
  const { identity } = useShop();
  return (
    <ContentPage
      eyebrow="Apoio ao Cliente"
      title="Declaração de Acessibilidade"
      intro={
        <>
          <p>
            A {identity.legalName} quer que todas as pessoas possam comprar na loja {identity.shopName}, incluindo quem
            usa leitor de ecrã, só o teclado, ampliação ou outras tecnologias de apoio.
          </p>
          <LastUpdated text={REVIEWED.text} iso={REVIEWED.iso} />
        </>
      }
    >
      <ContentSection id="objetivo" title="Objetivo">
        <p>
          O nosso objetivo é cumprir as{" "}
          <ExternalLink href="https://www.w3.org/TR/WCAG21/">
            Diretrizes de Acessibilidade para Conteúdo Web (WCAG) 2.1
          </ExternalLink>
          , <strong>nível AA</strong>, na loja (páginas públicas, carrinho, pagamento e área «A minha conta»), como
          prevê o Decreto-Lei n.º 82/2022, que transpõe o Ato Europeu da Acessibilidade (Diretiva (UE) 2019/882).
        </p>
      </ContentSection>

      <ContentSection id="estado" title="Estado de conformidade">
        <p>
          A loja está <strong>parcialmente conforme</strong> com as WCAG 2.1 nível AA: as páginas de compra passam nos
          nossos testes automáticos, mas existem as limitações conhecidas descritas abaixo e ainda não foi feita uma
          avaliação manual completa.
        </p>
      </ContentSection>

      <ContentSection id="limitacoes" title="Limitações conhecidas">
        <ul>
          <li>
            <strong>Texto alternativo das fotografias dos produtos:</strong> as imagens são descritas pelo nome do
            produto (e pela sua posição na galeria), não pelo que mostram. As características relevantes estão na
            descrição do produto.
          </li>
          <li>
            <strong>Mensagens temporárias:</strong> algumas confirmações (por exemplo, «Produto adicionado ao
            carrinho!») aparecem num aviso que desaparece ao fim de alguns segundos. O resultado fica sempre visível na
            página (o carrinho, a encomenda), e os erros dos formulários ficam junto aos campos.
          </li>
          <li>
            <strong>Documentos e serviços de terceiros:</strong> as faturas em PDF são emitidas pelo programa de
            faturação certificado; o pagamento MB WAY conclui-se na aplicação do seu banco; o Livro de Reclamações
            Eletrónico é um sítio externo. Não controlamos a acessibilidade destes documentos e serviços: se precisar da
            fatura noutro formato, peça-nos.
          </li>
          <li>
            <strong>Área de gestão da loja:</strong> as páginas usadas pela equipa (não pelos clientes) são avaliadas
            com menos profundidade; o gráfico «Pedidos por Dia» não tem uma alternativa em texto com os valores de cada
            dia.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="avaliacao" title="Como foi avaliada">
        <p>A acessibilidade é verificada automaticamente a cada alteração da loja:</p>
        <ul>
          <li>
            com o <strong>Lighthouse</strong> (categoria Acessibilidade, alvo 100) nas páginas inicial, de produto,
            carrinho e entrada, num telemóvel emulado;
          </li>
          <li>
            com o <strong>axe</strong> (regras WCAG 2.0 e 2.1, níveis A e AA) nos testes de navegador que percorrem a
            conta, a pesquisa, o contacto, o pagamento, a livre resolução e a área de gestão, em ecrãs de 1280 e de 375
            píxeis.
          </li>
        </ul>
        <p>
          Os testes automáticos só detetam parte dos problemas. Ainda não foi feita uma avaliação manual completa (por
          exemplo, percorrer todas as páginas só com o teclado ou com um leitor de ecrã) nem testes com pessoas com
          deficiência.
        </p>
      </ContentSection>

      <ContentSection id="contacto" title="Contacto">
        <p>
          Se encontrar uma barreira, ou precisar de uma informação ou documento noutro formato, diga-nos: escreva para{" "}
          <MailLink address={identity.email} /> ou use a página de <TextLink to="/contato">Contacto</TextLink>,
          indicando a página e o problema.
        </p>
        <p>
          Se a resposta não o satisfizer, pode apresentar reclamação no{" "}
          <TextLink to="/livro-de-reclamacao">Livro de Reclamações</TextLink>.
        </p>
      </ContentSection>

      <ContentSection id="data" title="Data desta declaração">
        <p>
          Declaração elaborada e revista pela última vez a <time dateTime={REVIEWED.iso}>{REVIEWED.text}</time>, com
          base nos testes descritos acima.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
