import { CircleAlert, CircleCheck, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { apiGet, messageFrom } from "#app/lib/api.ts";
import type { Route } from "./+types/verificar-email";
import { shopNameIn } from "#app/lib/shop.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Verificar email | ${shopNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

/** /verificar-email: how long the verification result shows before the redirect. */
const REDIRECT_DELAY_MS = 3000;

type Result = { ok: boolean; message: string };

// A token can be used once: share one request per token (React's dev double effects).
const requests = new Map<string, Promise<Result>>();

function verify(token: string): Promise<Result> {
  let request = requests.get(token);
  if (!request) {
    request = apiGet(`/api/users/verificar-email?token=${encodeURIComponent(token)}`)
      .then((response) => ({
        ok: response.ok,
        message: messageFrom(response.data) ?? "Erro ao verificar o email.",
      }))
      .catch(() => ({ ok: false, message: "Erro ao verificar o email." }));
    requests.set(token, request);
  }
  return request;
}

export default function VerifyEmail() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get("token")?.trim() ?? "";
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    verify(token).then((r) => {
      if (active) setResult(r);
    });
    return () => {
      active = false;
    };
  }, [token]);

  const outcome: Result | null = token ? result : { ok: false, message: "Token inválido." };

  const done = outcome !== null;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate("/login", { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16 sm:py-24">
      <div className="rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight">Verificação de email</h1>
        <div className="mt-6" aria-live="polite">
          {!outcome ? (
            <div role="status" className="flex flex-col items-center gap-3 text-gray-600">
              <Loader2 className="size-8 animate-spin text-brand-500" aria-hidden="true" />
              <p>A verificar o seu email...</p>
            </div>
          ) : (
            <div className="flex flex-col items-center gap-3">
              {outcome.ok ? (
                <CircleCheck className="size-10 text-green-600" aria-hidden="true" />
              ) : (
                <CircleAlert className="size-10 text-red-600" aria-hidden="true" />
              )}
              <p className={outcome.ok ? "text-green-800" : "text-red-700"}>{outcome.message}</p>
              <p className="text-sm text-gray-500">
                Será redirecionado para a página de{" "}
                <Link
                  to="/login"
                  className="font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700"
                >
                  início de sessão
                </Link>{" "}
                dentro de momentos.
              </p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
