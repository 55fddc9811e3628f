import { useState } from "react";
import { useFetcher } from "react-router";
import {
  type ActionResult,
  screenErrorBoundary,
  submission,
  submitToApi,
  useFetcherToast,
} from "#app/components/admin/route-data.tsx";
import { PageHeader, useConfirm } from "#app/components/admin/ui.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import { lisbonWallTime } from "#server/modules/promotions/rules.ts";
import { promotionsScreen } from "./promocoes/data.server.ts";
import { bodyFrom, formValuesOf } from "./promocoes/form.ts";
import { PromotionForm } from "./promocoes/PromotionForm.tsx";
import { PromotionsTable } from "./promocoes/PromotionsTable.tsx";
import type { Route } from "./+types/promocoes";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Promoções");

/** The promotions with their figures (paid orders only) and the categories a promotion may be restricted to. */
export async function loader({ context }: Route.LoaderArgs) {
  const screen = await load(() => promotionsScreen(servicesOf(context)));
  return { ...screen, now: lisbonWallTime(new Date()) };
}

type Submission =
  | { intent: "create"; body: object }
  | { intent: "update"; id: number; body: object }
  | { intent: "delete"; id: number };

/** Every change goes to the API (POST, PUT, DELETE /api/promocoes): its validation and messages are the server's. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const change = await submission<Submission>(request);
  if (change.intent === "create") return submitToApi("/api/promocoes", { method: "POST", body: change.body });
  if (change.intent === "update")
    return submitToApi(`/api/promocoes/${change.id}`, { method: "PUT", body: change.body });
  return submitToApi(`/api/promocoes/${change.id}`, { method: "DELETE" });
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar as promoções");

/** /promocoes 'Promoções': discount codes and automatic promotions, with their figures. */
export default function Page({ loaderData: { promotions, categories, now } }: Route.ComponentProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const rowFetcher = useFetcher<ActionResult>();
  const { confirm, dialog } = useConfirm();
  useFetcherToast(rowFetcher, { success: "Promoção atualizada.", failure: "Não foi possível alterar a promoção" });
  const edited = promotions.find((p) => p.id === editing);

  const send = (change: Submission) =>
    void rowFetcher.submit(change as never, { method: "post", encType: "application/json" });

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Promoções"
        description="Códigos de desconto e promoções automáticas. Os resultados contam só encomendas pagas."
      />
      {edited ? (
        <PromotionForm
          key={`edit-${edited.id}`}
          editing={edited.id}
          initial={formValuesOf(edited)}
          categories={categories}
          onDone={() => setEditing(null)}
        />
      ) : (
        <PromotionForm key="new" categories={categories} onDone={() => setEditing(null)} />
      )}
      <section aria-labelledby="promocoes-lista" className="space-y-3">
        <h2 id="promocoes-lista" className="text-lg font-semibold text-gray-900">
          Promoções existentes
        </h2>
        <PromotionsTable
          rows={promotions}
          categories={categories}
          now={now}
          busy={rowFetcher.state !== "idle"}
          onEdit={(p) => {
            setEditing(p.id);
            window.scrollTo({ top: 0, behavior: "smooth" });
          }}
          onToggle={(p) => send({ intent: "update", id: p.id, body: bodyFrom(p, { ativa: !p.ativa }) })}
          onDelete={async (p) => {
            const message =
              p.usos > 0 || p.resultados.encomendas > 0
                ? `A promoção "${p.nome}" já foi usada: será desativada, não eliminada. Continuar?`
                : `Eliminar a promoção "${p.nome}"?`;
            if (await confirm(message, "Eliminar")) send({ intent: "delete", id: p.id });
          }}
        />
      </section>
      {dialog}
    </div>
  );
}
