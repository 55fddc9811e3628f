import { Save } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { fieldErrorClass, fieldInputClass, SubmitButton } from "#app/components/admin/dashboard/fields.tsx";
import { submitToApi } from "#app/components/admin/route-data.tsx";
import { inputClass, labelClass, Panel } from "#app/components/admin/ui.tsx";
import { CsrfField } from "#app/lib/forms/CsrfField.tsx";
import { failure } from "#app/lib/forms/form-result.ts";
import { useFormFeedback } from "#app/lib/forms/use-form-feedback.ts";
import { PrefilledTextarea } from "#app/lib/prefill.tsx";
import {
  groupOfPath,
  refusalAtLine,
  splitSynonymsText,
  SYNONYMS_ANCHOR,
  SYNONYMS_FAILED,
  SYNONYMS_FIELD,
  SYNONYMS_SAVED,
  type SynonymsResult,
} from "./synonyms-text.ts";

/*
 * /definicoes' 'Sinónimos da pesquisa' (issue 19): the synonym groups as text, one group per line, saved as one
 * PUT /api/search/sinonimos (with script, `submitSynonyms` in the route's clientAction) or by the route's server
 * action (without script, synonyms.server.ts). Both read the text with the same rules (synonyms-text.ts).
 */

/**
 * The clientAction's half: the text's groups sent to PUT /api/search/sinonimos, whose shared schema has the word on
 * them; its refusal is shown at the line of the group it names.
 */
export async function submitSynonyms(request: Request): Promise<SynonymsResult> {
  const form = await request.formData();
  const text = form.get(SYNONYMS_FIELD);
  const split = splitSynonymsText(typeof text === "string" ? text : "");
  if (!split.ok) return failure(form, null, { [SYNONYMS_FIELD]: split.message });
  const result = await submitToApi("/api/search/sinonimos", { method: "PUT", body: { grupos: split.groups } });
  if (result.ok) return { ok: true, message: SYNONYMS_SAVED };
  if (result.status !== 400) return failure(form, result.message ?? SYNONYMS_FAILED);
  const [first] = ((result.data as { details?: unknown } | null)?.details ?? []) as { path?: unknown }[];
  const message = refusalAtLine(split.lines, groupOfPath(first?.path), result.message ?? SYNONYMS_FAILED);
  return failure(form, null, { [SYNONYMS_FIELD]: message });
}

const FIELDS = [SYNONYMS_FIELD] as const;

export function SynonymsEditor({
  text,
  prefill,
  csrf,
}: {
  /** The saved groups as text (and a new line started with `prefill`, when given). */
  text: string;
  /** A search that found nothing, brought from the dashboard: its new group is the text's last line. */
  prefill: string | null;
  csrf: string | null;
}) {
  const id = useId();
  const fetcher = useFetcher<SynonymsResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // With or without script the answer is written under the form (a status, or an alert): no toast to miss.
  const { shown, busy, errors, typed, firstRefused, onInput } = useFormFeedback(fetcher, { fields: FIELDS, formRef });
  const error = errors[SYNONYMS_FIELD];
  const notice = shown?.message ?? null;

  // Brought here to add a synonym: the caret waits at the end of the new line.
  useEffect(() => {
    const textarea = textareaRef.current;
    if (!prefill || !textarea) return;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, [prefill]);

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div id={SYNONYMS_ANCHOR} className="mt-6 scroll-mt-4">
      <Panel title="Sinónimos da pesquisa">
        {prefill ? (
          <p role="status" className="mb-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-gray-900">
            A pesquisa &quot;{prefill}&quot; não encontrou resultados. Escreva na última linha, a seguir a
            &quot;=&quot;, as palavras com o mesmo significado e guarde.
          </p>
        ) : null}
        <fetcher.Form ref={formRef} method="post" onInput={onInput} className="space-y-4" noValidate>
          <CsrfField token={csrf} />
          <div>
            <label htmlFor={id} className={labelClass}>
              Grupos de sinónimos
            </label>
            <PrefilledTextarea
              // A save that changed the groups shows them as saved (one " = " between words).
              key={text}
              ref={textareaRef}
              id={id}
              name={SYNONYMS_FIELD}
              rows={8}
              spellCheck={false}
              autoCapitalize="none"
              defaultValue={typed[SYNONYMS_FIELD] ?? text}
              autoFocus={firstRefused === SYNONYMS_FIELD}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              placeholder={"camisola = t-shirt = tshirt\nsabão = sabonete\ncaderno = agenda"}
              className={`${fieldInputClass(inputClass, !!error)} font-mono`}
            />
            <div id={`${id}-hint`} className="mt-1 space-y-1 text-xs text-gray-700">
              <p>
                Um grupo por linha, com as palavras separadas por vírgulas ou &quot;=&quot;. Quem pesquisar uma palavra
                de um grupo encontra também os artigos das outras.
              </p>
              <p>Exemplos: camisola = t-shirt = tshirt · sabão = sabonete · caderno = agenda.</p>
              <p>Até 500 grupos, 20 palavras por grupo e 60 caracteres por palavra. Linhas em branco são ignoradas.</p>
            </div>
            {error ? (
              <p id={`${id}-error`} className={fieldErrorClass}>
                {error}
              </p>
            ) : null}
          </div>
          {notice ? (
            <p
              role={shown?.ok ? "status" : "alert"}
              className={shown?.ok ? "text-sm text-green-700" : "text-sm text-red-700"}
            >
              {notice}
            </p>
          ) : null}
          <SubmitButton icon={Save} busy={busy}>
            Guardar sinónimos
          </SubmitButton>
        </fetcher.Form>
      </Panel>
    </div>
  );
}
