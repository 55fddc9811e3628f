/** Shapes of the admin stock API (GET/PUT /api/stock/*). */

export interface StockSummary {
  totalProducts: number;
  totalVariants: number;
  totalStock: number;
  /** Products without a unit ('Sem Stock'). */
  outOfStock: number;
  /** Products with a variant of 1 to 10 units ('Stock Baixo'). */
  lowStock: number;
  variantsOutOfStock: number;
  variantsLowStock: number;
  colorsAvailable: number;
  sizesAvailable: number;
}

export interface StockProductItem {
  id: number;
  name: string;
  categoria: string | null;
  totalStock: number;
  variantsCount: number;
  colors: string[];
  sizes: string[];
  isOutOfStock: boolean;
  hasLowStock: boolean;
  /** Variants without a unit. */
  variantsOutOfStock: number;
  status: number;
}

export interface StockVariant {
  id: number;
  color_id: number | null;
  color: string | null;
  color_hex: string | null;
  size: string | null;
  stock: number;
  reserved: number;
}

export interface StockProductDetail {
  id: number;
  name: string;
  description: string | null;
  price: number;
  totalStock: number;
  variantsCount: number;
  lowStockCount: number;
  variants: StockVariant[];
}

export interface LowStockProduct {
  id: number;
  name: string;
  categoria: string | null;
  variantsCount: number;
  totalStock: number;
  minStock: number;
}

export interface StockMovement {
  id: number;
  stockBefore: number;
  stockAfter: number;
  reason: string | null;
  notes: string | null;
  actor: { id: number; name: string } | null;
  orderId: number | null;
  createdAt: string;
}

export interface StockUpdateAnswer {
  success: boolean;
  message: string;
  variant: { id: number; previousStock: number; stock: number };
}

/** Default reasons of spec section 5. */
export const REASON_MANUAL = "Atualização manual";
export const REASON_LOW_STOCK = "Reposição de stock baixo";
export const STOCK_INVALID = "Stock deve ser um número positivo";
export const STOCK_UPDATED = "Stock atualizado com sucesso!";
export const STOCK_UPDATE_FAILED = "Erro ao atualizar stock";

/** "Azul / M", with N/A for a missing colour or size. */
export function variantLabel(v: Pick<StockVariant, "color" | "size">): string {
  return `${v.color ?? "N/A"} / ${v.size ?? "N/A"}`;
}
