import { ArrowRight, Layers, MapPin, PackageCheck } from "lucide-react";
import { Link } from "react-router";
import { ContentPage, ContentSection, focusRing } from "#app/components/content/ContentPage.tsx";
import { socialLinks } from "#app/components/layout/social-links.tsx";
import { shopNameIn, useShop } from "#app/lib/shop.ts";
import type { Route } from "./+types/sobre-nos";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Sobre Nós | ${shopNameIn(matches)}` },
  {
    name: "description",
    content:
      "Somos uma pequena marca portuguesa de canecas, T-shirts e agendas inspiradas na cultura portuguesa: azulejos, andorinhas, Galo de Barcelos. Produção nacional, em pequenas séries.",
  },
];

const VALUES = [
  {
    Icon: MapPin,
    title: "Produção nacional",
    text: "Desenhamos tudo em Portugal e trabalhamos com oficinas e estamparias portuguesas, perto de nós.",
  },
  {
    Icon: Layers,
    title: "Pequenas séries",
    text: "Produzimos poucas unidades de cada vez, para evitar desperdício e manter cada peça especial.",
  },
  {
    Icon: PackageCheck,
    title: "Envio cuidado",
    text: "Cada encomenda é embalada à mão, com proteção reforçada para que as canecas cheguem inteiras.",
  },
] as const;

const buttonBase = `${focusRing} inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors`;

export default function SobreNos() {
  const { identity } = useShop();
  // The shop's first social profile (Instagram unless the settings leave it out); none: only the contact button.
  const social = socialLinks(identity)[0];
  return (
    <ContentPage
      eyebrow="A nossa história"
      title="Sobre Nós"
      intro={
        <p>Uma pequena marca portuguesa que transforma o que vemos todos os dias em objetos para usar todos os dias.</p>
      }
    >
      <ContentSection id="historia" title="Como tudo começou">
        <p>
          A {identity.shopName} nasceu de uma vontade simples: levar para o dia a dia aquilo que nos faz sentir em casa.
          O azul e branco dos azulejos nas fachadas de Lisboa e do Porto, as andorinhas que voltam todas as primaveras
          aos beirais, o Galo de Barcelos que há gerações se conta como símbolo de sorte e de justiça.
        </p>
        <p>
          Começámos com uma caneca e um desenho feito à mão. Hoje criamos canecas,{" "}
          <span className="whitespace-nowrap">T-shirts</span> e agendas, mas a ideia continua a mesma: peças bonitas e
          úteis, com um pedaço de Portugal em cada uma — para ter na secretária, para vestir ou para oferecer a quem
          está longe.
        </p>
        <p>
          Cada coleção começa no papel, com padrões e figuras que encontramos nas ruas, nas feiras e nas aldeias. Depois
          é produzida em Portugal, em pequenas séries, por parceiros que conhecemos pelo nome. Quando uma série esgota,
          dá lugar à próxima.
        </p>
        <p>
          Somos uma equipa pequena e lemos todas as mensagens que nos enviam. Se tiver uma ideia, uma dúvida ou só
          quiser dizer olá, fale connosco.
        </p>
      </ContentSection>

      <section aria-labelledby="valores-titulo" className="mt-12">
        <h2 id="valores-titulo" className="text-xl font-semibold tracking-tight text-gray-900 sm:text-2xl">
          Os nossos valores
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {VALUES.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-gray-200 bg-white p-5">
              <span className="grid size-10 place-items-center rounded-lg bg-brand-50 text-brand-600">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold text-gray-900">{title}</h3>
              <p className="mt-1 text-sm leading-6 text-gray-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="siga-titulo" className="mt-12 rounded-2xl bg-gray-900 p-6 text-white sm:p-8">
        <h2 id="siga-titulo" className="text-xl font-semibold tracking-tight sm:text-2xl">
          Acompanhe-nos
        </h2>
        <p className="mt-2 leading-7 text-gray-300">
          Novas coleções, os bastidores da produção e as fotografias que os nossos clientes partilham: está tudo nas
          nossas redes sociais.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {social ? (
            <a
              href={social.href}
              target="_blank"
              rel="noopener noreferrer"
              className={`${buttonBase} bg-white text-gray-900 hover:bg-gray-100`}
            >
              <social.Icon className="size-5" />
              Siga-nos no {social.label}
              <span className="sr-only"> (abre numa nova janela)</span>
            </a>
          ) : null}
          <Link to="/contato" className={`${buttonBase} border border-white/30 text-white hover:bg-white/10`}>
            Fale connosco
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </section>
    </ContentPage>
  );
}
