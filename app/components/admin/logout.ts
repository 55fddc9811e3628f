import { redirect } from "react-router";
import { clearUser } from "#app/lib/storage.ts";
import { toast } from "#app/lib/toast.tsx";
import { submitToApi } from "./route-data.tsx";

/**
 * The admin menu's 'Sair' (AdminShell), run by the dashboard's clientAction (intent "logout"; the
 * admin layout has no path of its own to post to): ends the session on the server, forgets the
 * user and the checkout kept in this browser (user, delivery_data, pagamento, pedido_id) even
 * when offline, and goes to the shop's home page.
 */
export async function logOut(): Promise<Response> {
  await submitToApi("/api/users/logout", { method: "POST" });
  clearUser();
  toast.success("Sessão terminada.");
  return redirect("/");
}

/** What AdminShell submits to the dashboard's clientAction. */
export const LOGOUT_ACTION = { action: "/dashboard", intent: "logout" } as const;
