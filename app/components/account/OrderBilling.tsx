import type { MyOrderDetail } from "#server/flows/order-views/schemas.ts";

/**
 * /conta/encomendas/:id 'Faturação': whom the invoice is for (the NIF or 'Consumidor final', the name and address it
 * carries: the delivery ones unless others were given).
 */
export function OrderBilling({
  billing,
  className,
  titleClass,
}: {
  billing: MyOrderDetail["faturacao"];
  className: string;
  titleClass: string;
}) {
  return (
    <section aria-labelledby="faturacao" className={className}>
      <h2 id="faturacao" className={titleClass}>
        Faturação
      </h2>
      <p className="mt-3 text-sm text-gray-800">
        {billing.nif ? (
          <>
            NIF: <span className="font-medium text-gray-900 tabular-nums">{billing.nif}</span>
          </>
        ) : (
          <span className="font-medium text-gray-900">Consumidor final</span>
        )}
      </p>
      <address className="mt-1 text-sm leading-6 break-words text-gray-800 not-italic">
        {billing.nome}
        <br />
        {billing.morada}
        <br />
        {billing.codigo_postal} {billing.cidade}
      </address>
      {billing.outros_dados ? null : <p className="mt-2 text-sm text-gray-600">Os dados da entrega.</p>}
    </section>
  );
}
