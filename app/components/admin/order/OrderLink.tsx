/** A link to the admin order page (/orders/:id) from the payments tables (/payment-status, the dashboard). */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { focusRing } from "#app/components/admin/ui.tsx";

export function OrderLink({ line, children }: { line: { id: number }; children: ReactNode }) {
  return (
    <Link
      to={`/orders/${line.id}`}
      className={`${focusRing} rounded break-all text-blue-800 underline underline-offset-2 hover:text-blue-900`}
    >
      {children}
      <span className="sr-only"> (abrir a encomenda #{line.id})</span>
    </Link>
  );
}
