import { Loader2, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import type { ApiColor, ApiVariant } from "#server/modules/catalog/schemas.ts";
import type { ActionResult } from "#app/components/admin/route-data.tsx";
import { ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import {
  Badge,
  buttonClass,
  EmptyState,
  inputClass,
  labelClass,
  Panel,
  stockLevel,
  useConfirm,
} from "#app/components/admin/ui.tsx";
import { useActionResult, type VariantChange } from "./product-actions.ts";
import { PRODUCT_TEXT } from "./product-api.ts";
import { FieldLabel } from "./ProductFields.tsx";

const colorOf = (v: ApiVariant) => v.color_name ?? v.color ?? "N/A";
const sizeOf = (v: ApiVariant) => v.size_name ?? v.size ?? v.sizes ?? "N/A";

function colorCell(v: ApiVariant) {
  return (
    <span className="inline-flex items-center gap-2">
      {v.color_hex && (
        <span
          aria-hidden="true"
          className="size-3.5 shrink-0 rounded-full border border-gray-300"
          style={{ backgroundColor: v.color_hex }}
        />
      )}
      {colorOf(v)}
    </span>
  );
}

const MAX_STOCK = 1_000_000;

/** The message of a failed variant change: the server's, else 'Erro {status}'. */
const failureOf = (result: ActionResult) => result.message ?? `Erro ${result.status}`;

/**
 * The variants of one product on /produtos/editar/{id}: the list (GET /api/product/stockdetalhe/{id},
 * from the page's loader), adding a colour (+ optional size) with its stock, and deleting with
 * confirmation. Both go to the page's clientAction through fetchers; failures show the server's error.
 */
export function VariantsManager({
  productId,
  variants,
  colors,
  sizes,
}: {
  productId: number;
  variants: ApiVariant[];
  colors: ApiColor[];
  sizes: ReadonlyArray<{ id: number; name: string }>;
}) {
  const { confirm, dialog } = useConfirm();
  const adder = useFetcher<ActionResult>();
  const remover = useFetcher<ActionResult>();
  // The fields are uncontrolled and read when adding: a choice made before hydration is kept (decision 0008).
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);

  useActionResult(adder, (result) => {
    if (!result.ok) return toast.error(failureOf(result));
    toast.success(result.message ?? "Variante criada com sucesso!");
    formRef.current?.reset();
  });
  useActionResult(remover, (result) => {
    if (result.ok) toast.success(result.message ?? "Variante eliminada com sucesso!");
    else toast.error(failureOf(result));
  });

  const adding = adder.state !== "idle";
  const addFailure = adder.state === "idle" && adder.data && !adder.data.ok ? failureOf(adder.data) : null;
  const shownError = formError ?? addFailure;
  const deleting = remover.state !== "idle" ? (remover.json as VariantChange | undefined) : undefined;

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const colorId = String(fields.get("color_id") ?? "");
    const sizeId = String(fields.get("size_id") ?? "");
    const stock = String(fields.get("stock") ?? "");
    const amount = Number(stock);
    if (!colorId || stock.trim() === "") setFormError(PRODUCT_TEXT.variantRequired);
    else if (!Number.isInteger(amount) || amount < 0) setFormError("Stock deve ser um número positivo");
    else if (amount > MAX_STOCK) setFormError(`O stock não pode ser superior a ${MAX_STOCK.toLocaleString("pt-PT")}.`);
    else {
      setFormError(null);
      const variant = { product_id: productId, color_id: Number(colorId), stock: amount };
      const change: VariantChange = {
        intent: "create-variant",
        variant: sizeId ? { ...variant, size_id: Number(sizeId) } : variant,
      };
      void adder.submit(change, { method: "post", encType: "application/json" });
    }
  };

  const remove = async (variantId: number, label: string) => {
    if (!(await confirm(`Tens a certeza que queres eliminar a variante ${label}?`, "Eliminar"))) return;
    const change: VariantChange = { intent: "delete-variant", id: variantId };
    void remover.submit(change, { method: "post", encType: "application/json" });
  };

  return (
    <Panel title="Variantes (cor e stock)">
      {dialog}
      <form
        method="post"
        ref={formRef}
        onSubmit={add}
        noValidate
        className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-end"
      >
        <div>
          <FieldLabel htmlFor="variant-color" required>
            Cor
          </FieldLabel>
          <select
            id="variant-color"
            name="color_id"
            defaultValue=""
            className={inputClass}
            aria-describedby={shownError ? "variant-error" : undefined}
          >
            <option value="">Escolha uma cor</option>
            {colors.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="variant-size" className={labelClass}>
            Tamanho (opcional)
          </label>
          <select id="variant-size" name="size_id" defaultValue="" className={inputClass}>
            <option value="">Sem tamanho</option>
            {sizes.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <FieldLabel htmlFor="variant-stock" required>
            Stock
          </FieldLabel>
          <input
            id="variant-stock"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            name="stock"
            defaultValue=""
            className={inputClass}
            aria-describedby={shownError ? "variant-error" : undefined}
          />
        </div>
        <button type="submit" disabled={adding} className={buttonClass.success}>
          {adding ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          Adicionar Variante
        </button>
        {shownError && (
          <p id="variant-error" role="alert" className="text-sm font-medium text-red-700 sm:col-span-4">
            {shownError}
          </p>
        )}
      </form>

      <div className="mt-6">
        {variants.length === 0 ? (
          <EmptyState message="Este produto ainda não tem variantes." />
        ) : (
          <ResponsiveTable
            label="Variantes do produto"
            tableFrom="lg"
            rows={variants}
            rowKey={(v) => String(v.id)}
            cardTitle={(v) => (
              <>
                <h3 className="text-base font-semibold text-gray-900">{colorCell(v)}</h3>
                <Badge className={stockLevel(v.stock).className}>{stockLevel(v.stock).label}</Badge>
              </>
            )}
            columns={[
              { id: "color", header: "Cor", width: "w-[26%]", inCardTitle: true, cell: colorCell },
              { id: "size", header: "Tamanho", width: "w-[18%]", cell: sizeOf },
              { id: "stock", header: "Stock", width: "w-[14%]", className: "tabular-nums", cell: (v) => v.stock },
              {
                id: "state",
                header: "Estado",
                width: "w-[18%]",
                inCardTitle: true,
                cell: (v) => <Badge className={stockLevel(v.stock).className}>{stockLevel(v.stock).label}</Badge>,
              },
            ]}
            actionsWidth="w-[24%]"
            actions={(v) => {
              const color = colorOf(v);
              const size = sizeOf(v);
              return (
                <button
                  type="button"
                  disabled={deleting?.intent === "delete-variant" && deleting.id === v.id}
                  onClick={() => void remove(v.id, size === "N/A" ? color : `${color} / ${size}`)}
                  aria-label={`Eliminar variante ${color}${size === "N/A" ? "" : ` ${size}`}`}
                  className={`${buttonClass.danger} px-3 py-1.5`}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Eliminar
                </button>
              );
            }}
          />
        )}
      </div>
    </Panel>
  );
}
