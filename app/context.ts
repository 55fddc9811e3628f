import { createContext } from "react-router";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import type { Services } from "#server/services.ts";

/**
 * What the Fastify server hands to every loader, action and middleware.
 * The key object is exported from entry.server so that the server fills the very
 * instance the route modules read (see server/http/web.ts).
 */
export interface WebContext {
  user: PublicUser | null;
  /** Per-request CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  publicUrl: string;
  /** The domain services; loaders call one function and return. */
  services: Services;
  /**
   * Filled by entry.server's handleError when a loader or action failed because the database
   * was unreachable, so the bridge answers the 503 page even if the database is back by the
   * time the page is rendered (server/http/web.ts).
   */
  failure: { databaseUnavailable: boolean };
}

export const webContext = createContext<WebContext>();
