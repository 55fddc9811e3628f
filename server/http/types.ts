import type { Access } from "#server/modules/accounts/guard.ts";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every API route with its declared access, for the route-table tests. */
    apiRouteTable: readonly ApiRoute[];
  }
  interface FastifyRequest {
    /** The signed-in user, resolved once per request by server/http/access.ts. */
    user: PublicUser | null;
    sessionToken: string | null;
    cspNonce: string;
    /**
     * Set by server/http/access.ts when an unsafe request to a route with `csrfInForm` carried no valid
     * X-CSRF-Token header: the token its form body must carry instead (checked by server/http/web.ts).
     */
    csrfFormToken: string | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every API route must say. */
    access?: Access;
    /** Skip the CSRF token check (only for calls made by third parties, e.g. payment callbacks). */
    csrfExempt?: boolean;
    /**
     * The web pages' catch-all: a form posted without script cannot send the X-CSRF-Token header, so the
     * session-bound token may come in the form's hidden field instead (decision 0015).
     */
    csrfInForm?: boolean;
    /** A public route whose answer is about the caller (e.g. login): answered with Cache-Control: no-store. */
    personal?: boolean;
  }
}
