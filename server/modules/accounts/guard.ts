import { landingPage } from "./rules.ts";
import type { PublicUser } from "./schemas.ts";

// The sign-in rules live with the forms' rules (browser-safe); re-exported for the server's imports.
export { landingPage, safeRedirectTarget } from "./rules.ts";

/**
 * The one authorization rule of the shop, used by the API hook (server/http/access.ts)
 * and by the admin pages' middleware (app/routes/admin/layout.tsx). No server imports.
 *
 * - public: anyone
 * - user: any signed-in account (cliente or admin)
 * - admin: function = admin
 */
export type Access = "public" | "user" | "admin";

export type Decision = "allow" | "unauthenticated" | "forbidden";

export function decide(access: Access, user: PublicUser | null): Decision {
  if (access === "public") return "allow";
  if (!user) return "unauthenticated";
  if (access === "admin" && user.function !== "admin") return "forbidden";
  return "allow";
}

/**
 * Where a page the user may not open sends them: visitors to the login page (which brings them
 * back), signed-in users to their role's own landing page (logging in again would not help).
 */
export function refusedPageRedirect(
  decision: Exclude<Decision, "allow">,
  user: PublicUser | null,
  requested: string,
): string {
  if (decision === "forbidden" && user) return landingPage(user.function);
  return `/login?redirect=${encodeURIComponent(requested)}`;
}
