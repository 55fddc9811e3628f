import { Eye, EyeOff, Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { landingPage, safeRedirectTarget } from "#server/modules/accounts/guard.ts";
import { accountInputClass, EmailField } from "#app/components/account/PasswordParts.tsx";
import { toast } from "#app/lib/toast.tsx";
import { apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { type StoredUser, useHydrated, writeUser } from "#app/lib/storage.ts";
import type { Route } from "./+types/login";
import { shopNameIn, useShop } from "#app/lib/shop.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Entrar | ${shopNameIn(matches)}` },
  { name: "description", content: `Inicie sessão na sua conta ${shopNameIn(matches)} para finalizar as suas compras.` },
];

const SLOGAN = "Beleza, identidade e estilo — escolhidos a pensar em si.";

interface LoginResponse {
  success: boolean;
  message: string;
  user: StoredUser;
}

const inputClass = accountInputClass;

export default function Login() {
  const shopName = useShop().identity.shopName;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    // Read from the form, not from React state: what a shopper typed before the page hydrated counts too.
    const fields = new FormData(event.currentTarget);
    const email = String(fields.get("email") ?? "");
    const password = String(fields.get("password") ?? "");
    setSubmitting(true);
    setError(null);
    try {
      const response = await apiPost<LoginResponse>("/users/login", { email, password });
      const user = response.data?.user;
      if (response.status === 200 && user) {
        writeUser(user);
        toast.success("Login bem-sucedido!");
        // A page the role may not open is refused by its guard, which sends the user to landingPage().
        const target = safeRedirectTarget(searchParams.get("redirect")) ?? landingPage(user.function);
        await navigate(target, { replace: true });
        // Still here (the navigation ended on this page): the form must not keep spinning.
        setSubmitting(false);
        return;
      }
      setError(messageFrom(response.data) ?? "Credenciais inválidas");
    } catch (cause) {
      setError(
        cause instanceof NetworkError
          ? "Erro de rede: não foi possível conectar ao servidor."
          : "Credenciais inválidas",
      );
    }
    setSubmitting(false);
  }

  return (
    <div className="mx-auto flex max-w-5xl items-center px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
      <div className="grid w-full overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm md:grid-cols-2">
        <div className="flex flex-col justify-between gap-6 bg-gray-900 p-8 text-white sm:p-10">
          <div>
            <p className="text-sm font-semibold tracking-widest text-brand-100 uppercase">{shopName}</p>
            <p className="mt-4 text-2xl leading-snug font-semibold sm:text-3xl">{SLOGAN}</p>
          </div>
          <p className="hidden text-sm text-gray-300 md:block">
            Pagamentos seguros com MB WAY, Multibanco e Payshop. Envios para Portugal continental e ilhas.
          </p>
        </div>

        <div className="p-8 sm:p-10">
          <h1 className="text-2xl font-bold tracking-tight">Entrar</h1>
          <p className="mt-1 text-sm text-gray-600">Aceda à sua conta para continuar.</p>

          <form onSubmit={onSubmit} noValidate className="mt-8 space-y-5">
            <EmailField id="login-email" />
            <div>
              <label htmlFor="login-password" className="mb-1.5 block text-sm font-medium text-gray-800">
                Palavra-passe
              </label>
              <div className="relative">
                <input
                  id="login-password"
                  name="password"
                  type={showPassword ? "text" : "password"}
                  autoComplete="current-password"
                  className={`${inputClass} pr-11`}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((v) => !v)}
                  aria-label={showPassword ? "Ocultar palavra-passe" : "Mostrar palavra-passe"}
                  aria-pressed={showPassword}
                  className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500"
                >
                  {showPassword ? (
                    <EyeOff className="size-5" aria-hidden="true" />
                  ) : (
                    <Eye className="size-5" aria-hidden="true" />
                  )}
                </button>
              </div>
              <p className="mt-2 text-right text-sm">
                <Link
                  to="/recuperar-palavra-passe"
                  className="font-medium text-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                >
                  Esqueceu-se da palavra-passe?
                </Link>
              </p>
            </div>

            {error && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-700">
                {error}
              </p>
            )}

            <button
              type="submit"
              // Until the page is interactive a click would submit the bare form (passwords in the URL).
              disabled={submitting || !hydrated}
              className="flex w-full items-center justify-center gap-2 rounded-lg bg-gray-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {submitting && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
              Entrar
            </button>
          </form>

          <p className="mt-6 text-center text-sm text-gray-600">
            Ainda não tem conta?{" "}
            <Link
              to="/register"
              className="font-semibold text-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              Criar conta
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
