import { Eye, EyeOff, Loader2 } from "lucide-react";
import { useRef, useState } from "react";
import { Link, replace, useFetcher, useSearchParams } from "react-router";
import { landingPage, safeRedirectTarget } from "#server/modules/accounts/rules.ts";
import { SEND_SIGN_IN_LINK, TOO_MANY_ATTEMPTS } from "#server/modules/accounts/rules.ts";
import { accountInputClass, EmailField, linkClass, Notice } from "#app/components/account/PasswordParts.tsx";
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

/** The signed-in user kept in the browser, then the page the shopper came from or the role's landing page. */
function enter(request: Request, user: StoredUser): Response {
  writeUser(user);
  toast.success("Login bem-sucedido!");
  // A page the role may not open is refused by its guard, which sends the user to landingPage().
  const redirect = new URL(request.url).searchParams.get("redirect");
  return replace(safeRedirectTarget(redirect) ?? landingPage(user.function));
}

const NETWORK = "Erro de rede: não foi possível conectar ao servidor.";

/** 'Enviar ligação de acesso' (POST /api/users/login-link) and the e-mailed link's 'Entrar' (…/login-link/use). */
async function linkAction(request: Request, fields: FormData, intent: string): Promise<FormResult<Field> | Response> {
  const failed = intent === "send-link" ? "Não foi possível enviar a ligação." : "Não foi possível entrar.";
  try {
    if (intent === "send-link") {
      const response = await apiPost("/api/users/login-link", { email: String(fields.get("email") ?? "") });
      const message = messageFrom(response.data);
      return response.ok ? { ok: true, message: message ?? "Pedido enviado." } : failure(fields, message ?? failed);
    }
    const response = await apiPost<LoginResponse>("/api/users/login-link/use", {
      token: String(fields.get("token") ?? ""),
    });
    const user = response.data?.user;
    if (response.status === 200 && user) return enter(request, user);
    return failure(fields, messageFrom(response.data) ?? failed);
  } catch (cause) {
    return failure(fields, cause instanceof NetworkError ? NETWORK : failed);
  }
}

/** With script: POST /users/login (the spec's call); the user is kept in the browser and the page changes. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<FormResult<Field> | Response> {
  // Read from the form, not from React state: what a shopper typed before the page hydrated counts too.
  const fields = await request.formData();
  const intent = String(fields.get("intent") ?? "");
  if (intent === "send-link" || intent === "use-link") return linkAction(request, fields, intent);
  const email = String(fields.get("email") ?? "");
  const password = String(fields.get("password") ?? "");
  try {
    const response = await apiPost<LoginResponse>("/users/login", { email, password });
    const user = response.data?.user;
    if (response.status === 200 && user) return enter(request, user);
    return failure(fields, messageFrom(response.data) ?? "Credenciais inválidas");
  } catch (cause) {
    return failure(fields, cause instanceof NetworkError ? NETWORK : "Credenciais inválidas");
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
  const notice = !busy && shown?.ok ? shown.message : null;
  // The link e-mailed by 'Enviar ligação de acesso' opens this page with its token.
  const [params] = useSearchParams();
  const linkToken = params.get("ligacao");

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

          {linkToken && (
            <fetcher.Form method="post" className="mt-6 space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4">
              <CsrfField token={loaderData.csrf} />
              <input type="hidden" name="intent" value="use-link" />
              <input type="hidden" name="token" value={linkToken} />
              <p className="text-sm text-gray-700">
                Abriu uma ligação de acesso enviada por email. Entre na sua conta sem palavra-passe:
              </p>
              <button
                type="submit"
                disabled={busy}
                className="flex w-full items-center justify-center gap-2 rounded-lg bg-gray-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
              >
                Entrar com a ligação de acesso
              </button>
            </fetcher.Form>
          )}

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
            {error === TOO_MANY_ATTEMPTS && (
              <p className="text-sm text-gray-700">
                É a sua conta? Receba por email uma ligação para entrar já, sem palavra-passe:{" "}
                <button type="submit" name="intent" value="send-link" className={linkClass}>
                  {SEND_SIGN_IN_LINK}
                </button>
              </p>
            )}
            {notice && <Notice kind="success">{notice}</Notice>}

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
