import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { orderAction, type OrderIntent } from "#app/components/admin/order/actions.ts";
import { HistoryPanel, NotesPanel } from "#app/components/admin/order/History.tsx";
import { InvoicePanel } from "#app/components/admin/order/InvoicePanel.tsx";
import { loadOrderDetail, loadOrderReturns } from "#app/components/admin/order/order.server.ts";
import { OrderActions } from "#app/components/admin/order/OrderActions.tsx";
import { ReturnsPanel } from "#app/components/admin/order/ReturnsPanel.tsx";
import {
  BillingPanel,
  CustomerPanel,
  DeliveryPanel,
  LinesPanel,
  PaymentPanel,
  TotalsPanel,
} from "#app/components/admin/order/sections.tsx";
import { screenErrorBoundary, submission } from "#app/components/admin/route-data.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { buttonClass, PageHeader } from "#app/components/admin/ui.tsx";
import { formatShopDateTime } from "#app/lib/format.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/order";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Encomenda #${params.id}`);

/** /orders/:id: GET /api/orders/:id/detail's read (an unknown id: the screen's 404 message). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const order = await loadOrderDetail(context, params.id);
  // 'Documentos fiscais': the same read as GET /api/orders/:id/invoices.
  const documents = await load(() => servicesOf(context).invoicing.documents(order.id));
  return { order, documents, returns: await loadOrderReturns(context, params.id) };
}

/** A fulfilment step, an internal note or the refund marked done, sent to the API (components/admin/order/actions.ts). */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  return orderAction(params.id, await submission<OrderIntent>(request));
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar a encomenda");

/**
 * The admin's order page: who bought what, where it goes, how it was paid, everything that happened to
 * it, the team's notes and the steps it may take now. Two columns from lg, one below.
 */
export default function Page({ loaderData: { order, documents, returns } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={`Encomenda #${order.id}`}
        description={`Criada a ${formatShopDateTime(order.created_at)}`}
        actions={
          <Link to="/payment-status" className={buttonClass.secondary}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Voltar
          </Link>
        }
      />
      <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-6">
        <div className="min-w-0 space-y-4 lg:order-2 lg:space-y-6">
          <OrderActions order={order} />
          <CustomerPanel order={order} />
          <DeliveryPanel order={order} />
          <BillingPanel order={order} />
        </div>
        <div className="min-w-0 space-y-4 lg:order-1 lg:space-y-6">
          <LinesPanel order={order} />
          <TotalsPanel order={order} />
          <PaymentPanel order={order} />
          <InvoicePanel order={order} documents={documents} />
          <ReturnsPanel data={returns} />
          <HistoryPanel order={order} />
          <NotesPanel order={order} />
        </div>
      </div>
    </div>
  );
}
