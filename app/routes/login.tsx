import { Eye, EyeOff, Loader2 } from "lucide-react";
import { useRef, useState } from "react";
import { Link, replace, useFetcher } from "react-router";
import { landingPage, safeRedirectTarget } from "#server/modules/accounts/rules.ts";
import { accountInputClass, EmailField } from "#app/components/account/PasswordParts.tsx";
import { signInAction } from "#app/components/account/sign-in.server.ts";
import { CsrfField } from "#app/lib/forms/CsrfField.tsx";
import { formLoaderData } from "#app/lib/forms/form-action.server.ts";
import { failure, type FormResult } from "#app/lib/forms/form-result.ts";
import { useFormFeedback } from "#app/lib/forms/use-form-feedback.ts";
import { toast } from "#app/lib/toast.tsx";
import { apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { type StoredUser, writeUser } from "#app/lib/storage.ts";
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

type Field = "email" | "password";
const FIELDS: readonly Field[] = ["email", "password"];

export function loader({ context }: Route.LoaderArgs) {
  return formLoaderData(context);
}

/** Without script: the same sign-in as POST /users/login, its cookies, then the page to go to (decision 0015). */
export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context);
}

/** With script: POST /users/login (the spec's call); the user is kept in the browser and the page changes. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<FormResult<Field> | Response> {
  // Read from the form, not from React state: what a shopper typed before the page hydrated counts too.
  const fields = await request.formData();
  const email = String(fields.get("email") ?? "");
  const password = String(fields.get("password") ?? "");
  try {
    const response = await apiPost<LoginResponse>("/users/login", { email, password });
    const user = response.data?.user;
    if (response.status === 200 && user) {
      writeUser(user);
      toast.success("Login bem-sucedido!");
      // A page the role may not open is refused by its guard, which sends the user to landingPage().
      const redirect = new URL(request.url).searchParams.get("redirect");
      return replace(safeRedirectTarget(redirect) ?? landingPage(user.function));
    }
    return failure(fields, messageFrom(response.data) ?? "Credenciais inválidas");
  } catch (cause) {
    return failure(
      fields,
      cause instanceof NetworkError ? "Erro de rede: não foi possível conectar ao servidor." : "Credenciais inválidas",
    );
  }
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const shopName = useShop().identity.shopName;
  const [showPassword, setShowPassword] = useState(false);
  const fetcher = useFetcher<FormResult<Field>>();
  const formRef = useRef<HTMLFormElement>(null);
  const { shown, busy, typed } = useFormFeedback(fetcher, { fields: FIELDS, formRef });
  // A new attempt hides the last one's message.
  const error = !busy && shown && !shown.ok ? shown.message : null;

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

          <fetcher.Form ref={formRef} method="post" noValidate className="mt-8 space-y-5">
            <CsrfField token={loaderData.csrf} />
            <EmailField id="login-email" defaultValue={typed.email} />
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
              disabled={busy}
              className="flex w-full items-center justify-center gap-2 rounded-lg bg-gray-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {busy && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
              Entrar
            </button>
          </fetcher.Form>

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
