import { MailLink, TextLink } from "#app/components/content/ContentPage.tsx";
import { type LegalSection, LegalPage } from "#app/components/content/LegalPage.tsx";
import { centsText, type PublicShop, shopNameIn, useShop } from "#app/lib/shop.ts";
import type { Route } from "./+types/info-envio";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Informações de Envio | ${shopNameIn(matches)}` },
  {
    name: "description",
    content:
      "Expedição em 24 horas úteis após o pagamento, entrega em 1 a 3 dias úteis em Portugal continental e 5 a 10 dias úteis na Madeira e nos Açores. Entrega normal ou rápida.",
  },
];

const DELIVERY_TIMES = [
  { zone: "Portugal continental", time: "1 a 3 dias úteis" },
  { zone: "Madeira e Açores", time: "5 a 10 dias úteis" },
] as const;

/** A bordered list of label / value rows (delivery times, delivery prices). */
function Facts({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="divide-y divide-gray-200 overflow-hidden rounded-xl border border-gray-200">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <dt className="font-medium text-gray-900">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What delivery costs, from the shop's settings (the same prices checkout charges). */
function deliveryPrices(delivery: PublicShop["delivery"]) {
  return [
    { label: "Portugal continental", price: centsText(delivery.mainlandCents) },
    { label: "Madeira e Açores", price: centsText(delivery.islandsCents) },
    { label: "Entrega rápida (acréscimo)", price: `+ ${centsText(delivery.fastCents)}` },
  ];
}

function sections({ identity, delivery }: PublicShop): readonly LegalSection[] {
  return [
    {
      id: "expedicao",
      title: "Prazo de expedição",
      content: (
        <>
          <p>
            Preparamos e expedimos a sua encomenda no prazo de{" "}
            <strong>24 horas úteis após a confirmação do pagamento</strong>. Os pagamentos confirmados ao fim de semana
            ou num feriado contam a partir do dia útil seguinte.
          </p>
          <p>Cada artigo é embalado à mão, com proteção adequada — sobretudo as canecas — para chegar intacto.</p>
        </>
      ),
    },
    {
      id: "prazos",
      title: "Prazos de entrega",
      content: (
        <>
          <p>Depois da expedição, os prazos de entrega habituais são:</p>
          <Facts rows={DELIVERY_TIMES.map(({ zone, time }) => [zone, time] as const)} />
          <p>
            Os prazos são indicativos e contam apenas dias úteis. Em épocas de maior movimento (como o Natal) ou por
            motivos alheios à {identity.shopName}, a transportadora pode precisar de mais algum tempo.
          </p>
        </>
      ),
    },
    {
      id: "opcoes",
      title: "Opções de entrega",
      content: (
        <>
          <p>No checkout, ao indicar os dados de entrega, escolhe uma de duas opções:</p>
          <ul>
            <li>
              <strong>Entrega normal</strong> — entrega em cerca de 2 dias úteis após a expedição.
            </li>
            <li>
              <strong>Entrega rápida</strong> — entrega no dia útil seguinte à expedição.
            </li>
          </ul>
          <p>
            Estes prazos referem-se a Portugal continental. Para a Madeira e os Açores aplicam-se os prazos indicados na
            secção anterior.
          </p>
        </>
      ),
    },
    {
      id: "custos",
      title: "Custos de envio",
      content: (
        <>
          <p>
            O custo de envio é <strong>calculado no checkout a partir do código postal</strong> da morada de entrega e
            da opção de entrega escolhida. O valor é sempre apresentado, juntamente com o total da encomenda, antes de
            confirmar o pagamento.
          </p>
          <Facts rows={deliveryPrices(delivery).map(({ label, price }) => [label, price] as const)} />
          {delivery.freeDeliveryThresholdCents !== null ? (
            <p>
              Nas encomendas a partir de <strong>{centsText(delivery.freeDeliveryThresholdCents)}</strong> a entrega
              normal é gratuita; a entrega rápida mantém o acréscimo indicado.
            </p>
          ) : null}
        </>
      ),
    },
    {
      id: "acompanhamento",
      title: "Acompanhar a encomenda",
      content: (
        <p>
          Quando a encomenda é expedida, enviamos-lhe um e-mail com o número de seguimento e a ligação para acompanhar a
          entrega no site da transportadora. Se não o encontrar, verifique a pasta de spam ou escreva-nos para{" "}
          <MailLink address={identity.email} />.
        </p>
      ),
    },
    {
      id: "rececao",
      title: "Receção da encomenda",
      content: (
        <>
          <p>
            Confirme que a morada, o código postal e o telefone indicados estão corretos: são usados pela transportadora
            para fazer a entrega e contactá-lo se for necessário.
          </p>
          <p>
            Ao receber, verifique o estado da embalagem. Se algum artigo chegar danificado ou não corresponder ao que
            encomendou, comunique-nos no prazo de 3 dias após a entrega, como explicado nos{" "}
            <TextLink to="/termos-e-condicoes">Termos e Condições</TextLink>.
          </p>
        </>
      ),
    },
  ];
}

export default function InfoEnvio() {
  const shop = useShop();
  return (
    <LegalPage
      title="Informações de Envio"
      intro={
        <p>
          Enviamos para todo o país, do continente às ilhas. Saiba quando a sua encomenda sai, quando chega e quanto
          custa o envio.
        </p>
      }
      sections={sections(shop)}
    />
  );
}
