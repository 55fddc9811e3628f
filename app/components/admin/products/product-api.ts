/**
 * The product-admin screens' calls and their pt-PT messages (spec sections 7 and 8), so the
 * list, the edit page and the report report failures the same way.
 */
import { apiDelete, apiGet, messageFrom, NetworkError, type ApiResponse } from "#app/lib/api.ts";

export type { ApiColor, ApiProduct, ApiProductListItem, ApiStockDetail, ApiVariant } from "#server/catalog/schemas.ts";

/** Spec section 9: the list polls every 5 s; the edit save gives up after 30 s. */
export const PRODUCT_LIST_REFRESH_MS = 5000;
export const EDIT_SAVE_TIMEOUT_MS = 30_000;
/** Server limits (server/catalog/multipart.ts), checked in the browser first. */
export const MAX_IMAGES = 10;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

export const PRODUCT_TEXT = {
  listLoadError: "Erro ao carregar os produtos",
  listRefreshError: "Erro ao recarregar os produtos",
  noProducts: "Nenhum produto encontrado",
  emptyShop: "Atenção: Loja com 0 produtos!",
  loadingList: "Carregando produtos...",
  deleteConfirm: "Tens a certeza que queres eliminar este Produto?",
  addError: "Erro ao adicionar produto a loja",
  removeError: "Erro ao Retirar o produto da loja",
  inShop: "Produto na Loja",
  outOfShop: "Produto fora da Loja",
  required: "Por favor, preencha todos os campos obrigatórios.",
  imageRequired: "Você precisa adicionar ao menos uma imagem!",
  createError: "Erro ao criar produto",
  editLoadError: "Erro ao carregar os dados do produto.",
  variantRequired: "Por favor, preencha cor e stock.",
  reportDeleteError: "Erro ao excluir o produto",
  invalidId: "ID do produto inválido",
  timeout:
    "O servidor demorou mais de 30 segundos a responder e o pedido foi cancelado. Verifique a ligação e tente novamente.",
  connection: "Erro de conexão com o servidor",
} as const;

/** A positive int32 route parameter, else null. */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** Card stock errors of spec section 8, from an HTTP answer. */
export function stockHttpError(response: ApiResponse): string {
  if (response.status === 404) return "Produto não encontrado";
  if (response.status === 500) return "Erro interno do servidor";
  return `Erro ${response.status}: ${response.statusText || messageFrom(response.data) || "Erro"}`;
}

/** Card stock errors of spec section 8, from a thrown failure. */
export function stockThrownError(error: unknown): string {
  return error instanceof NetworkError ? "Erro de conexão com o servidor" : "Erro inesperado ao carregar dados";
}

/** GET /api/product/stock/{id}: the total stock, or the pt-PT error of the card. */
export async function fetchTotalStock(
  id: number | undefined,
): Promise<{ ok: true; total: number | null } | { ok: false; message: string }> {
  if (!id || !Number.isInteger(id) || id <= 0) return { ok: false, message: "Produto inválido" };
  try {
    const response = await apiGet<{ totalStock?: unknown }>(`/api/product/stock/${id}`);
    if (!response.ok) return { ok: false, message: stockHttpError(response) };
    const total = response.data?.totalStock;
    return { ok: true, total: typeof total === "number" && Number.isFinite(total) ? total : null };
  } catch (error) {
    return { ok: false, message: stockThrownError(error) };
  }
}

/** DELETE /api/product/{id} with every message of spec section 8 'Delete product'. */
export async function deleteProduct(id: number): Promise<{ ok: boolean; message: string }> {
  try {
    const response = await apiDelete<{ success?: boolean; error?: string; message?: string }>(`/api/product/${id}`);
    const data = response.data;
    if (response.ok) {
      if (data && data.success === false) return { ok: false, message: `Erro: ${data.error || "Erro desconhecido"}` };
      return { ok: true, message: "Produto eliminado com sucesso!" };
    }
    if (response.status === 404) return { ok: false, message: "Produto não encontrado ou já foi eliminado" };
    if (response.status === 500) return { ok: false, message: "Erro interno do servidor" };
    const detail = (data && typeof data.error === "string" && data.error) || messageFrom(data) || response.statusText;
    return { ok: false, message: `Erro ${response.status}: ${detail}` };
  } catch (error) {
    if (error instanceof NetworkError) {
      return { ok: false, message: "Erro de conexão. Verifique sua internet e tente novamente." };
    }
    return { ok: false, message: "Erro inesperado ao eliminar produto" };
  }
}

/** The server's message, else `Erro {status}`. */
export function serverError(response: ApiResponse, fallback?: string): string {
  return messageFrom(response.data) ?? fallback ?? `Erro ${response.status}`;
}

/** pt-PT message of a thrown request failure (time-out, no connection, other). */
export function thrownError(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return error.timedOut ? PRODUCT_TEXT.timeout : PRODUCT_TEXT.connection;
  return fallback;
}

/** Creation date in pt-PT with seconds, e.g. 03/05/2025, 14:07:09. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "N/A";
  return date.toLocaleString("pt-PT", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
}

/** "a.jpg, b.jpg" or ["a.jpg"] -> ["a.jpg", "b.jpg"] */
export function imageList(images: string | readonly string[] | null | undefined): string[] {
  if (!images) return [];
  const list = typeof images === "string" ? images.split(",") : images;
  return list.map((s) => s.trim()).filter(Boolean);
}
