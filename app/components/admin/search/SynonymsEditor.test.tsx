// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SEARCH_MESSAGES, synonymsBody } from "#server/modules/search/schemas.ts";
import { SynonymsEditor, submitSynonyms } from "./SynonymsEditor.tsx";
import { SYNONYMS_TEXT_MESSAGES as M, synonymsTextWith } from "./synonyms-text.ts";

/*
 * The editor of /definicoes with the route's clientAction half (`submitSynonyms`) against a stand-in of
 * GET/PUT /api/search/sinonimos that validates with the API's schema and answers its 400 as the API's error
 * handler does (`{ message, details: [{ path: "/grupos/1/1", message }] }`): what is shown is the saved list, what is
 * sent is the groups typed, a refusal is shown at its line. (synonyms-route.test.ts runs the real API.)
 */

let saved: string[][];
let puts: unknown[];
let refuseWith: string | null;

beforeEach(() => {
  saved = [
    ["camisola", "t-shirt", "tshirt"],
    ["sabão", "sabonete"],
  ];
  puts = [];
  refuseWith = null;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    expect(url).toContain("/api/search/sinonimos");
    expect(init?.method).toBe("PUT");
    const body = JSON.parse(String(init?.body)) as { grupos: string[][] };
    puts.push(body);
    if (refuseWith) return Response.json({ message: refuseWith }, { status: 503 });
    const parsed = synonymsBody.safeParse(body);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ path: `/${i.path.join("/")}`, message: i.message }));
      return Response.json({ message: details[0]!.message, details }, { status: 400 });
    }
    saved = parsed.data.grupos;
    return Response.json({ grupos: saved });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** /definicoes' synonyms section: the loader reads the stand-in's list (as the page's loader reads the service). */
function renderAt(url: string) {
  const Stub = createRoutesStub([
    {
      path: "/definicoes",
      loader: ({ request }) => {
        const prefill = new URL(request.url).searchParams.get("sinonimo");
        return { text: synonymsTextWith(saved, prefill), prefill };
      },
      Component: () => {
        const { text, prefill } = useLoaderData() as { text: string; prefill: string | null };
        return <SynonymsEditor text={text} prefill={prefill} csrf={null} />;
      },
      action: ({ request }) => submitSynonyms(request),
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

const field = () => screen.findByLabelText<HTMLTextAreaElement>("Grupos de sinónimos");
const save = () => fireEvent.click(screen.getByRole("button", { name: "Guardar sinónimos" }));

describe("'Sinónimos da pesquisa' on /definicoes", () => {
  it("shows the saved groups one per line, saves the typed groups and then shows the API's list", async () => {
    renderAt("/definicoes");
    const textarea = await field();
    expect(textarea.value).toBe("camisola = t-shirt = tshirt\nsabão = sabonete");
    expect(screen.getByText(/Um grupo por linha/)).toBeTruthy();

    fireEvent.change(textarea, { target: { value: "camisola, t-shirt , tshirt\n\ncaderno=agenda\nsabão = sabonete" } });
    save();
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Sinónimos guardados.");
    expect(puts).toEqual([
      {
        grupos: [
          ["camisola", "t-shirt", "tshirt"],
          ["caderno", "agenda"],
          ["sabão", "sabonete"],
        ],
      },
    ]);
    // The list read again after saving, written as the editor writes it.
    await waitFor(async () =>
      expect((await field()).value).toBe("camisola = t-shirt = tshirt\ncaderno = agenda\nsabão = sabonete"),
    );
  });

  it("refuses an empty line before calling the API, and shows the API's refusals at their line", async () => {
    renderAt("/definicoes");
    const cases = [
      ["sabão = sabonete\n ,,= ", M.emptyGroup(2), 0],
      [`a = b\n\ncaneca = ${"x".repeat(61)}`, `Linha 3: ${SEARCH_MESSAGES.synonymWordInvalid}`, 1],
      [Array.from({ length: 21 }, (_, i) => `p${i}`).join(" = "), `Linha 1: ${SEARCH_MESSAGES.synonymGroupTooBig}`, 2],
      ["a = b\ncaneca", `Linha 2: ${SEARCH_MESSAGES.synonymGroupTooSmall}`, 3],
    ] as const;
    for (const [text, message, calls] of cases) {
      fireEvent.change(await field(), { target: { value: text } });
      save();
      const shown = await screen.findByText(message);
      const textarea = await field();
      expect(textarea.getAttribute("aria-invalid")).toBe("true");
      expect(textarea.getAttribute("aria-describedby")).toContain(shown.id);
      // What was typed stays to be corrected; nothing was saved.
      expect(textarea.value).toBe(text);
      expect(puts).toHaveLength(calls);
    }
    expect(saved).toHaveLength(2);
  });

  it("shows a failure of the server and keeps the text", async () => {
    refuseWith = "Serviço temporariamente indisponível.";
    renderAt("/definicoes");
    fireEvent.change(await field(), { target: { value: "caneca = chávena" } });
    save();
    expect((await screen.findByRole("alert")).textContent).toBe("Serviço temporariamente indisponível.");
    expect(puts).toEqual([{ grupos: [["caneca", "chávena"]] }]);
    expect((await field()).value).toBe("caneca = chávena");
  });

  it("brought from a search that found nothing: a new line starts with it, and completing it adds the group", async () => {
    renderAt("/definicoes?sinonimo=chavena");
    const textarea = await field();
    expect(textarea.value).toBe("camisola = t-shirt = tshirt\nsabão = sabonete\nchavena = ");
    expect(screen.getByText(/A pesquisa "chavena" não encontrou resultados/)).toBeTruthy();
    fireEvent.change(textarea, { target: { value: `${textarea.value}caneca` } });
    save();
    await screen.findByText("Sinónimos guardados.");
    expect(saved).toEqual([
      ["camisola", "t-shirt", "tshirt"],
      ["sabão", "sabonete"],
      ["chavena", "caneca"],
    ]);
    // Saved: the word is in a group now, so no new line is started for it again.
    await waitFor(async () =>
      expect((await field()).value).toBe("camisola = t-shirt = tshirt\nsabão = sabonete\nchavena = caneca"),
    );
  });
});
