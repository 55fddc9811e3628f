import type { VatBreakdownView } from "#server/modules/tax/vat-view.ts";
import { formatEuros } from "#app/lib/format.ts";

/**
 * 'IVA incluído': the order's IVA per rate (and exemption code), base, IVA and total, delivery noted in its rate's
 * row; the figures come from the server's vatBreakdown() of the stored lines (the e-mail and the invoice show the
 * same). Used by the shopper's order page and the admin's. Small text and wrapping labels keep it within 375 px.
 */
export function VatBreakdownTable({ iva, className = "" }: { iva: VatBreakdownView; className?: string }) {
  const num = "py-1 pl-2 text-right tabular-nums whitespace-nowrap";
  return (
    <table className={`w-full text-xs text-gray-700 sm:text-sm ${className}`} data-vat-breakdown>
      <caption className="pb-1 text-left text-sm font-medium text-gray-900">IVA incluído</caption>
      <thead>
        <tr className="border-b border-gray-200 text-gray-600">
          <th scope="col" className="py-1 text-left font-medium">
            Taxa
          </th>
          <th scope="col" className={`${num} font-medium`}>
            Base
          </th>
          <th scope="col" className={`${num} font-medium`}>
            IVA
          </th>
          <th scope="col" className={`${num} font-medium`}>
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {iva.grupos.map((g) => (
          <tr key={`${g.taxa_bp}-${g.codigo_isencao ?? ""}`} data-vat-group={g.rotulo}>
            <th scope="row" className="py-1 text-left font-normal">
              {g.rotulo}
              {g.inclui_portes ? <span className="block text-gray-500">inclui portes</span> : null}
            </th>
            <td className={num}>{formatEuros(g.base)}</td>
            <td className={num}>{formatEuros(g.iva)}</td>
            <td className={num}>{formatEuros(g.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t border-gray-200 font-medium text-gray-900">
          <th scope="row" className="py-1 text-left">
            Total
          </th>
          <td className={num}>{formatEuros(iva.base)}</td>
          <td className={num}>{formatEuros(iva.iva)}</td>
          <td className={num}>{formatEuros(iva.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
