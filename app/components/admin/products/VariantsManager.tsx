import { Loader2, Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.tsx";
import { apiDelete, apiPost, messageFrom } from "#app/lib/api.ts";
import {
  Badge,
  buttonClass,
  EmptyState,
  ErrorPanel,
  inputClass,
  labelClass,
  LoadingState,
  Panel,
  stockLevel,
  useApiData,
  useConfirm,
} from "../ui.tsx";
import { ResponsiveTable } from "../ResponsiveTable.tsx";
import { PRODUCT_TEXT, thrownError, type ApiColor, type ApiStockDetail } from "./product-api.ts";

type Variant = ApiStockDetail["variants"][number];

const colorOf = (v: Variant) => v.color_name ?? v.color ?? "N/A";
const sizeOf = (v: Variant) => v.size_name ?? v.size ?? v.sizes ?? "N/A";

function colorCell(v: Variant) {
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

/**
 * Variants of one product on its edit page (spec sections 2, 5 and 8): the list from
 * GET /api/product/stockdetalhe/{id}, adding a colour (+ optional size) with its stock, and
 * deleting with confirmation. Failures show the server's error.
 */
export function VariantsManager({ productId }: { productId: number }) {
  const detail = useApiData<ApiStockDetail>(`/api/product/stockdetalhe/${productId}`, "Erro ao carregar as variantes.");
  const colors = useApiData<ApiColor[]>("/api/product/cores", "Erro ao carregar as cores.");
  const sizes = useApiData<Array<{ id: number; name: string }>>(
    "/api/product/tamanhos",
    "Erro ao carregar os tamanhos.",
  );
  const { confirm, dialog } = useConfirm();
  const [colorId, setColorId] = useState("");
  const [sizeId, setSizeId] = useState("");
  const [stock, setStock] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!colorId || stock.trim() === "") {
      setFormError(PRODUCT_TEXT.variantRequired);
      return;
    }
    const amount = Number(stock);
    if (!Number.isInteger(amount) || amount < 0) {
      setFormError("Stock deve ser um número positivo");
      return;
    }
    if (amount > MAX_STOCK) {
      setFormError(`O stock não pode ser superior a ${MAX_STOCK.toLocaleString("pt-PT")}.`);
      return;
    }
    setFormError(null);
    setAdding(true);
    try {
      const body: Record<string, number> = { product_id: productId, color_id: Number(colorId), stock: amount };
      if (sizeId) body.size_id = Number(sizeId);
      const response = await apiPost("/api/product/createVariants", body);
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? "Variante criada com sucesso!");
        setColorId("");
        setSizeId("");
        setStock("");
        await detail.reload();
      } else {
        const message = messageFrom(response.data) ?? `Erro ${response.status}`;
        setFormError(message);
        toast.error(message);
      }
    } catch (error) {
      const message = thrownError(error, "Erro ao criar a variante.");
      setFormError(message);
      toast.error(message);
    } finally {
      setAdding(false);
    }
  };

  const remove = async (variantId: number, label: string) => {
    if (!(await confirm(`Tens a certeza que queres eliminar a variante ${label}?`, "Eliminar"))) return;
    setDeleting(variantId);
    try {
      const response = await apiDelete(`/api/product/variant/${variantId}`);
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? "Variante eliminada com sucesso!");
        await detail.reload();
      } else {
        toast.error(messageFrom(response.data) ?? `Erro ${response.status}`);
      }
    } catch (error) {
      toast.error(thrownError(error, "Erro ao eliminar a variante."));
    } finally {
      setDeleting(null);
    }
  };

  const variants = detail.data?.variants ?? [];

  return (
    <Panel title="Variantes (cor e stock)">
      {dialog}
      <form
        onSubmit={(e) => void add(e)}
        noValidate
        className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-end"
      >
        <div>
          <label htmlFor="variant-color" className={labelClass}>
            Cor{" "}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </label>
          <select
            id="variant-color"
            value={colorId}
            onChange={(e) => setColorId(e.target.value)}
            className={inputClass}
            aria-describedby={formError ? "variant-error" : undefined}
          >
            <option value="">{colors.loading && !colors.data ? "Carregando..." : "Escolha uma cor"}</option>
            {(colors.data ?? []).map((c) => (
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
          <select id="variant-size" value={sizeId} onChange={(e) => setSizeId(e.target.value)} className={inputClass}>
            <option value="">Sem tamanho</option>
            {(sizes.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="variant-stock" className={labelClass}>
            Stock{" "}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </label>
          <input
            id="variant-stock"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={stock}
            onChange={(e) => setStock(e.target.value)}
            className={inputClass}
            aria-describedby={formError ? "variant-error" : undefined}
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
        {formError && (
          <p id="variant-error" role="alert" className="text-sm font-medium text-red-700 sm:col-span-4">
            {formError}
          </p>
        )}
        {colors.error && <p className="text-sm text-red-700 sm:col-span-4">{colors.error}</p>}
      </form>

      <div className="mt-6">
        {detail.loading && !detail.data ? (
          <LoadingState label="Carregando variantes..." />
        ) : detail.error && !detail.data ? (
          <ErrorPanel message={detail.error} onRetry={() => void detail.reload()} />
        ) : variants.length === 0 ? (
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
                  disabled={deleting === v.id}
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
