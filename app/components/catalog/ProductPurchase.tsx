import { Check, CircleAlert, Info, Minus, Plus, ShoppingCart } from "lucide-react";
import { useEffectEvent, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useHydrated } from "#app/lib/storage.ts";
import { toast } from "#app/lib/toast.tsx";
import { addToCart } from "./cart.ts";
import { focusRing } from "./ProductCard.tsx";
import { colourOptions, defaultColour, findVariant, stockOf, type PageVariant } from "./variants.ts";

/** The product page's add-to-cart texts, verbatim from the product spec. */
export const ADD_TO_CART_MESSAGES = {
  noProduct: "Por favor, selecione um produto.",
  noSize: "Por favor, selecione um tamanho.",
  badQuantity: "Por favor, insira uma quantidade válida.",
  added: "Produto adicionado ao carrinho!",
} as const;
const M = ADD_TO_CART_MESSAGES;

/** "Últimas unidades" hint at or below this stock. */
const FEW_LEFT = 5;

export interface PurchaseProduct {
  id: number;
  name: string;
  price: number;
  /** Main picture file name (stored in the cart line). */
  image: string;
}

interface Props {
  product: PurchaseProduct | null;
  sizes: readonly string[];
  variants: readonly PageVariant[];
}

/** A pill-shaped radio: the native input, transparent, covers its styled label text and takes the taps. */
const pillInput =
  "peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed";
const pillFocus =
  "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500";

/**
 * Colour, size and quantity choice plus 'Adicionar ao Carrinho'. Give it `key={product.id}`:
 * another product of the model starts with no size chosen.
 *
 * The choices are native radios and a number field in the server's HTML, so a tap made before
 * hydration changes them; on mount the component adopts what the DOM holds (decision 0008).
 * 'Adicionar ao Carrinho' stays disabled until hydration (a native submit would reload the page).
 */
export function ProductPurchase({ product, sizes, variants }: Props) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const colours = useMemo(() => colourOptions(variants), [variants]);
  const totalStock = variants.reduce((sum, v) => sum + Math.max(0, v.stock), 0);
  const soldOut = totalStock === 0;

  const [colour, setColour] = useState<string | null>(() => defaultColour(colours));
  // A single size (e.g. "Único") is chosen from the start.
  const [size, setSize] = useState<string | null>(() => (sizes.length === 1 ? sizes[0]! : null));
  const [quantity, setQuantity] = useState("1");
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<{ text: string; full?: boolean } | null>(null);

  // What the shopper chose before hydration is in the DOM (React kept it while hydrating): adopted once, on the
  // first render in the browser (an effect event reads the current choice without re-running on each change).
  const adoptDomChoices = useEffectEvent(() => {
    const form = formRef.current;
    if (!form) return;
    const checked = (name: string) =>
      form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? null;
    const domColour = checked("cor");
    const domSize = checked("tamanho");
    const nextColour = domColour !== null && colours.some((c) => c.name === domColour) ? domColour : colour;
    if (nextColour !== colour) setColour(nextColour);
    if (domSize !== null && sizes.includes(domSize) && stockOf(variants, nextColour, domSize) > 0) setSize(domSize);
    else if (nextColour !== colour && size && stockOf(variants, nextColour, size) === 0)
      setSize(sizes.length === 1 ? size : null);
    const domQuantity = form.querySelector<HTMLInputElement>('input[name="quantidade"]')?.value;
    if (domQuantity !== undefined && domQuantity !== quantity) setQuantity(domQuantity);
  });
  useLayoutEffect(() => adoptDomChoices(), []);

  const variant = size ? findVariant(variants, colour, size) : undefined;
  const available = size ? stockOf(variants, colour, size) : 0;
  const maxQuantity = size && available > 0 ? available : undefined;

  function fail(message: string) {
    setError(message);
    setAdded(null);
    toast.error(message);
  }

  function chooseColour(name: string) {
    setColour(name);
    setAdded(null);
    // The chosen size may not exist in stock in the new colour.
    if (size && stockOf(variants, name, size) === 0) setSize(sizes.length === 1 ? size : null);
    setError(null);
  }

  function chooseSize(name: string) {
    setSize(name);
    setAdded(null);
    setError(null);
    const stock = stockOf(variants, colour, name);
    const q = Number(quantity);
    if (Number.isInteger(q) && q > stock && stock > 0) setQuantity(String(stock));
  }

  function step(delta: number) {
    const current = Number.isInteger(Number(quantity)) ? Number(quantity) : 1;
    const next = Math.max(1, Math.min(current + delta, maxQuantity ?? Number.MAX_SAFE_INTEGER));
    setQuantity(String(next));
    setError(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!product || !Number.isInteger(product.id) || product.id <= 0) return fail(M.noProduct);
    if (!size) return fail(M.noSize);
    const text = quantity.trim();
    const q = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(q) || q < 1) return fail(M.badQuantity);
    if (!variant || available < 1) return fail("Este tamanho está esgotado. Escolha outro tamanho.");
    if (q > available) {
      return fail(
        available === 1 ? "Só resta 1 unidade deste tamanho." : `Só restam ${available} unidades deste tamanho.`,
      );
    }

    const result = addToCart(
      {
        id: product.id,
        name: product.name,
        image: product.image,
        price: product.price,
        cor: variant.color ?? colour ?? "",
        tamanho: size,
        quantidade: q,
        variant_id: variant.id,
      },
      available,
    );
    setError(null);
    if (result.kind === "full") {
      const message = `Já tem no carrinho todas as unidades disponíveis (${result.quantidade}).`;
      setAdded({ text: message, full: true });
      toast.info(message, { action: { label: "Ver carrinho", onClick: () => navigate("/carrinho") } });
      return;
    }
    const note =
      result.kind === "merged" && result.capped
        ? `Quantidade no carrinho ajustada ao stock disponível (${result.quantidade}).`
        : undefined;
    setAdded({ text: note ?? M.added });
    toast.success(M.added, {
      description: note,
      action: { label: "Ver carrinho", onClick: () => navigate("/carrinho") },
    });
  }

  const errorId = `${ids}-erro`;
  const quantityId = `${ids}-quantidade`;

  return (
    <form
      method="post"
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="space-y-6"
      aria-describedby={error ? errorId : undefined}
    >
      {colours.length > 1 && (
        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">
            Cor: <span className="font-normal text-gray-700">{colour ?? "—"}</span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {colours.map((c) => {
              const selected = c.name === colour;
              const none = c.stock === 0;
              return (
                <label
                  key={c.name}
                  title={none ? `${c.name} (esgotado)` : c.name}
                  className="relative has-[:disabled]:cursor-not-allowed"
                >
                  <input
                    type="radio"
                    name="cor"
                    value={c.name}
                    checked={selected}
                    disabled={none}
                    onChange={() => chooseColour(c.name)}
                    className={pillInput}
                  />
                  <span
                    className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 transition peer-checked:border-gray-900 peer-checked:bg-gray-900 peer-checked:text-white peer-disabled:cursor-not-allowed peer-disabled:border-gray-200 peer-disabled:bg-gray-50 peer-disabled:text-gray-400 peer-disabled:line-through hover:border-gray-500 ${pillFocus}`}
                  >
                    <span
                      aria-hidden="true"
                      className="size-4 rounded-full border border-black/15"
                      style={{ backgroundColor: c.hex ?? "#e5e7eb" }}
                    />
                    {c.name}
                    {none && <span className="sr-only"> (esgotado)</span>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {colours.length === 1 && (
        <p className="text-sm font-semibold text-gray-900">
          Cor: <span className="font-normal text-gray-700">{colours[0]!.name}</span>
        </p>
      )}

      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">Tamanho</legend>
        {sizes.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">Sem tamanhos disponíveis.</p>
        ) : (
          <div className="mt-2 flex flex-wrap gap-2">
            {sizes.map((name) => {
              const stock = stockOf(variants, colour, name);
              const selected = name === size;
              return (
                <label
                  key={name}
                  title={stock === 0 ? `${name} (esgotado)` : name}
                  className="relative has-[:disabled]:cursor-not-allowed"
                >
                  <input
                    type="radio"
                    name="tamanho"
                    value={name}
                    checked={selected}
                    disabled={stock === 0}
                    onChange={() => chooseSize(name)}
                    className={pillInput}
                  />
                  <span
                    className={`grid min-h-11 min-w-12 cursor-pointer place-items-center rounded-lg border border-gray-300 bg-white px-4 text-sm font-semibold text-gray-900 transition peer-checked:border-gray-900 peer-checked:bg-gray-900 peer-checked:text-white peer-disabled:cursor-not-allowed peer-disabled:border-gray-200 peer-disabled:bg-gray-50 peer-disabled:font-normal peer-disabled:text-gray-400 peer-disabled:line-through hover:border-gray-900 ${pillFocus}`}
                  >
                    {name}
                    {stock === 0 && <span className="sr-only"> (esgotado)</span>}
                  </span>
                </label>
              );
            })}
          </div>
        )}
        {soldOut ? (
          <p className="mt-2 inline-flex items-center rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-700">
            Esgotado
          </p>
        ) : (
          size &&
          available > 0 &&
          available <= FEW_LEFT && (
            <p className="mt-2 text-sm font-medium text-amber-700">
              {available === 1 ? "Última unidade disponível!" : `Últimas ${available} unidades disponíveis!`}
            </p>
          )
        )}
      </fieldset>

      <div>
        <label htmlFor={quantityId} className="text-sm font-semibold text-gray-900">
          Quantidade
        </label>
        <div className="mt-2 flex w-fit items-stretch overflow-hidden rounded-lg border border-gray-300">
          <button
            type="button"
            onClick={() => step(-1)}
            aria-label="Diminuir quantidade"
            className={`grid w-11 place-items-center text-gray-700 hover:bg-gray-100 ${focusRing}`}
          >
            <Minus className="size-4" aria-hidden="true" />
          </button>
          <input
            id={quantityId}
            name="quantidade"
            type="number"
            inputMode="numeric"
            min={1}
            max={maxQuantity}
            step={1}
            value={quantity}
            onChange={(event) => {
              setQuantity(event.target.value);
              setError(null);
            }}
            aria-invalid={error === M.badQuantity || undefined}
            aria-describedby={error ? errorId : undefined}
            className="h-11 w-16 [appearance:textfield] border-x border-gray-300 text-center text-base font-semibold tabular-nums focus:outline-2 focus:-outline-offset-2 focus:outline-brand-500 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
          />
          <button
            type="button"
            onClick={() => step(1)}
            aria-label="Aumentar quantidade"
            className={`grid w-11 place-items-center text-gray-700 hover:bg-gray-100 ${focusRing}`}
          >
            <Plus className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>

      <div className="space-y-3">
        <button
          type="submit"
          disabled={soldOut || !hydrated}
          className={`inline-flex w-full items-center justify-center gap-2 rounded-lg bg-gray-900 px-6 py-3.5 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-600 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600 sm:w-auto ${focusRing}`}
        >
          <ShoppingCart className="size-5" aria-hidden="true" />
          {soldOut ? "Esgotado" : "Adicionar ao Carrinho"}
        </button>

        <div aria-live="polite">
          {error && (
            <p id={errorId} role="alert" className="flex items-start gap-2 text-sm font-medium text-red-700">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {error}
            </p>
          )}
          {added && !error && (
            <p
              className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium ${
                added.full ? "text-amber-700" : "text-green-700"
              }`}
            >
              {added.full ? (
                <Info className="size-4 shrink-0" aria-hidden="true" />
              ) : (
                <Check className="size-4 shrink-0" aria-hidden="true" />
              )}
              {added.text}
              <Link to="/carrinho" className={`rounded-sm font-semibold text-gray-900 underline ${focusRing}`}>
                Ver carrinho
              </Link>
            </p>
          )}
        </div>
      </div>
    </form>
  );
}
