/**
 * A price under an automatic promotion (issue 20 items 2 and 3): the list price struck through, the reduced price,
 * the reduction ('-20 %') and, under them, 'Preço mais baixo nos últimos 30 dias: X €' (Directive 98/6/EC art. 6-A:
 * shown wherever a reduction is). Every amount comes formatted by the server (the shop's euro format), so the
 * browser builds no currency formatter. Screen readers hear which price is which (the struck one is named).
 */

/** What a page or card knows of a product's reduction, formatted ("50,00 €"). */
export interface PriceReduction {
  originalLabel: string;
  percentOff: number;
  lowest30Label: string;
}

export const LOWEST_30_DAYS = "Preço mais baixo nos últimos 30 dias";

/** The reduction of a product as the server found it (euros), formatted for the page. */
export function priceReduction(
  format: (euros: number) => string,
  r: { preco_original?: number; reducao?: number; preco_minimo_30_dias?: number },
): PriceReduction | undefined {
  if (r.preco_original === undefined || r.reducao === undefined || r.preco_minimo_30_dias === undefined)
    return undefined;
  return {
    originalLabel: format(r.preco_original),
    percentOff: r.reducao,
    lowest30Label: format(r.preco_minimo_30_dias),
  };
}

const SIZES = {
  card: { price: "text-base", original: "text-sm", note: "text-xs" },
  page: { price: "text-2xl", original: "text-lg", note: "text-sm" },
} as const;

export function ReducedPrice({
  priceLabel,
  reduction,
  size = "card",
}: {
  priceLabel: string;
  reduction: PriceReduction;
  size?: keyof typeof SIZES;
}) {
  const s = SIZES[size];
  return (
    <div className="min-w-0" data-reduced-price="">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <del className={`${s.original} text-gray-500 tabular-nums`}>
          <span className="sr-only">Preço anterior: </span>
          {reduction.originalLabel}
        </del>
        <span className={`${s.price} font-semibold text-red-700 tabular-nums`}>
          <span className="sr-only">Preço atual: </span>
          {priceLabel}
        </span>
        <span className="rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold whitespace-nowrap text-white">
          <span aria-hidden="true">-{reduction.percentOff}&nbsp;%</span>
          <span className="sr-only">(desconto de {reduction.percentOff}&nbsp;%)</span>
        </span>
      </p>
      <p className={`mt-1 ${s.note} text-gray-600`}>{`${LOWEST_30_DAYS}: ${reduction.lowest30Label}`}</p>
    </div>
  );
}
