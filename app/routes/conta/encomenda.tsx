import { ArrowLeft, ExternalLink, Truck } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { MyOrderDetail } from "#server/flows/order-views/schemas.ts";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { orderNotFound, shopperOf, shopperPage } from "#app/components/account/OrderGuard.server.ts";
import { InvoiceLink } from "#app/components/account/InvoiceLink.tsx";
import { OrderBilling } from "#app/components/account/OrderBilling.tsx";
import { OrderLines } from "#app/components/account/OrderLines.tsx";
import { formatOrderDate, formatOrderDateTime, OrderStatusBadge } from "#app/components/account/OrderParts.tsx";
import { OrderTimeline } from "#app/components/account/OrderTimeline.tsx";
import { WithdrawalPanel } from "#app/components/account/WithdrawalPanel.tsx";
import { PaymentInstructions } from "#app/components/payment/PaymentInstructions.tsx";
import { load } from "#app/lib/route-data.server.ts";
import type { Route } from "./+types/encomenda";

/**
 * One of the shopper's orders /conta/encomendas/:id: status and timeline, the payment instructions while it waits
 * for payment, the tracking link once shipped, the withdrawal ('Livre resolução') once delivered, lines with totals,
 * delivery and billing data. Signed-in accounts only; another account's order is 'Encomenda não encontrada.' like an
 * unknown one (the service reads by owner).
 */

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Encomenda n.º ${params.id} | Loja` },
  { name: "robots", content: "noindex" },
];

export const middleware: Route.MiddlewareFunction[] = [shopperPage];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { user, services } = shopperOf(context);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (id < 1) throw orderNotFound();
  const order = await load(() => services.myOrders.get(user.id, id));
  // 'Fatura' once issued (the invoicing domain reads by owner too).
  const invoice = await load(() => services.invoicing.shopperInvoice(user.id, id));
  return { order, invoice };
}

const card = "rounded-2xl border border-gray-200 bg-white p-5 sm:p-6";
const h2 = "text-lg font-semibold text-gray-900";

export default function Encomenda({ loaderData }: Route.ComponentProps) {
  const { order, invoice } = loaderData;
  const pagamento = order.payment.pagamento;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <BackToAccount />
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Encomenda n.º {order.id}</h1>
        <OrderStatusBadge status={order.status} label={order.status_label} />
      </div>
      <p className="mt-1 text-sm text-gray-600">
        Feita a <time dateTime={order.created_at}>{formatOrderDateTime(order.created_at)}</time>
      </p>

      {order.tracking ? <Tracking tracking={order.tracking} /> : null}

      <div className="mt-6 empty:hidden">
        <WithdrawalPanel order={order} />
      </div>

      {pagamento ? (
        <section aria-labelledby="pagamento" className="mt-6">
          <h2 id="pagamento" className={h2}>
            Pagamento por fazer
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            A encomenda é preparada assim que o pagamento for confirmado. Use estes dados:
          </p>
          <div className="mt-3">
            <PaymentInstructions payment={pagamento} headingId="metodo-pagamento" />
          </div>
        </section>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
        <div className="space-y-6">
          <section aria-labelledby="estado" className={card}>
            <h2 id="estado" className={h2}>
              Estado da encomenda
            </h2>
            <OrderTimeline steps={order.timeline} />
          </section>
          <section aria-labelledby="artigos" className={card}>
            <h2 id="artigos" className={h2}>
              Artigos
            </h2>
            <OrderLines order={order} />
          </section>
        </div>
        <div className="space-y-6">
          <section aria-labelledby="entrega" className={card}>
            <h2 id="entrega" className={h2}>
              Entrega
            </h2>
            <address className="mt-3 text-sm leading-6 break-words text-gray-800 not-italic">
              <span className="font-medium text-gray-900">{order.dados_entrega.nome}</span>
              <br />
              {order.dados_entrega.morada}
              <br />
              {order.dados_entrega.codigo_postal} {order.dados_entrega.cidade}
              <br />
              Telefone: {order.dados_entrega.telefone}
            </address>
            {order.dados_entrega.entrega_rapida ? (
              <p className="mt-2 text-sm text-gray-600">Entrega rápida (dia útil seguinte)</p>
            ) : null}
          </section>
          <OrderBilling billing={order.faturacao} className={card} titleClass={h2} />
          <section aria-labelledby="pagamento-resumo" className={card}>
            <h2 id="pagamento-resumo" className={h2}>
              Pagamento
            </h2>
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-gray-600">Método</dt>
                <dd className="font-medium text-gray-900">{order.payment.method_label}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-gray-600">Estado</dt>
                <dd className="text-right font-medium text-gray-900">{paymentText(order)}</dd>
              </div>
              {order.payment.paid_at ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-gray-600">Data</dt>
                  <dd className="text-right text-gray-900">
                    <time dateTime={order.payment.paid_at}>{formatOrderDateTime(order.payment.paid_at)}</time>
                  </dd>
                </div>
              ) : null}
              <InvoiceLink invoice={invoice} />
            </dl>
          </section>
        </div>
      </div>
    </div>
  );
}

function paymentText(order: MyOrderDetail): string {
  const { payment, status } = order;
  if (payment.paid_at) return "Pago";
  if (status === "pending_payment") return "A aguardar pagamento";
  if (status === "cancelled") return "Não pago (encomenda cancelada)";
  if (payment.status === "failed") return "Pagamento falhado";
  return "Pagamento expirado";
}

function Tracking({ tracking }: { tracking: NonNullable<MyOrderDetail["tracking"]> }) {
  return (
    <section aria-labelledby="envio" className="mt-6 rounded-2xl border border-violet-200 bg-violet-50 p-5 sm:p-6">
      <div className="flex gap-3">
        <Truck className="mt-0.5 size-6 shrink-0 text-violet-700" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="envio" className={h2}>
            {tracking.delivered_at ? "Encomenda entregue" : "A sua encomenda está a caminho"}
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            {tracking.shipped_at ? <>Enviada a {formatOrderDate(tracking.shipped_at)}</> : "Enviada"}
            {tracking.carrier_label ? <> com {tracking.carrier_label}</> : null}
            {tracking.delivered_at ? <>; entregue a {formatOrderDate(tracking.delivered_at)}</> : null}.
          </p>
          {tracking.tracking_number ? (
            <p className="mt-1 text-sm break-words text-gray-700">
              Número de seguimento:{" "}
              <span className="inline-block font-mono font-semibold break-all">{tracking.tracking_number}</span>
            </p>
          ) : null}
          {tracking.tracking_url ? (
            <a
              href={tracking.tracking_url}
              target="_blank"
              rel="noopener noreferrer"
              className={`${focusRing} mt-4 inline-flex items-center gap-2 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700`}
            >
              Seguir a encomenda
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">(abre noutra janela)</span>
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function BackToAccount() {
  return (
    <Link
      to="/conta"
      className={`${focusRing} inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-gray-700 hover:text-gray-900`}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      As minhas encomendas
    </Link>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "Não foi possível mostrar a encomenda. Tente novamente dentro de momentos.";
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">
        {notFound ? "Encomenda não encontrada" : "Algo correu mal"}
      </h1>
      <p className="text-gray-600">{notFound ? "Esta encomenda não existe nesta conta." : message}</p>
      <BackToAccount />
    </div>
  );
}
