import { serializeJsonLd } from "#app/lib/seo.ts";
import { useNonce } from "#app/nonce.tsx";

/**
 * schema.org structured data. A data block (type application/ld+json), never executed, so the
 * CSP does not apply to it; it carries the request's nonce anyway. The JSON is escaped so that
 * no value (a product name with "</script>") can close the element.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // The nonce exists only in the server render (browsers also hide its value from the DOM).
      suppressHydrationWarning
      // Escaped by serializeJsonLd: "<", ">" and "&" are \u escapes.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
