import "#app/lib/zod-csp.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Save } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import { z } from "zod";
import { type PublicUser, updateUserBody } from "#server/accounts/schemas.ts";
import { Field, fieldInputClass } from "#app/components/admin/dashboard/fields.tsx";
import {
  buttonClass,
  ErrorPanel,
  inputClass,
  LoadingState,
  PageHeader,
  Panel,
  useApiData,
} from "#app/components/admin/ui.tsx";
import { apiPut, messageFrom } from "#app/lib/api.ts";
import type { Route } from "./+types/usuarios-editar";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Editar Utilizador | Loja Admin" },
  { name: "robots", content: "noindex" },
];

/** Name and email required (email valid), function optional (spec section 5). */
const editForm = z.object({
  name: updateUserBody.shape.name,
  email: updateUserBody.shape.email,
  function: z.enum(["", "admin", "cliente"]),
});
type FormInput = z.input<typeof editForm>;
type FormOutput = z.output<typeof editForm>;

const FAILURE = "Erro ao atualizar usuário.";

export default function Page({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const {
    data: user,
    error,
    loading,
    reload,
  } = useApiData<PublicUser>(`/api/users/${encodeURIComponent(params.id)}`, "Erro ao carregar o utilizador");
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(editForm),
    defaultValues: { name: "", email: "", function: "" },
  });

  useEffect(() => {
    if (user) reset({ name: user.name, email: user.email, function: user.function });
  }, [user, reset]);

  async function onValid(values: FormOutput) {
    setSaving(true);
    try {
      const body = {
        name: values.name,
        email: values.email,
        ...(values.function ? { function: values.function } : {}),
      };
      const response = await apiPut(`/api/users/${encodeURIComponent(params.id)}`, body);
      if (response.ok) {
        toast.success(messageFrom(response.data) ?? "Usuário atualizado com sucesso!");
        await navigate("/dashboard");
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
      <PageHeader title="Editar Utilizador" description="Altere o nome, o email ou a função do utilizador." />
      {loading && !user ? (
        <LoadingState label="Carregando utilizador..." />
      ) : error && !user ? (
        <ErrorPanel message={error} onRetry={() => void reload()} />
      ) : (
        <Panel>
          <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-5">
            <p className="text-sm text-gray-700">ID do utilizador: {user?.id}</p>
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
              <button type="submit" className={buttonClass.primary} disabled={saving || !user}>
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
      )}
    </div>
  );
}
