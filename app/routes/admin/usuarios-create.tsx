import "#app/lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import type { z } from "zod";
import { newUserBody } from "#server/accounts/schemas.ts";
import { Field, fieldInputClass } from "#app/components/admin/dashboard/fields.tsx";
import { buttonClass, inputClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { apiPost, messageFrom } from "#app/lib/api.ts";
import type { Route } from "./+types/usuarios-create";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Criar Utilizador | Loja Admin" },
  { name: "robots", content: "noindex" },
];

/** Name, email and password, all required; the function is always admin (spec sections 2 and 6). */
const createForm = newUserBody.pick({ name: true, email: true, password: true });
type FormInput = z.input<typeof createForm>;
type FormOutput = z.output<typeof createForm>;

const EMPTY: FormInput = { name: "", email: "", password: "" };
const FAILURE = "Erro ao criar utilizador";

export default function Page() {
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(createForm), defaultValues: EMPTY });

  async function onValid(values: FormOutput) {
    setSaving(true);
    try {
      const response = await apiPost("/users/newuser", { ...values, function: "admin" });
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? "Utilizador criado com sucesso!");
        // Stays on /usuarios/create, ready for the next account.
        reset(EMPTY);
      } else {
        toast.error(messageFrom(response.data) ?? FAILURE);
      }
    } catch {
      toast.error(FAILURE);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Criar Utilizador"
        description="Cria uma conta de administrador com acesso a este painel."
        actions={
          <Link to="/dashboard" className={buttonClass.secondary}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Voltar
          </Link>
        }
      />
      <Panel>
        {/* All fields required; the browser also checks the email format (spec section 5). */}
        <form onSubmit={handleSubmit(onValid)} className="space-y-5">
          <Field label="Nome" error={errors.name?.message}>
            {(props) => (
              <input
                {...props}
                type="text"
                required
                autoComplete="off"
                className={fieldInputClass(inputClass, !!errors.name)}
                {...register("name", { onChange: () => clearErrors("name") })}
              />
            )}
          </Field>
          <Field label="Email" error={errors.email?.message}>
            {(props) => (
              <input
                {...props}
                type="email"
                required
                autoComplete="off"
                className={fieldInputClass(inputClass, !!errors.email)}
                {...register("email", { onChange: () => clearErrors("email") })}
              />
            )}
          </Field>
          <Field label="Palavra-passe" error={errors.password?.message} hint="Pelo menos 6 caracteres.">
            {(props) => (
              <input
                {...props}
                type="password"
                required
                autoComplete="new-password"
                className={fieldInputClass(inputClass, !!errors.password)}
                {...register("password", { onChange: () => clearErrors("password") })}
              />
            )}
          </Field>
          <div>
            <p className="mb-1 block text-sm font-medium text-gray-800">Função</p>
            <p className="rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-900">admin</p>
          </div>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            <UserPlus aria-hidden="true" className="size-4" />
            {saving ? "Aguarde..." : "Criar Utilizador"}
          </button>
        </form>
      </Panel>
    </div>
  );
}
