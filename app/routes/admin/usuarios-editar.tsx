import "#app/lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Save } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useFetcher, useNavigate } from "react-router";
import { z } from "zod";
import { updateUserBody } from "#server/modules/accounts/rules.ts";
import { Field, fieldInputClass } from "#app/components/admin/dashboard/fields.tsx";
import { loadUser } from "#app/components/admin/dashboard/users.server.ts";
import {
  type ActionResult,
  screenErrorBoundary,
  submission,
  submitToApi,
  useFetcherToast,
} from "#app/components/admin/route-data.tsx";
import { buttonClass, inputClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { prefilled } from "#app/lib/prefill.tsx";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/usuarios-editar";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Editar Utilizador");

export async function loader({ context, params }: Route.LoaderArgs) {
  return { user: await loadUser(context, params.id) };
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  return submitToApi(`/api/users/${encodeURIComponent(params.id)}`, {
    method: "PUT",
    body: await submission(request),
  });
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar o utilizador");

/** Name and email required (email valid), function optional. */
const editForm = z.object({
  name: updateUserBody.shape.name,
  email: updateUserBody.shape.email,
  function: z.enum(["", "admin", "cliente"]),
});
type FormInput = z.input<typeof editForm>;
type FormOutput = z.output<typeof editForm>;

/** /usuarios/editar/:id: name, email and function; saving returns to /dashboard. */
export default function Page({ loaderData: { user } }: Route.ComponentProps) {
  const navigate = useNavigate();
  const saver = useFetcher<ActionResult>();
  useFetcherToast(saver, {
    success: "Usuário atualizado com sucesso!",
    failure: "Erro ao atualizar usuário.",
    onDone: () => void navigate("/dashboard"),
  });
  const saving = saver.state !== "idle";
  // The loader's user, once: in the server's HTML (prefilled) and never reset on mount.
  const [defaults] = useState<FormInput>(() => ({ name: user.name, email: user.email, function: user.function }));
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(editForm), defaultValues: defaults });
  const {
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = form;
  const register = prefilled(form.register, defaults);

  function save(values: FormOutput) {
    const body = {
      name: values.name,
      email: values.email,
      ...(values.function ? { function: values.function } : {}),
    };
    void saver.submit(body, { method: "post", encType: "application/json" });
  }

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Editar Utilizador" description="Altere o nome, o email ou a função do utilizador." />
      <Panel>
        <form method="post" onSubmit={handleSubmit(save)} noValidate className="space-y-5">
          <p className="text-sm text-gray-700">ID do utilizador: {user.id}</p>
          <Field label="Nome" error={errors.name?.message}>
            {(props) => (
              <input
                {...props}
                type="text"
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
                autoComplete="off"
                className={fieldInputClass(inputClass, !!errors.email)}
                {...register("email", { onChange: () => clearErrors("email") })}
              />
            )}
          </Field>
          <Field label="Função" hint="Opcional: deixe como está para manter a função atual.">
            {(props) => (
              <select {...props} className={inputClass} {...register("function")}>
                <option value="">— Manter a atual —</option>
                <option value="admin">admin</option>
                <option value="cliente">cliente</option>
              </select>
            )}
          </Field>
          <div className="flex flex-wrap gap-2 pt-2">
            <button type="submit" className={buttonClass.primary} disabled={saving}>
              <Save aria-hidden="true" className="size-4" />
              {saving ? "Guardando..." : "Guardar"}
            </button>
            <Link to="/dashboard" className={buttonClass.secondary}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Voltar
            </Link>
          </div>
        </form>
      </Panel>
    </div>
  );
}
