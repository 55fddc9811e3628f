import { Search, Tag, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Form, Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { CatalogImage } from "#app/components/catalog/CatalogImage.tsx";
import { formatEuros } from "#app/lib/format.ts";
import { useSuggestions, type Suggestions } from "./useSuggestions.ts";

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

interface Option {
  key: string;
  href: string;
  label: string;
  kind: "categoria" | "produto";
  image?: string | null;
  price?: number;
}

/** Categories first (a whole shelf), then the products, in the API's order. */
export function suggestionOptions(s: Suggestions): Option[] {
  return [
    ...s.categorias.map((c) => ({
      key: `c-${c.slug}`,
      href: `/categoria/${c.slug}`,
      label: c.nome,
      kind: "categoria" as const,
    })),
    ...s.produtos.map((p) => ({
      key: `p-${p.id}`,
      href: `/produto/${p.id}`,
      label: p.name,
      kind: "produto" as const,
      image: p.image,
      price: p.price,
    })),
  ];
}

function countText(n: number, text: string): string {
  if (n === 0) return `Sem sugestões para “${text}”. Prima Enter para pesquisar.`;
  return `${n === 1 ? "1 sugestão" : `${n} sugestões`}. Use as setas para escolher.`;
}

/**
 * The header's search: a GET form to /pesquisa (works without JavaScript) whose field is an ARIA combobox
 * with suggestions as one types (categories and products from /api/search/sugestoes). Arrow keys move through
 * them, Enter opens the one chosen (or searches the text), Escape closes the list. Below md the bar shows a
 * search button (a link to /pesquisa without JavaScript) that opens the field in a row under the bar.
 */
export function HeaderSearch({
  mobileOpen,
  onMobileOpenChange,
}: {
  mobileOpen: boolean;
  onMobileOpenChange: (open: boolean) => void;
}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const baseId = useId();
  const listId = `${baseId}-lista`;
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // The field shows the search being looked at on /pesquisa, else what is typed.
  const urlText = pathname === "/pesquisa" ? (params.get("q") ?? "") : "";
  const [text, setText] = useState(urlText);
  const [shownUrlText, setShownUrlText] = useState(urlText);
  if (shownUrlText !== urlText) {
    setShownUrlText(urlText);
    setText(urlText);
  }
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const state = useSuggestions(listOpen ? text : "");
  const options = state.status === "ready" ? suggestionOptions(state.suggestions) : [];
  const expanded = listOpen && state.status === "ready";
  const activeOption = expanded && active >= 0 ? options[active] : undefined;
  const optionId = (i: number) => `${baseId}-opcao-${i}`;

  // A different list of options starts without a choice (the same list again, e.g. re-asked, keeps it).
  const signature = options.map((o) => o.key).join("|");
  const [optionsFor, setOptionsFor] = useState(signature);
  if (optionsFor !== signature) {
    setOptionsFor(signature);
    setActive(-1);
  }

  // Any navigation closes the list (and the small-screen row).
  const [shownPath, setShownPath] = useState(`${pathname}?${params}`);
  if (shownPath !== `${pathname}?${params}`) {
    setShownPath(`${pathname}?${params}`);
    setListOpen(false);
  }

  useEffect(() => {
    if (mobileOpen) inputRef.current?.focus();
  }, [mobileOpen]);

  function close() {
    setListOpen(false);
    setActive(-1);
  }

  function go(option: Option) {
    close();
    onMobileOpenChange(false);
    inputRef.current?.blur();
    navigate(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!expanded) {
        setListOpen(true);
        return;
      }
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => {
        const next = i + step;
        return next < -1 ? options.length - 1 : next >= options.length ? -1 : next;
      });
    } else if (event.key === "Enter" && activeOption) {
      event.preventDefault();
      go(activeOption);
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        close();
      } else if (mobileOpen) {
        onMobileOpenChange(false);
      } else if (text) {
        setText("");
      }
    }
  }

  return (
    <>
      {/* Small screens: the button opens the row below; without JavaScript it is a link to the search page. */}
      <Link
        to="/pesquisa"
        aria-label={mobileOpen ? "Fechar pesquisa" : "Pesquisar"}
        aria-expanded={mobileOpen}
        onClick={(event) => {
          event.preventDefault();
          onMobileOpenChange(!mobileOpen);
        }}
        className={`${focusRing} grid size-10 place-items-center rounded-md text-gray-800 hover:bg-gray-100 md:hidden`}
      >
        {mobileOpen ? <X className="size-5" aria-hidden="true" /> : <Search className="size-5" aria-hidden="true" />}
      </Link>

      <div
        ref={rootRef}
        className={`${
          mobileOpen ? "absolute inset-x-0 top-16 border-b border-gray-200 bg-white px-4 py-3 shadow-md" : "hidden"
        } md:static md:block md:w-44 md:border-0 md:p-0 md:shadow-none lg:w-64 xl:w-72`}
        onBlur={(event) => {
          if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
        }}
      >
        <Form
          role="search"
          method="get"
          action="/pesquisa"
          className="relative"
          onSubmit={() => {
            close();
            onMobileOpenChange(false);
          }}
        >
          <label htmlFor={`${baseId}-campo`} className="sr-only">
            Pesquisar artigos
          </label>
          <input
            ref={inputRef}
            id={`${baseId}-campo`}
            name="q"
            type="search"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setListOpen(true);
            }}
            onFocus={() => setListOpen(true)}
            onKeyDown={onKeyDown}
            placeholder="Pesquisar artigos…"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeOption ? optionId(active) : undefined}
            className="block h-10 w-full rounded-full border border-gray-300 bg-gray-50 pr-10 pl-4 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-500 focus:bg-white focus:outline-2 focus:outline-brand-500 md:text-sm [&::-webkit-search-cancel-button]:hidden"
          />
          <button
            type="submit"
            aria-label="Pesquisar"
            className={`${focusRing} absolute top-0 right-0 grid size-10 place-items-center rounded-full text-gray-600 hover:text-gray-900`}
          >
            <Search className="size-5" aria-hidden="true" />
          </button>

          <ul
            id={listId}
            role="listbox"
            aria-label="Sugestões"
            hidden={!expanded || options.length === 0}
            className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-gray-200 bg-white py-1 shadow-lg md:left-auto md:w-96 md:max-w-[calc(100vw-2rem)]"
          >
            {options.map((option, i) => (
              <li
                key={option.key}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // Keep the focus in the field, so the list stays open until the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(option)}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${
                  i === active ? "text-brand-800 bg-brand-50" : "text-gray-800 hover:bg-gray-50"
                }`}
              >
                {option.kind === "categoria" ? (
                  <>
                    <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-gray-100 text-gray-500">
                      <Tag className="size-4" aria-hidden="true" />
                    </span>
                    <span className="min-w-0 flex-1 truncate">
                      <span className="sr-only">Categoria: </span>
                      <span className="font-medium">{option.label}</span>
                    </span>
                    <span aria-hidden="true" className="text-xs text-gray-500">
                      Categoria
                    </span>
                  </>
                ) : (
                  <>
                    <CatalogImage
                      file={option.image}
                      alt=""
                      width={40}
                      height={40}
                      sizes="40px"
                      className="size-10 shrink-0 rounded-lg bg-gray-100 object-cover"
                    />
                    <span className="line-clamp-2 min-w-0 flex-1">{option.label}</span>
                    <span className="shrink-0 font-semibold text-gray-900 tabular-nums">
                      {formatEuros(option.price ?? 0)}
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
          {/* A live region, not role="status": it is on every page, next to each page's own status messages. */}
          <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="search-suggestions-count">
            {listOpen && state.status === "ready" ? countText(options.length, state.text) : ""}
          </p>
        </Form>
      </div>
    </>
  );
}
