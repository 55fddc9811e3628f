import { type ApiData, ErrorPanel, LoadingState } from "../ui.tsx";
import { PRODUCT_TEXT } from "./product-api.ts";

/**
 * What an admin page about one product (its id from the URL) shows under its header until the
 * product is there: the invalid-id error, the loading state, or the load error with a retry.
 * Render it while `invalidId` or while `product.data` is null.
 */
export function ProductLoadState({ invalidId, product }: { invalidId: boolean; product: ApiData<unknown> }) {
  if (invalidId) return <ErrorPanel message={PRODUCT_TEXT.invalidId} />;
  if (product.loading) return <LoadingState label="Carregando produto..." />;
  return <ErrorPanel message={product.error ?? PRODUCT_TEXT.editLoadError} onRetry={() => void product.reload()} />;
}
