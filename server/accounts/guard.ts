import { ForbiddenError, UnauthorizedError } from "../http/errors.ts";
import type { PublicUser } from "./schemas.ts";

/**
 * The one authorization rule of the shop, used by the API hook (server/http/access.ts)
 * and by the admin pages' middleware (app/routes/admin/layout.tsx).
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

/** Throws the typed error that answers 401 or 403. */
export function authorize(access: Access, user: PublicUser | null): void {
  const decision = decide(access, user);
  if (decision === "unauthenticated") throw new UnauthorizedError();
  if (decision === "forbidden") throw new ForbiddenError();
}

/** The admin page routes of spec section 2 ("Protected routes"), as path patterns. */
export const ADMIN_PAGE_PATTERNS: readonly RegExp[] = [
  /^\/dashboard$/,
  /^\/produtos(\/.*)?$/,
  /^\/produto\/(categoria|relatorio)$/,
  /^\/produto\/ver\/[^/]+$/,
  /^\/orders$/,
  /^\/usuarios\/(ver|editar)\/[^/]+$/,
  /^\/usuarios\/create$/,
  /^\/payment-status$/,
  /^\/gestao-stock$/,
  /^\/stock-baixo$/,
];

export function pageAccess(pathname: string): Access {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return ADMIN_PAGE_PATTERNS.some((re) => re.test(path)) ? "admin" : "public";
}

/** Where the login page may send the user back to: only local paths. */
export function safeRedirectTarget(target: string | null | undefined): string | null {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return null;
  return target;
}
