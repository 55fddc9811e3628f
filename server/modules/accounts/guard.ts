import type { PublicUser } from "./schemas.ts";

/**
 * The one authorization rule of the shop, used by the API hook (server/http/access.ts)
 * and by the admin pages' middleware (app/routes/admin/layout.tsx). No server imports: the
 * login page uses the redirect rules below in the browser.
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

/** The page each role lands on after signing in (/login). */
export function landingPage(role: string): string {
  if (role === "cliente") return "/carrinho";
  if (role === "admin") return "/dashboard";
  return "/";
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

/**
 * Where the login page may send the user back to: only a path of this site, and never the
 * login or register page itself (the form would stay on screen, waiting). Pages the role may
 * not open are refused by their guard, which sends the user to their landing page.
 */
export function safeRedirectTarget(target: string | null | undefined): string | null {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return null;
  // Browsers drop tabs and newlines from URLs: "/\t/host" would become "//host".
  if ([...target].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let pathname: string;
  try {
    // Decoded, as the router matches it ("/%6Cogin" is the login page too).
    pathname = decodeURIComponent(new URL(target, "http://loja.invalid").pathname);
  } catch {
    return null;
  }
  if (/^\/(login|register)(\/|\.data)?$/i.test(pathname)) return null;
  return target;
}
