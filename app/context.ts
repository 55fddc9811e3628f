import { createContext } from "react-router";
import type { PublicUser } from "../server/accounts/schemas.ts";
import type { Services } from "../server/services.ts";

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
}

export const webContext = createContext<WebContext>();
