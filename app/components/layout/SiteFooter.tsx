import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ShopIdentity } from "#app/lib/shop.ts";
import { FOOTER_ID } from "./footer-id.ts";
import { PAYMENT_LOGOS } from "./PaymentLogos.tsx";
import { socialLinks } from "./social-links.tsx";

const SITE_LINKS = [
  { to: "/", label: "Início" },
  { to: "/sobre-nos", label: "Sobre Nós" },
  { to: "/contato", label: "Contacto" },
] as const;

const SERVICE_LINKS = [
  { to: "/termos-e-condicoes", label: "Termos e Condições" },
  { to: "/info-envio", label: "Informações de Envio" },
  { to: "/livre-resolucao", label: "Livre resolução" },
  { to: "/politica-privacidade", label: "Política de Privacidade" },
  { to: "/politica-de-cookies", label: "Política de Cookies" },
  { to: "/livro-de-reclamacao", label: "Livro de Reclamações" },
  { to: "/acessibilidade", label: "Acessibilidade" },
] as const;

const linkClass =
  "rounded-sm text-sm text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

function Column({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  const id = `footer-${name}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wide text-gray-900 uppercase">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function LinkList({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <ul className="space-y-3">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClass}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The storefront's footer; who the shop is comes from its settings (the public layout's loader). */
export function SiteFooter({ identity }: { identity: ShopIdentity }) {
  const year = new Date().getFullYear();
  const social = socialLinks(identity);
  return (
    <footer id={FOOTER_ID} className="border-t border-gray-200 bg-gray-50">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <Column name="loja" title={identity.shopName}>
          <LinkList links={SITE_LINKS} />
        </Column>

        <Column name="apoio" title="Apoio ao Cliente">
          <LinkList links={SERVICE_LINKS} />
        </Column>

        <Column name="siga-nos" title="Siga-nos">
          <ul className="flex gap-3">
            {social.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} (abre numa nova janela)`}
                  title={label}
                  className="grid size-10 place-items-center rounded-full border border-gray-300 bg-white text-gray-700 transition-colors hover:border-brand-500 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </Column>

        <Column name="pagamentos" title="Pagamentos Aceites">
          <ul className="flex flex-wrap gap-2">
            {PAYMENT_LOGOS.map(({ label, Logo }) => (
              <li key={label}>
                <Logo />
              </li>
            ))}
          </ul>
        </Column>
      </div>
      <div className="border-t border-gray-200">
        <div className="mx-auto max-w-7xl space-y-1 px-4 py-6 text-center text-sm text-gray-600 sm:px-6 lg:px-8">
          <p>{`© ${year} ${identity.shopName}. Todos os direitos reservados.`}</p>
          <p>
            {`${identity.legalName} · NIPC ${identity.nipc} · ${identity.address}, ${identity.postalCode} ${identity.city}`}
          </p>
        </div>
      </div>
    </footer>
  );
}
