/**
 * /definicoes' synonyms posted without script (decision 0015): the admin layout's middleware has refused anyone but
 * an admin before this runs; then the text's groups are checked by the search module's shared schema (the one
 * PUT /api/search/sinonimos validates with) and saved by the same service call.
 */
import { synonymsBody } from "#server/modules/search/schemas.ts";
import { attempt, formContextOf, refuse, type ContextReader } from "#app/lib/forms/form-action.server.ts";
import { failure } from "#app/lib/forms/form-result.ts";
import {
  refusalAtLine,
  splitSynonymsText,
  SYNONYMS_FIELD,
  SYNONYMS_SAVED,
  type SynonymsResult,
} from "./synonyms-text.ts";

export type CheckedSynonyms = { ok: true; groups: string[][] } | { ok: false; message: string };

/** The editor's text as the groups the API takes, or the first refusal with its line ("Linha 3: …"). */
export function checkSynonymsText(text: string): CheckedSynonyms {
  const split = splitSynonymsText(text);
  if (!split.ok) return split;
  const parsed = synonymsBody.safeParse({ grupos: split.groups });
  if (parsed.success) return { ok: true, groups: parsed.data.grupos };
  const issue = parsed.error.issues[0]!;
  return { ok: false, message: refusalAtLine(split.lines, issue.path[1], issue.message) };
}

export async function saveSynonymsAction(request: Request, context: ContextReader) {
  const form = await request.formData();
  const { services, user } = formContextOf(context);
  const text = form.get(SYNONYMS_FIELD);
  const checked = checkSynonymsText(typeof text === "string" ? text : "");
  if (!checked.ok) return refuse(failure(form, null, { [SYNONYMS_FIELD]: checked.message }));
  const saved = await attempt(form, () => services.search.saveSynonyms(checked.groups, user?.id ?? 0), [
    SYNONYMS_FIELD,
  ]);
  if (!saved.ok) return saved.response;
  return { ok: true, message: SYNONYMS_SAVED } satisfies SynonymsResult;
}
