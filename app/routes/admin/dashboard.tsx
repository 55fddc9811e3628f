import { AlertTriangle, ChevronDown, CreditCard, Package, UserPlus, Warehouse } from "lucide-react";
import { useState } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import type { z } from "zod";
import type { verifyAllResponse } from "#server/modules/payments/schemas.ts";
import { loadCustomerOrder, loadPaymentsPage } from "#app/components/admin/dashboard/payments.server.ts";
import { CUSTOMER_PARAM, PAYMENTS_PAGE_PARAM, PaymentsPanel } from "#app/components/admin/dashboard/PaymentsPanel.tsx";
import { StockSummaryCards } from "#app/components/admin/dashboard/StockSummaryCards.tsx";
import { loadUsersPage } from "#app/components/admin/dashboard/users.server.ts";
import { USERS_PAGE_PARAM, UsersTable } from "#app/components/admin/dashboard/UsersTable.tsx";
import { logOut } from "#app/components/admin/logout.ts";
import { pageParam } from "#app/components/admin/Pagination.tsx";
import { loadZeroResults } from "#app/components/admin/search/zero-results.server.ts";
import { ZeroResultsPanel } from "#app/components/admin/search/ZeroResultsPanel.tsx";
import { type ActionResult, screenErrorBoundary, submission, submitToApi } from "#app/components/admin/route-data.tsx";
import { buttonClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/dashboard";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Painel de Administração");

/** The stock summary, a page of users, a page of payments and the customer modal's order, read as the API reads them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const [summary, users, payments, customer, openExceptions, zeroResults] = await Promise.all([
    load(() => servicesOf(context).stock.summary()),
    loadUsersPage(context, request, pageParam(params, USERS_PAGE_PARAM)),
    loadPaymentsPage(context, pageParam(params, PAYMENTS_PAGE_PARAM)),
    loadCustomerOrder(context, params.get(CUSTOMER_PARAM)),
    load(() => servicesOf(context).payments.exceptions.countOpen()),
    loadZeroResults(context, params),
  ]);
  return { summary, users, payments, customer, openExceptions, zeroResults };
}

/** Closing the customer modal changes nothing else on screen: no need to read everything again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || nextUrl.searchParams.has(CUSTOMER_PARAM))
    return defaultShouldRevalidate;
  const before = new URLSearchParams(currentUrl.searchParams);
  before.delete(CUSTOMER_PARAM);
  return before.toString() === nextUrl.searchParams.toString() ? false : defaultShouldRevalidate;
}

type DashboardChange = { intent: "delete-user"; id: number } | { intent: "verify-all" } | { intent: "logout" };
type VerifyAllAnswer = z.infer<typeof verifyAllResponse>;

/** 'Verificar Todos': the results go to the browser's console, the toast says so. */
async function verifyAllPayments(): Promise<ActionResult> {
  const result = await submitToApi<VerifyAllAnswer>("/api/payments/verify-all", { method: "GET" });
  if (!result.ok || !result.data.success) return { ...result, ok: false };
  console.log("Resultados da verificação de pagamentos:", result.data.resultados);
  // The screen's own text, not the server's count.
  return { ...result, message: null };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const change = await submission<DashboardChange>(request);
  switch (change.intent) {
    case "delete-user":
      return submitToApi(`/api/users/${change.id}`, { method: "DELETE" });
    case "verify-all":
      return verifyAllPayments();
    case "logout":
      return logOut();
  }
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar o painel de administração");

const QUICK_LINKS = [
  { to: "/gestao-stock", label: "Gestão de Stock", icon: Warehouse },
  { to: "/stock-baixo", label: "Stock Baixo", icon: AlertTriangle },
  { to: "/produtos", label: "Ver Produtos", icon: Package },
  { to: "/usuarios/create", label: "Criar Utilizador", icon: UserPlus },
] as const;

/** /dashboard: stock summary, quick links, users, and the payments status. */
export default function Page({
  loaderData: { summary, users, payments, customer, openExceptions, zeroResults },
}: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  // A link to a page of payments or to a customer opens the section.
  const [showPayments, setShowPayments] = useState(
    () => searchParams.has(PAYMENTS_PAGE_PARAM) || searchParams.has(CUSTOMER_PARAM),
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Painel de Administração"
        description="Resumo do stock, utilizadores e estado dos pagamentos."
      />

      <section aria-labelledby="resumo-stock" className="space-y-3">
        <h2 id="resumo-stock" className="sr-only">
          Resumo do stock
        </h2>
        <StockSummaryCards summary={summary} />
        <nav aria-label="Atalhos" className="grid grid-cols-2 gap-2 lg:flex lg:flex-wrap">
          {QUICK_LINKS.map(({ to, label, icon: Icon }) => (
            <Link key={to} to={to} className={buttonClass.secondary}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Link>
          ))}
        </nav>
      </section>

      <Panel title="Utilizadores">
        <UsersTable users={users} />
      </Panel>

      <Panel>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-gray-900">Pagamentos</h2>
            {openExceptions > 0 ? (
              // Payments that arrived but could not be applied wait on /payment-status ('Exceções de pagamento').
              <Link
                to="/payment-status"
                className="inline-flex items-center gap-1 rounded-full bg-yellow-100 px-2.5 py-0.5 text-xs font-semibold text-yellow-900 underline-offset-2 hover:underline"
              >
                <AlertTriangle aria-hidden="true" className="size-3.5" />
                {openExceptions === 1 ? "1 exceção de pagamento" : `${openExceptions} exceções de pagamento`}
              </Link>
            ) : null}
          </div>
          <button
            type="button"
            className={showPayments ? buttonClass.secondary : buttonClass.primary}
            aria-expanded={showPayments}
            aria-controls="status-pagamentos"
            onClick={() => setShowPayments((v) => !v)}
          >
            <CreditCard aria-hidden="true" className="size-4" />
            Status Pagamentos
            <ChevronDown
              aria-hidden="true"
              className={`size-4 transition-transform ${showPayments ? "rotate-180" : ""}`}
            />
          </button>
        </div>
        <div id="status-pagamentos" hidden={!showPayments} className="mt-4">
          {showPayments ? <PaymentsPanel payments={payments} customer={customer} /> : null}
        </div>
      </Panel>

      <ZeroResultsPanel zeroResults={zeroResults} />
    </div>
  );
}
