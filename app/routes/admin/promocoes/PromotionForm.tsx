import { Save, TicketPercent } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { useFetcher } from "react-router";
import { Field, fieldInputClass, SubmitButton, TextField } from "#app/components/admin/dashboard/fields.tsx";
import { type ActionResult, useFetcherToast } from "#app/components/admin/route-data.tsx";
import { buttonClass, inputClass, labelClass, Panel } from "#app/components/admin/ui.tsx";
import { PROMOTION_KIND_LABELS, PROMOTION_KINDS } from "#server/modules/promotions/rules.ts";
import { bodyOf, EMPTY_PROMOTION, promotionResolver, type PromotionFormValues } from "./form.ts";

/**
 * The create / edit form of 'Promoções': react-hook-form checked with the API's zod schema (form.ts), submitted
 * through a fetcher to the route's clientAction (POST or PUT /api/promocoes). Automatic promotions hide what only
 * a code has (minimum, uses, combining); free delivery is only for codes.
 */
export function PromotionForm({
  editing,
  initial = EMPTY_PROMOTION,
  categories,
  onDone,
}: {
  /** The id of the promotion being edited; none: a new one. */
  editing?: number;
  initial?: PromotionFormValues;
  categories: Array<{ id: number; name: string }>;
  onDone: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const form = useForm<PromotionFormValues>({ resolver: promotionResolver, defaultValues: initial });
  const { register, handleSubmit, control, reset, formState } = form;
  const errors = formState.errors;
  const automatic = useWatch({ control, name: "automatica" });
  const kind = useWatch({ control, name: "tipo" });
  const saving = fetcher.state !== "idle";

  useFetcherToast(fetcher, {
    success: editing ? "Promoção guardada." : "Promoção criada.",
    failure: editing ? "Não foi possível guardar a promoção" : "Não foi possível criar a promoção",
    onDone: () => {
      reset(EMPTY_PROMOTION);
      onDone();
    },
  });

  const submit = handleSubmit((values) => {
    const payload = { intent: editing ? "update" : "create", id: editing ?? null, body: bodyOf(values) };
    void fetcher.submit(payload, { method: "post", encType: "application/json" });
  });

  return (
    <Panel title={editing ? "Editar promoção" : "Nova promoção"}>
      <form
        onSubmit={submit}
        noValidate
        className="space-y-5"
        aria-label={editing ? "Editar promoção" : "Nova promoção"}
      >
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Nome"
            placeholder="Ex.: Black Friday"
            error={errors.nome?.message}
            registration={register("nome")}
          />
          <Field label="Aplicação">
            {(props) => (
              <select
                {...props}
                className={inputClass}
                {...register("automatica", { setValueAs: (v) => v === true || v === "true" })}
              >
                <option value="false">Código de desconto</option>
                <option value="true">Automática (sem código)</option>
              </select>
            )}
          </Field>
          {automatic ? null : (
            <TextField
              label="Código"
              placeholder="Ex.: NATAL10"
              autoComplete="off"
              error={errors.codigo?.message}
              registration={register("codigo")}
            />
          )}
          <Field label="Tipo de desconto" error={errors.tipo?.message}>
            {(props) => (
              <select {...props} className={fieldInputClass(inputClass, !!errors.tipo)} {...register("tipo")}>
                {PROMOTION_KINDS.map((k) => (
                  <option key={k} value={k} disabled={automatic && k === "portes_gratis"}>
                    {PROMOTION_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {kind === "portes_gratis" ? null : (
            <TextField
              label={kind === "percentagem" ? "Percentagem (%)" : "Valor (€)"}
              inputMode="decimal"
              placeholder={kind === "percentagem" ? "Ex.: 10" : "Ex.: 5,00"}
              error={errors.valor?.message}
              registration={register("valor")}
            />
          )}
          {automatic ? null : (
            <TextField
              label="Mínimo de compras (€, opcional)"
              inputMode="decimal"
              placeholder="Ex.: 25,00"
              error={errors.minimo?.message}
              registration={register("minimo")}
            />
          )}
          <Field label="Início (hora de Lisboa, opcional)" error={errors.inicio?.message}>
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                className={fieldInputClass(inputClass, !!errors.inicio)}
                {...register("inicio")}
              />
            )}
          </Field>
          <Field label="Fim (hora de Lisboa, opcional)" error={errors.fim?.message}>
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                className={fieldInputClass(inputClass, !!errors.fim)}
                {...register("fim")}
              />
            )}
          </Field>
          {automatic ? null : (
            <>
              <TextField
                label="Usos no total (opcional)"
                inputMode="numeric"
                error={errors.usos_max?.message}
                registration={register("usos_max")}
              />
              <TextField
                label="Usos por cliente (opcional)"
                inputMode="numeric"
                error={errors.usos_por_cliente?.message}
                registration={register("usos_por_cliente")}
              />
            </>
          )}
        </div>

        <fieldset>
          <legend className={labelClass}>Categorias (nenhuma escolhida: todas)</legend>
          {categories.length === 0 ? (
            <p className="text-sm text-gray-700">Ainda não existem categorias.</p>
          ) : (
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {categories.map((c) => (
                <label key={c.id} className="flex items-center gap-2 text-sm text-gray-900">
                  <input
                    type="checkbox"
                    value={String(c.id)}
                    className="size-4 rounded border-gray-400"
                    {...register("categorias")}
                  />
                  {c.name}
                </label>
              ))}
            </div>
          )}
          {errors.categorias?.message ? <p className="mt-1 text-sm text-red-700">{errors.categorias.message}</p> : null}
        </fieldset>

        <Field
          label="Produtos (números separados por vírgulas; nenhum: todos)"
          hint="O número de cada produto está em 'Ver Produtos'."
          error={errors.produtos?.message}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              inputMode="numeric"
              placeholder="Ex.: 12, 31"
              className={fieldInputClass(inputClass, !!errors.produtos)}
              {...register("produtos")}
            />
          )}
        </Field>

        <div className="flex flex-col gap-2">
          {automatic ? null : (
            <label className="flex items-center gap-2 text-sm text-gray-900">
              <input type="checkbox" className="size-4 rounded border-gray-400" {...register("acumulavel")} />
              Acumula com promoções automáticas
            </label>
          )}
          <label className="flex items-center gap-2 text-sm text-gray-900">
            <input type="checkbox" className="size-4 rounded border-gray-400" {...register("ativa")} />
            Ativa
          </label>
        </div>

        <div className="flex flex-wrap gap-2">
          <SubmitButton icon={editing ? Save : TicketPercent} busy={saving}>
            {editing ? "Guardar alterações" : "Criar promoção"}
          </SubmitButton>
          {editing ? (
            <button type="button" className={buttonClass.secondary} onClick={onDone}>
              Cancelar edição
            </button>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}
