import { CheckCircle2, Clock, Mail, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useHydrated } from "../lib/storage.ts";
import { toast } from "../lib/toast.tsx";
import { ContentPage, MailLink, TextLink, focusRing } from "../components/content/ContentPage.tsx";
import { shopEmailIn, shopNameIn, useShop } from "../lib/shop.ts";
import type { Route } from "./+types/contato";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Contacto | ${shopNameIn(matches)}` },
  {
    name: "description",
    content: `Fale com a ${shopNameIn(matches)}: envie-nos uma mensagem sobre encomendas, produtos ou parcerias, ou escreva-nos para ${shopEmailIn(matches)}. Respondemos nos dias úteis.`,
  },
];

const SUCCESS_MESSAGE = "Mensagem enviada com sucesso!";

/** The contact message the form collects. */
interface ContactMessage {
  nome: string;
  email: string;
  mensagem: string;
}

const FIELDS: readonly (keyof ContactMessage)[] = ["nome", "email", "mensagem"];

const inputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3.5 py-2.5 text-base text-gray-900 shadow-xs placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none";
const labelClass = "mb-1.5 block text-sm font-medium text-gray-800";

export default function Contato() {
  // Until hydration the form could only do a native GET (putting the message in the URL), so it waits.
  const hydrated = useHydrated();
  // The shop's contact address (settings, /definicoes).
  const supportEmail = useShop().identity.email;
  const [sent, setSent] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = (field: keyof ContactMessage) => String(data.get(field) ?? "").trim();
    const message: ContactMessage = { nome: read("nome"), email: read("email"), mensagem: read("mensagem") };

    // `required` accepts a field holding only spaces: treat that as empty too.
    for (const field of FIELDS) {
      if (message[field] === "") {
        const input = form.elements.namedItem(field);
        if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) {
          input.setCustomValidity("Preencha este campo.");
          input.reportValidity();
        }
        return;
      }
    }

    // No server call (the product spec asks for none): the message is only logged in the browser.
    console.info(message);
    toast.success(SUCCESS_MESSAGE);
    setSent(true);
    form.reset();
  }

  function onInput(event: FormEvent<HTMLFormElement>) {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) target.setCustomValidity("");
    if (sent) setSent(false);
  }

  return (
    <ContentPage
      eyebrow="Estamos aqui para ajudar"
      title="Contacto"
      intro={
        <p>
          Tem uma dúvida sobre uma encomenda, um produto ou uma parceria? Envie-nos uma mensagem e respondemos por
          e-mail assim que possível.
        </p>
      }
    >
      <section aria-labelledby="dados-contacto-titulo" className="mt-8">
        <h2 id="dados-contacto-titulo" className="sr-only">
          Dados de contacto
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          <li className="flex gap-4 rounded-xl border border-gray-200 bg-gray-50 p-5">
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600">
              <Mail className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-gray-900">E-mail</h3>
              <p className="mt-1 text-sm leading-6">
                <MailLink address={supportEmail} />
              </p>
            </div>
          </li>
          <li className="flex gap-4 rounded-xl border border-gray-200 bg-gray-50 p-5">
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600">
              <Clock className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-gray-900">Horário de atendimento</h3>
              <p className="mt-1 text-sm leading-6 text-gray-600">
                Segunda a sexta-feira, das 9h00 às 18h00 (exceto feriados)
              </p>
            </div>
          </li>
        </ul>
        <p className="mt-4 text-sm leading-6 text-gray-600">
          Antes de escrever, veja se a resposta está nas <TextLink to="/info-envio">Informações de Envio</TextLink> ou
          nos <TextLink to="/termos-e-condicoes">Termos e Condições</TextLink> (devoluções e garantia).
        </p>
      </section>

      <section aria-labelledby="formulario-titulo" className="mt-10">
        <h2 id="formulario-titulo" className="text-xl font-semibold tracking-tight text-gray-900 sm:text-2xl">
          Envie-nos uma mensagem
        </h2>
        <p className="mt-1 text-sm text-gray-600">Todos os campos são obrigatórios.</p>

        <form onSubmit={onSubmit} onInput={onInput} className="mt-6 space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor="contato-nome" className={labelClass}>
                Nome
              </label>
              <input
                id="contato-nome"
                name="nome"
                type="text"
                autoComplete="name"
                required
                maxLength={100}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor="contato-email" className={labelClass}>
                Email
              </label>
              <input
                id="contato-email"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                maxLength={254}
                className={inputClass}
              />
            </div>
          </div>
          <div>
            <label htmlFor="contato-mensagem" className={labelClass}>
              Mensagem
            </label>
            <textarea
              id="contato-mensagem"
              name="mensagem"
              rows={6}
              required
              maxLength={5000}
              className={`${inputClass} resize-y`}
            />
          </div>

          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <button
              type="submit"
              disabled={!hydrated}
              className={`${focusRing} flex items-center justify-center gap-2 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 disabled:cursor-not-allowed disabled:opacity-60`}
            >
              <Send className="size-4" aria-hidden="true" />
              Enviar mensagem
            </button>
            {sent && (
              <p className="flex items-center gap-2 text-sm font-medium text-green-700">
                <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
                {SUCCESS_MESSAGE}
              </p>
            )}
          </div>

          <p className="text-xs leading-5 text-gray-500">
            Usamos os dados que indicar apenas para responder à sua mensagem. Saiba mais na{" "}
            <TextLink to="/politica-privacidade">Política de Privacidade</TextLink>.
          </p>
        </form>
      </section>
    </ContentPage>
  );
}
