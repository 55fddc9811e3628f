import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ProductSafety as Safety } from "#server/modules/catalog/safety/rules.ts";
import { useShop } from "#app/lib/shop.ts";
import { focusRing } from "./ProductCard.tsx";
import { contactHref, effectiveSafety } from "./product-safety.ts";

/*
 * The product page's 'Informação de segurança' (GPSR, Regulation (EU) 2023/988, art. 19): the manufacturer with
 * its postal and electronic address, the EU responsible person when the manufacturer is outside the EU, what
 * identifies the product and its warnings; and the 3-year legal guarantee (DL 84/2021). Manufacturer values the
 * product leaves empty are the shop's identity (/definicoes).
 */

const linkClass = `${focusRing} rounded-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600 [overflow-wrap:anywhere]`;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="font-medium text-gray-900">{term}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere] text-gray-700">{children}</dd>
    </div>
  );
}

export function ProductSafety({ safety }: { safety: Safety | undefined }) {
  const { identity } = useShop();
  const s = effectiveSafety(safety, identity);
  const href = contactHref(s.manufacturer.contact);
  const { typeModel, batch, ean } = s.identifiers;

  return (
    <section aria-labelledby="informacao-seguranca" className="rounded-lg border border-gray-200 p-4 text-sm sm:p-5">
      <h2 id="informacao-seguranca" className="flex items-center gap-2 text-base font-semibold text-gray-900">
        <ShieldCheck aria-hidden="true" className="size-5 text-brand-600" />
        Informação de segurança
      </h2>
      <dl className="mt-3 space-y-2">
        <Row term="Fabricante">{s.manufacturer.name}</Row>
        <Row term="Morada">{s.manufacturer.address}</Row>
        <Row term="Contacto">
          {href ? (
            <a
              href={href}
              className={linkClass}
              {...(href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            >
              {s.manufacturer.contact}
            </a>
          ) : (
            s.manufacturer.contact
          )}
        </Row>
        {s.responsible && (
          <Row term="Responsável na UE">
            {s.responsible.name}
            {s.responsible.address && (
              <>
                <br />
                {s.responsible.address}
              </>
            )}
          </Row>
        )}
        {typeModel && <Row term="Tipo / modelo">{typeModel}</Row>}
        {batch && <Row term="Lote">{batch}</Row>}
        {ean && (
          <Row term="EAN">
            <span className="tabular-nums">{ean}</span>
          </Row>
        )}
        {s.warnings && (
          <Row term="Avisos">
            <span className="whitespace-pre-line">{s.warnings}</span>
          </Row>
        )}
      </dl>
      <p className="mt-4 border-t border-gray-200 pt-3 text-gray-700">
        <strong className="font-semibold text-gray-900">Garantia legal de 3 anos</strong> a contar da entrega
        (Decreto-Lei n.º 84/2021).{" "}
        <Link to="/termos-e-condicoes#garantia" className={linkClass}>
          Saber mais sobre a garantia
        </Link>
      </p>
    </section>
  );
}
