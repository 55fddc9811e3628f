import { ExternalLink, MailLink, TextLink } from "#app/components/content/ContentPage.tsx";
import { type LegalSection, LegalPage } from "#app/components/content/LegalPage.tsx";
import { type PublicShop, shopAddress, shopNameIn, useShop } from "#app/lib/shop.ts";
import type { Route } from "./+types/termos-e-condicoes";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Termos e Condições | ${shopNameIn(matches)}` },
  {
    name: "description",
    content: `Condições de venda da ${shopNameIn(matches)}: preços com IVA incluído, pagamento por MB WAY, Multibanco ou Payshop, entregas, direito de livre resolução de 14 dias e garantia de 3 anos.`,
  },
];

function sections({ identity }: PublicShop): readonly LegalSection[] {
  return [
    {
      id: "ambito",
      title: "Identificação e âmbito",
      content: (
        <>
          <p>
            Estes Termos e Condições regulam as compras feitas na loja online {identity.shopName}, explorada pela{" "}
            <strong>{identity.legalName}</strong>, NIPC {identity.nipc}, com sede em {shopAddress(identity)} (doravante
            «{identity.shopName}» ou «nós»). Ao finalizar uma encomenda, declara que leu e aceita estes termos na versão
            em vigor nessa data.
          </p>
          <p>
            Para qualquer questão sobre uma encomenda ou sobre estes termos, contacte-nos através de{" "}
            <MailLink address={identity.email} /> ou da página de <TextLink to="/contato">Contacto</TextLink>.
          </p>
        </>
      ),
    },
    {
      id: "precos",
      title: "Produtos e preços",
      content: (
        <>
          <p>
            Todos os preços são apresentados em <strong>euros (€) e incluem IVA</strong> à taxa legal em vigor. Os
            custos de envio não estão incluídos no preço dos artigos: são calculados no checkout e apresentados antes de
            confirmar a encomenda.
          </p>
          <p>
            As fotografias e descrições procuram representar os artigos com a maior fidelidade possível. Por serem
            produzidos em pequenas séries, podem existir ligeiras diferenças de cor ou de acabamento que não constituem
            defeito.
          </p>
          <p>
            Reservamo-nos o direito de alterar preços a qualquer momento. Aplica-se sempre o preço apresentado no
            momento em que a encomenda é feita.
          </p>
        </>
      ),
    },
    {
      id: "encomendas",
      title: "Encomendas",
      content: (
        <>
          <p>
            Para finalizar uma compra precisa de ter uma conta na {identity.shopName} e sessão iniciada. Os artigos
            escolhidos ficam no carrinho do seu navegador até concluir a encomenda.
          </p>
          <p>
            No checkout escolhe o método de pagamento, indica os dados de entrega e a opção de entrega. Antes de pagar,
            é apresentado o resumo da encomenda com os artigos, os custos de envio e o valor total. A encomenda fica
            sujeita à disponibilidade de stock no momento do pagamento.
          </p>
        </>
      ),
    },
    {
      id: "pagamento",
      title: "Pagamento",
      content: (
        <>
          <p>Aceitamos os seguintes métodos de pagamento:</p>
          <ul>
            <li>
              <strong>MB WAY</strong> — indique o número de telemóvel associado ao MB WAY e aceite o pedido de pagamento
              na aplicação;
            </li>
            <li>
              <strong>Multibanco</strong> — pague com a entidade e a referência indicadas, num caixa automático ou no
              homebanking, dentro do prazo de validade;
            </li>
            <li>
              <strong>Payshop</strong> — pague com a referência indicada num agente Payshop ou CTT, dentro do prazo de
              validade.
            </li>
          </ul>
          <p>
            A encomenda é <strong>processada automaticamente após a confirmação do pagamento</strong>. Se o pagamento
            não for efetuado dentro do prazo de validade da referência ou do pedido MB WAY, a encomenda não é
            processada.
          </p>
        </>
      ),
    },
    {
      id: "entrega",
      title: "Entrega",
      content: (
        <>
          <p>
            Enviamos para Portugal continental e para as Regiões Autónomas da Madeira e dos Açores. A encomenda é
            expedida no prazo de 24 horas úteis após a confirmação do pagamento; pode escolher entre entrega normal e
            entrega rápida.
          </p>
          <p>
            Os prazos, as opções e a forma de cálculo dos custos de envio estão descritos em{" "}
            <TextLink to="/info-envio">Informações de Envio</TextLink>. O risco de perda ou dano dos artigos passa para
            si no momento em que os recebe.
          </p>
        </>
      ),
    },
    {
      id: "livre-resolucao",
      title: "Direito de livre resolução (devoluções)",
      content: (
        <>
          <p>
            Nos termos do <strong>Decreto-Lei n.º 24/2014</strong>, de 14 de fevereiro, tem o direito de desistir da
            compra no prazo de <strong>14 dias</strong> a contar do dia em que recebe os artigos, sem necessidade de
            indicar o motivo e sem qualquer penalização.
          </p>
          <h3>Como exercer o direito</h3>
          <ol>
            <li>
              Comunique-nos a sua decisão dentro do prazo: no botão «Livre resolução: desistir da compra» da página da
              encomenda em <TextLink to="/conta">A minha conta</TextLink>, no formulário de{" "}
              <TextLink to="/livre-resolucao">Livre resolução</TextLink> (com o número da encomenda e o seu email), ou
              por e-mail para <MailLink address={identity.email} />, indicando o número da encomenda, os artigos a
              devolver e o seu nome. Pode também usar o modelo de formulário de livre resolução anexo ao Decreto-Lei n.º
              24/2014 ou qualquer outra declaração inequívoca. Enviamos-lhe de imediato a confirmação do pedido por
              e-mail.
            </li>
            <li>
              Devolva os artigos no prazo de 14 dias a contar dessa comunicação, na embalagem original sempre que
              possível, em bom estado e acompanhados de todos os acessórios. A morada de devolução vem na confirmação do
              pedido.
            </li>
            <li>
              Reembolsamos todos os pagamentos recebidos, incluindo os custos de envio da entrega normal, no prazo de 14
              dias a contar da data em que recebemos a sua comunicação. Podemos reter o reembolso até recebermos os
              artigos ou a prova do seu envio. Se escolheu a entrega rápida, reembolsamos o custo de envio
              correspondente à entrega normal.
            </li>
          </ol>
          <p>
            O reembolso é feito pelo mesmo meio de pagamento sempre que possível. Nos pagamentos por Multibanco ou
            Payshop, é feito por transferência bancária para o IBAN que nos indicar. Os custos diretos da devolução são
            suportados por si, exceto se o artigo tiver defeito ou não corresponder ao encomendado.
          </p>
          <p>
            É responsável pela desvalorização dos artigos que resulte de uma utilização que exceda o necessário para
            verificar a sua natureza e características (por exemplo, canecas usadas ou T-shirts lavadas).
          </p>
        </>
      ),
    },
    {
      id: "defeitos",
      title: "Artigos com defeito ou danificados no transporte",
      content: (
        <>
          <p>
            Se receber um artigo partido, danificado, com defeito ou diferente do que encomendou, comunique-nos a
            situação no prazo de <strong>3 dias após a entrega</strong>, por e-mail para{" "}
            <MailLink address={identity.email} />, com o número da encomenda e fotografias do artigo e da embalagem.
            Assim podemos resolver a situação rapidamente, com a substituição do artigo ou o reembolso, sem custos para
            si.
          </p>
          <p>
            Este pedido de comunicação rápida não limita os direitos que lhe são garantidos por lei, descritos na secção
            seguinte.
          </p>
        </>
      ),
    },
    {
      id: "garantia",
      title: "Garantia",
      content: (
        <>
          <p>
            Todos os artigos beneficiam da garantia legal de conformidade de <strong>3 anos</strong> a contar da
            entrega, nos termos do <strong>Decreto-Lei n.º 84/2021</strong>, de 18 de outubro. Se um artigo não estiver
            conforme com o contrato, tem direito à sua reparação ou substituição e, nos casos previstos na lei, à
            redução do preço ou à resolução do contrato.
          </p>
          <p>
            A garantia não cobre o desgaste normal decorrente da utilização, nem danos causados por uso indevido ou por
            não seguir as instruções de cuidado (por exemplo, lavagem das T-shirts a temperaturas superiores às
            indicadas na etiqueta).
          </p>
        </>
      ),
    },
    {
      id: "dados-pessoais",
      title: "Dados pessoais",
      content: (
        <p>
          Tratamos os seus dados pessoais apenas para gerir a sua conta, processar as suas encomendas e cumprir
          obrigações legais. Saiba como na nossa <TextLink to="/politica-privacidade">Política de Privacidade</TextLink>{" "}
          e na <TextLink to="/politica-de-cookies">Política de Cookies</TextLink>.
        </p>
      ),
    },
    {
      id: "reclamacoes",
      title: "Reclamações e resolução de litígios",
      content: (
        <>
          <p>
            Se não ficar satisfeito, fale connosco primeiro: procuramos sempre uma solução. Pode também apresentar uma
            reclamação no <TextLink to="/livro-de-reclamacao">Livro de Reclamações</TextLink>.
          </p>
          <p>
            Em caso de litígio de consumo, pode recorrer a uma entidade de resolução alternativa de litígios, como o
            CNIACC — Centro Nacional de Informação e Arbitragem de Conflitos de Consumo. A lista completa destas
            entidades está disponível no Portal do Consumidor,{" "}
            <ExternalLink href="https://www.consumidor.gov.pt">www.consumidor.gov.pt</ExternalLink>.
          </p>
        </>
      ),
    },
    {
      id: "lei-aplicavel",
      title: "Lei aplicável",
      content: (
        <p>
          Estes Termos e Condições regem-se pela lei portuguesa, sem prejuízo das normas imperativas de proteção do
          consumidor que lhe sejam mais favoráveis. Para a resolução de litígios são competentes os tribunais
          determinados nos termos da lei.
        </p>
      ),
    },
    {
      id: "alteracoes",
      title: "Alterações a estes termos",
      content: (
        <p>
          Podemos atualizar estes termos para refletir alterações legais ou da forma como funcionamos. A versão
          aplicável a cada encomenda é a que está publicada no momento em que a encomenda é feita; a data da última
          atualização está indicada no início desta página.
        </p>
      ),
    },
  ];
}

export default function TermosECondicoes() {
  const shop = useShop();
  return (
    <LegalPage
      title="Termos e Condições"
      intro={
        <p>
          As regras das compras na {shop.identity.shopName}, explicadas de forma simples: preços, pagamentos, entregas,
          devoluções e garantia.
        </p>
      }
      sections={sections(shop)}
    />
  );
}
