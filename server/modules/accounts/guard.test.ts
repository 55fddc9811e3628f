import { describe, expect, it } from "vitest";
import { decide, landingPage, refusedPageRedirect, safeRedirectTarget } from "./guard.ts";
import type { PublicUser } from "./schemas.ts";

/** The redirect rules of the login page and the admin guard (issue 11, 2.2 and 3.3). */

const cliente: PublicUser = { id: 7, name: "Rita", email: "rita@exemplo.pt", function: "cliente" };
const admin: PublicUser = { id: 1, name: "Ana", email: "ana@exemplo.pt", function: "admin" };

describe("refusedPageRedirect (the admin pages' guard)", () => {
  it("sends a visitor to the login page, which brings them back", () => {
    const decision = decide("admin", null);
    expect(decision).toBe("unauthenticated");
    expect(refusedPageRedirect(decision as "unauthenticated", null, "/usuarios/ver/1?x=1")).toBe(
      "/login?redirect=%2Fusuarios%2Fver%2F1%3Fx%3D1",
    );
  });

  it("sends a signed-in cliente to their own landing page, not back to the login page", () => {
    const decision = decide("admin", cliente);
    expect(decision).toBe("forbidden");
    expect(refusedPageRedirect(decision as "forbidden", cliente, "/dashboard")).toBe(landingPage("cliente"));
    expect(landingPage("cliente")).toBe("/carrinho");
  });

  it("lets an admin through", () => {
    expect(decide("admin", admin)).toBe("allow");
    expect(landingPage("admin")).toBe("/dashboard");
    expect(landingPage("outra")).toBe("/");
  });
});

describe("safeRedirectTarget (the login page's ?redirect=)", () => {
  it.each(["/dashboard", "/produto/12", "/carrinho?x=1#y", "/sobre-nos"])("keeps the local path %s", (target) => {
    expect(safeRedirectTarget(target)).toBe(target);
  });

  it.each([
    null,
    undefined,
    "",
    "dashboard",
    "https://exemplo.com/",
    "//exemplo.com/dashboard",
    "/\\exemplo.com",
    "/\t/exemplo.com",
    "javascript:alert(1)",
    // The login and register pages themselves: the form would stay on screen, spinning.
    "/login",
    "/login?redirect=%2Fdashboard",
    "/LOGIN/",
    "/%6Cogin",
    "/login.data",
    "/register",
    "/%E0%A4%A",
  ])("refuses %j", (target) => {
    expect(safeRedirectTarget(target)).toBeNull();
  });
});
