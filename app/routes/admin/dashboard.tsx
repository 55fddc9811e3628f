import { AlertTriangle, ChevronDown, CreditCard, Package, UserPlus, Warehouse } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { PaymentsPanel } from "#app/components/admin/dashboard/PaymentsPanel.tsx";
import { StockSummaryCards } from "#app/components/admin/dashboard/StockSummaryCards.tsx";
import { UsersTable } from "#app/components/admin/dashboard/UsersTable.tsx";
import { buttonClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import type { Route } from "./+types/dashboard";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Painel de Administração | Loja Admin" },
  { name: "robots", content: "noindex" },
];

const QUICK_LINKS = [
  { to: "/gestao-stock", label: "Gestão de Stock", icon: Warehouse },
  { to: "/stock-baixo", label: "Stock Baixo", icon: AlertTriangle },
  { to: "/produtos", label: "Ver Produtos", icon: Package },
  { to: "/usuarios/create", label: "Criar Utilizador", icon: UserPlus },
] as const;

/** /dashboard (spec section 2): stock summary, quick links, users, and the payments status. */
export default function Page() {
  const [showPayments, setShowPayments] = useState(false);

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
        <StockSummaryCards />
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
        <UsersTable />
      </Panel>

      <Panel>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-gray-900">Pagamentos</h2>
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
          {showPayments ? <PaymentsPanel /> : null}
        </div>
      </Panel>
    </div>
  );
}
