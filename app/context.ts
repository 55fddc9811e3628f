import { createContext } from "react-router";
import type { Log } from "#server/core/log.ts";
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
  /** The request's logger (the API's logger, with the request id): server-side page errors are logged through it. */
  log: Log;
  /** The domain services; loaders call one function and return. */
  services: Services;
  /** What a page's form action needs of the HTTP request (app/lib/forms/form-action.server.ts, decision 0015). */
  forms: FormContext;
  /**
   * Filled by entry.server's handleError when a loader or action failed because the database
   * was unreachable, so the bridge answers the 503 page even if the database is back by the
   * time the page is rendered (server/http/web.ts).
   */
  failure: { databaseUnavailable: boolean };
}

/** The HTTP side of a page's form: the caller's address, the session and its cookies (server/http/web.ts). */
export interface FormContext {
  /** The caller's address, as the API sees it (rate limits count per address). */
  ip: string;
  /** The signed-in session's token, null for a visitor (a sign-in replaces it, as the API's login does). */
  sessionToken: string | null;
  /** The token a form posted with the browser's session cookie carries in `_csrf`; null without that cookie. */
  csrfToken: string | null;
  /** Set-Cookie values that sign the browser in with this session token: the API's login cookies. */
  signInCookies(token: string): string[];
  /** The account this browser's device cookie was set for (a sign-in before), or null (accounts/login-limits.ts). */
  deviceAccount: number | null;
  /** The Set-Cookie value of a new device cookie for this account, set at each successful sign-in. */
  deviceCookie(userId: number): string;
  /** Set-Cookie values that drop the session cookies (the API's sign-out). */
  signOutCookies(): string[];
}

export const webContext = createContext<WebContext>();
