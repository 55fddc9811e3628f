import { type ActionResult, screenErrorBoundary, submission, submitToApi } from "#app/components/admin/route-data.tsx";
import { submitSynonyms, SynonymsEditor } from "#app/components/admin/search/SynonymsEditor.tsx";
import { saveSynonymsAction } from "#app/components/admin/search/synonyms.server.ts";
import {
  SYNONYM_PREFILL_PARAM,
  synonymsTextWith,
  type SynonymsResult,
} from "#app/components/admin/search/synonyms-text.ts";
import { SettingsForm } from "#app/components/admin/settings/SettingsForm.tsx";
import { PageHeader } from "#app/components/admin/ui.tsx";
import { formLoaderData } from "#app/lib/forms/form-action.server.ts";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import type { ShopSettings } from "#server/modules/settings/schemas.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/definicoes";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Definições da loja");

/**
 * /definicoes: the settings as GET /api/settings answers them and the search's synonyms as GET /api/search/sinonimos
 * does (the same service calls); `?sinonimo=texto` starts a new synonym group with that word.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const [settings, synonyms] = await Promise.all([
    load(() => services.settings.get()),
    load(() => services.search.synonyms()),
  ]);
  const prefill = new URL(request.url).searchParams.get(SYNONYM_PREFILL_PARAM);
  return { settings, synonymsText: synonymsTextWith(synonyms, prefill), prefill, ...formLoaderData(context) };
}

/** The synonyms posted without script (the settings form needs its script). */
export function action({ request, context }: Route.ActionArgs) {
  return saveSynonymsAction(request, context);
}

/**
 * With script: the settings form's PUT goes whole to PUT /api/settings (validation and the field errors are the
 * server's); the synonyms form's POST to PUT /api/search/sinonimos.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult | SynonymsResult> {
  if (request.method === "POST") return submitSynonyms(request);
  return submitToApi("/api/settings", { method: "PUT", body: await submission<ShopSettings>(request) });
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar as definições");

/** The shop's identity, delivery prices and IVA, applied to the storefront, checkout and e-mails without a restart. */
export default function Page({ loaderData: { settings, synonymsText, prefill, csrf } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Definições da loja"
        description="Identidade, contactos, entregas e IVA. As alterações aplicam-se de imediato à loja, ao checkout e aos e-mails."
      />
      <SettingsForm settings={settings} />
      <SynonymsEditor text={synonymsText} prefill={prefill} csrf={csrf} />
    </div>
  );
}
