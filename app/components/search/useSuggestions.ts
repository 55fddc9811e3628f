import { useEffect, useRef, useState } from "react";
import type { SearchSuggestions } from "#server/modules/search/schemas.ts";

/** GET /api/search/sugestoes's answer. */
export type Suggestions = SearchSuggestions;

/** Suggestions start at this many characters (one letter matches half the catalogue). */
export const SUGGEST_MIN_CHARS = 2;
/** Typing pauses shorter than this send nothing. */
export const SUGGEST_DEBOUNCE_MS = 150;

export type SuggestionsState =
  | { status: "idle" }
  | { status: "loading"; text: string }
  | { status: "ready"; text: string; suggestions: Suggestions }
  | { status: "error"; text: string };

/**
 * The header field's suggestions for `text`: asked SUGGEST_DEBOUNCE_MS after the last keystroke; a newer text
 * aborts the request in flight, and an answer that is not for the latest request is dropped (sequence number),
 * so a slow answer for "can" never replaces the one for "caneca".
 */
export function useSuggestions(text: string, fetchImpl: typeof fetch = globalThis.fetch): SuggestionsState {
  const query = text.trim();
  const [state, setState] = useState<SuggestionsState>(IDLE);
  const sequence = useRef(0);

  useEffect(() => {
    const mine = ++sequence.current;
    if (query.length < SUGGEST_MIN_CHARS) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState((s) => (s.status === "ready" ? s : { status: "loading", text: query }));
      try {
        const response = await fetchImpl(`/api/search/sugestoes?${new URLSearchParams({ q: query })}`, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const suggestions = (await response.json()) as Suggestions;
        if (mine === sequence.current) setState({ status: "ready", text: query, suggestions });
      } catch {
        if (!controller.signal.aborted && mine === sequence.current) setState({ status: "error", text: query });
      }
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, fetchImpl]);

  // Too short to ask: nothing (whatever the last answer was); otherwise the latest answer until the next one.
  return query.length < SUGGEST_MIN_CHARS ? IDLE : state;
}

const IDLE: SuggestionsState = { status: "idle" };
