import { type ActionResult, screenErrorBoundary, submission, submitToApi } from "#app/components/admin/route-data.tsx";
import { SettingsForm } from "#app/components/admin/settings/SettingsForm.tsx";
import { PageHeader } from "#app/components/admin/ui.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import type { ShopSettings } from "#server/modules/settings/schemas.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/definicoes";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Definições da loja");

/** /definicoes: the settings as GET /api/settings answers them (the same service call). */
export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await load(() => servicesOf(context).settings.get()) };
}

/** The whole form, sent to PUT /api/settings (validation and the field errors are the server's). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  return submitToApi("/api/settings", { method: "PUT", body: await submission<ShopSettings>(request) });
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar as definições");

/** The shop's identity, delivery prices and IVA, applied to the storefront, checkout and e-mails without a restart. */
export default function Page({ loaderData: { settings } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Definições da loja"
        description="Identidade, contactos, entregas e IVA. As alterações aplicam-se de imediato à loja, ao checkout e aos e-mails."
      />
      <SettingsForm settings={settings} />
    </div>
  );
}
