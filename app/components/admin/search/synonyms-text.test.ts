import { describe, expect, it } from "vitest";
import { SEARCH_MESSAGES, SYNONYM_LIMITS, synonymsBody } from "#server/modules/search/schemas.ts";
import { checkSynonymsText } from "./synonyms.server.ts";
import {
  groupOfPath,
  refusalAtLine,
  splitSynonymsText,
  SYNONYMS_TEXT_MESSAGES as M,
  synonymsTextWith,
  synonymsToText,
} from "./synonyms-text.ts";

const groupsOf = (text: string) => {
  const checked = checkSynonymsText(text);
  if (!checked.ok) throw new Error(checked.message);
  return checked.groups;
};
const refusal = (text: string) => {
  const checked = checkSynonymsText(text);
  return checked.ok ? null : checked.message;
};

describe("the synonyms editor's text", () => {
  it("reads one group per line, words split by commas or '=', spaces tidied, blank lines skipped", () => {
    expect(
      groupsOf("camisola = t-shirt = tshirt\n\n  sabão,sabonete  \r\ncaderno=agenda ,  \n t  shirt = tee"),
    ).toEqual([
      ["camisola", "t-shirt", "tshirt"],
      ["sabão", "sabonete"],
      ["caderno", "agenda"],
      ["t shirt", "tee"],
    ]);
    expect(groupsOf("")).toEqual([]);
    expect(groupsOf(" \n\n ")).toEqual([]);
    // The line each group came from (what a refusal names).
    expect(splitSynonymsText("\na = b\n\nc, d\n")).toEqual({
      ok: true,
      groups: [
        ["a", "b"],
        ["c", "d"],
      ],
      lines: [2, 4],
    });
  });

  it("writes the groups back as the text it reads (the saved list round-trips)", () => {
    const groups = [
      ["camisola", "t-shirt", "tshirt"],
      ["sabão", "sabonete"],
      ["caderno", "agenda"],
    ];
    const text = synonymsToText(groups);
    expect(text).toBe("camisola = t-shirt = tshirt\nsabão = sabonete\ncaderno = agenda");
    expect(groupsOf(text)).toEqual(groups);
    // What the editor sends is what the API's schema accepts, unchanged.
    expect(synonymsBody.parse({ grupos: groupsOf(text) })).toEqual({ grupos: groups });
  });

  it("refuses an empty group, a word too long, too many words and a group of one word, naming the line", () => {
    expect(refusal("sabão = sabonete\n , = ,\ncaderno = agenda")).toBe(M.emptyGroup(2));
    expect(M.emptyGroup(2)).toMatch(/^Linha 2: grupo vazio\./);
    const long = "a".repeat(SYNONYM_LIMITS.wordMax + 1);
    expect(refusal(`sabão = sabonete\n\ncaneca = ${long}`)).toBe(`Linha 3: ${SEARCH_MESSAGES.synonymWordInvalid}`);
    // The longest word allowed passes.
    expect(groupsOf(`caneca = ${"a".repeat(SYNONYM_LIMITS.wordMax)}`)).toHaveLength(1);
    const words = (n: number) => Array.from({ length: n }, (_, i) => `palavra${i}`).join(", ");
    expect(refusal(`a = b\n${words(SYNONYM_LIMITS.words + 1)}`)).toBe(`Linha 2: ${SEARCH_MESSAGES.synonymGroupTooBig}`);
    expect(groupsOf(words(SYNONYM_LIMITS.words))[0]).toHaveLength(SYNONYM_LIMITS.words);
    expect(refusal("caneca")).toBe(`Linha 1: ${SEARCH_MESSAGES.synonymGroupTooSmall}`);
    expect(refusal("caneca = Caneca")).toBe(`Linha 1: ${SEARCH_MESSAGES.synonymGroupTooSmall}`);
    // The same word with and without accents is one word to the search: kept once, so no group of one is saved.
    expect(refusal("sabão = SABAO")).toBe(`Linha 1: ${SEARCH_MESSAGES.synonymGroupTooSmall}`);
    expect(groupsOf("sabão = sabonete = Sabao")).toEqual([["sabão", "sabonete"]]);
  });

  it("refuses more groups than the API takes with the API's own message (no line: it is about the list)", () => {
    const text = Array.from({ length: SYNONYM_LIMITS.groups + 1 }, (_, i) => `a${i} = b${i}`).join("\n");
    expect(refusal(text)).toBe(SEARCH_MESSAGES.synonymsTooMany);
    expect(groupsOf(text.split("\n").slice(0, SYNONYM_LIMITS.groups).join("\n"))).toHaveLength(SYNONYM_LIMITS.groups);
  });

  it("places an API refusal at its group's line", () => {
    expect(groupOfPath("/grupos/3")).toBe(3);
    expect(groupOfPath("/grupos/3/1")).toBe(3);
    expect(groupOfPath("/grupos")).toBeUndefined();
    expect(groupOfPath(undefined)).toBeUndefined();
    expect(refusalAtLine([2, 5], 1, "Erro.")).toBe("Linha 5: Erro.");
    expect(refusalAtLine([2, 5], undefined, "Erro.")).toBe("Erro.");
  });

  it("starts a new group with a search that found nothing, unless a group already holds the word", () => {
    const groups = [["sabão", "sabonete"]];
    expect(synonymsTextWith(groups, "camisola")).toBe("sabão = sabonete\ncamisola = ");
    expect(synonymsTextWith([], "  camisola   azul ")).toBe("camisola azul = ");
    expect(synonymsTextWith(groups, "Sabonete")).toBe("sabão = sabonete");
    expect(synonymsTextWith(groups, "sabao")).toBe("sabão = sabonete");
    expect(synonymsTextWith(groups, null)).toBe("sabão = sabonete");
    expect(synonymsTextWith(groups, "   ")).toBe("sabão = sabonete");
    // The admin completes the line; it is read as one more group.
    expect(groupsOf(`${synonymsTextWith(groups, "camisola")}t-shirt`)).toEqual([...groups, ["camisola", "t-shirt"]]);
  });
});
