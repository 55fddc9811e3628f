/**
 * The product-admin screens' constants and pt-PT messages (the catalogue's errors of the admin),
 * so the grid, the edit pages and the report word failures the same way.
 */
import { messageFrom } from "#app/lib/api.ts";
import { formatShopDateTime } from "#app/lib/format.ts";
import type { ActionResult } from "#app/components/admin/route-data.tsx";

export type {
  ApiColor,
  ApiProduct,
  ApiProductListItem,
  ApiStockDetail,
  ApiVariant,
} from "#server/modules/catalog/schemas.ts";

/** The products grid refreshes every 5 s; the edit save gives up after 30 s. */
export const PRODUCT_LIST_REFRESH_MS = 5000;
export const EDIT_SAVE_TIMEOUT_MS = 30_000;
/** Server limits (server/modules/catalog/multipart.ts), checked in the browser first. */
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

/** A positive int32 route parameter, else null (the product page's rule). */
export { parseProductId } from "#server/modules/catalog/rules.ts";

/** A grid card's stock: GET /api/product/stock/{id}'s total (null when it is not a number), or the card's error. */
export type CardStock = { total: number | null } | { error: string };

/** The card's stock error for an answer of `status` (the grid's 'Stock' badge). */
export function cardStockError(status: number, detail: string | null): string {
  if (status === 404) return "Produto não encontrado";
  if (status === 500) return "Erro interno do servidor";
  return `Erro ${status}: ${detail || "Erro"}`;
}

/** The pt-PT message of DELETE /api/product/{id}'s answer (the grid's and the report's 'Eliminar'). */
export function deleteMessage(result: ActionResult): string {
  const data = result.data as { success?: boolean; error?: unknown } | null;
  if (result.ok) {
    if (data && data.success === false)
      return `Erro: ${typeof data.error === "string" ? data.error : "Erro desconhecido"}`;
    return "Produto eliminado com sucesso!";
  }
  if (result.status === 0) return "Erro de conexão. Verifique sua internet e tente novamente.";
  if (result.status === 404) return "Produto não encontrado ou já foi eliminado";
  if (result.status === 500) return "Erro interno do servidor";
  return `Erro ${result.status}: ${messageFrom(data) ?? "Erro inesperado ao eliminar produto"}`;
}

/** Creation date in pt-PT with seconds, Lisbon time, e.g. 03/05/2025, 14:07:09. */
export function formatDateTime(iso: string): string {
  return formatShopDateTime(iso, "N/A");
}

/** "a.jpg, b.jpg" or ["a.jpg"] -> ["a.jpg", "b.jpg"] */
export function imageList(images: string | readonly string[] | null | undefined): string[] {
  if (!images) return [];
  const list = typeof images === "string" ? images.split(",") : images;
  return list.map((s) => s.trim()).filter(Boolean);
}
