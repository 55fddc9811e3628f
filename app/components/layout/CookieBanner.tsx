import { Cookie } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { readCookieConsent, syncCookieConsent, writeCookieConsent } from "#app/lib/storage.ts";

// The consent as an external store: 'Aceitar' in this tab, or another tab writing localStorage.
const listeners = new Set<() => void>();
function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

/**
 * Bottom cookie notice, shown until `cookieConsent` is stored. The server renders it when the
 * request carries no consent cookie (`consentKnown` false), so a first visit shows it in the
 * HTML; after hydration localStorage decides, as the spec says.
 */
export function CookieBanner({ consentKnown }: { consentKnown: boolean }) {
  // During hydration the server's answer (its cookie), then localStorage's.
  const visible = useSyncExternalStore(
    subscribe,
    () => !readCookieConsent(),
    () => !consentKnown,
  );

  useEffect(syncCookieConsent, []);

  if (!visible) return null;

  function accept() {
    writeCookieConsent();
    listeners.forEach((listener) => listener());
  }

  return (
    <section
      id="aviso-cookies"
      role="region"
      aria-label="Aviso de cookies"
      className="fixed inset-x-0 bottom-0 z-50 p-3 sm:p-4"
    >
      {/* Without JavaScript 'Aceitar' cannot store anything: the notice stays out of the way, as it always did. */}
      <noscript>
        <style>{"#aviso-cookies{display:none}"}</style>
      </noscript>
      <div className="mx-auto flex max-w-4xl flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-xl sm:flex-row sm:items-center sm:gap-4">
        <Cookie className="hidden size-6 shrink-0 text-brand-500 sm:block" aria-hidden="true" />
        <p className="text-sm text-gray-700">
          Utilizamos cookies para garantir o bom funcionamento da loja e melhorar a sua experiência. Ao continuar a
          navegar, concorda com a sua utilização. Saiba mais na nossa{" "}
          <Link
            to="/politica-de-cookies"
            className="font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Política de Cookies
          </Link>
          .
        </p>
        <button
          type="button"
          onClick={accept}
          className="shrink-0 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          Aceitar
        </button>
      </div>
    </section>
  );
}
