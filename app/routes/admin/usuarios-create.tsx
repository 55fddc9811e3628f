import { ArrowLeft, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { newUserBody } from "#server/modules/accounts/schemas.ts";
import { Field, fieldInputClass, SubmitButton } from "#app/components/admin/dashboard/fields.tsx";
import { submission, submitToApi } from "#app/components/admin/route-data.tsx";
import { buttonClass, inputClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { useCreateForm } from "#app/components/admin/useCreateForm.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/usuarios-create";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Criar Utilizador");

export async function clientAction({ request }: Route.ClientActionArgs) {
  return submitToApi("/users/newuser", { method: "POST", body: await submission(request) });
}

/** Name, email and password, all required; the function is always admin. */
const createForm = newUserBody.pick({ name: true, email: true, password: true });

/** The form's inputs, in order (all required). */
const FIELDS = [
  { name: "name", label: "Nome", type: "text", autoComplete: "off", hint: undefined },
  { name: "email", label: "Email", type: "email", autoComplete: "off", hint: undefined },
  {
    name: "password",
    label: "Palavra-passe",
    type: "password",
    autoComplete: "new-password",
    hint: "Pelo menos 6 caracteres.",
  },
] as const;

/** /usuarios/create: a new admin account; the page stays, emptied, ready for the next one. */
export default function Page() {
  const {
    field,
    onSubmit,
    saving,
    formState: { errors },
  } = useCreateForm({
    schema: createForm,
    empty: { name: "", email: "", password: "" },
    body: (values) => ({ ...values, function: "admin" }),
    successMessage: "Utilizador criado com sucesso!",
    failureMessage: "Erro ao criar utilizador",
  });

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
        {/* All fields required; the browser also checks the email format. */}
        <form onSubmit={onSubmit} className="space-y-5">
          {FIELDS.map((f) => (
            <Field key={f.name} label={f.label} error={errors[f.name]?.message} hint={f.hint}>
              {(props) => (
                <input
                  {...props}
                  type={f.type}
                  required
                  autoComplete={f.autoComplete}
                  className={fieldInputClass(inputClass, !!errors[f.name])}
                  {...field(f.name)}
                />
              )}
            </Field>
          ))}
          <div>
            <p className="mb-1 block text-sm font-medium text-gray-800">Função</p>
            <p className="rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-900">admin</p>
          </div>
          <SubmitButton icon={UserPlus} busy={saving}>
            Criar Utilizador
          </SubmitButton>
        </form>
      </Panel>
    </div>
  );
}
