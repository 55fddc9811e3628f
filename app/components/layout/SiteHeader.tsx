import { LogIn, LogOut, Menu, ShoppingCart, User, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { HeaderSearch } from "#app/components/search/HeaderSearch.tsx";
import { toast } from "#app/lib/toast.tsx";
import { apiPost } from "#app/lib/api.ts";
import { clearUser, useCartCount, useStoredUser, type StoredUser } from "#app/lib/storage.ts";

export const PUBLIC_LINKS = [
  { to: "/", label: "Início" },
  { to: "/sobre-nos", label: "Sobre Nós" },
  { to: "/contato", label: "Contacto" },
] as const;

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 rounded-md";

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `${focusRing} px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "text-brand-600" : "text-gray-700 hover:text-gray-900"
  }`;
}

/** 'A minha conta' in the bar: an icon button on small screens, icon and text from md up. */
function accountLinkClass({ isActive }: { isActive: boolean }) {
  return `${focusRing} flex h-10 min-w-10 items-center justify-center gap-1.5 px-2 text-sm font-medium hover:bg-gray-100 md:px-3 ${
    isActive ? "text-brand-600" : "text-gray-800"
  }`;
}

function mobileLinkClass({ isActive }: { isActive: boolean }) {
  return `${focusRing} block px-3 py-3 text-base font-medium ${
    isActive ? "bg-brand-50 text-brand-700" : "text-gray-800 hover:bg-gray-50"
  }`;
}

/** The storefront's header; `shopName` comes from the shop's settings (the public layout's loader). */
export function SiteHeader({ shopName }: { shopName: string }) {
  const [loggingOut, setLoggingOut] = useState(false);
  const user = useStoredUser();
  const cartCount = useCartCount();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  // Small screens: the search row under the bar (one of it and the menu open at a time).
  const [searchOpen, setSearchOpen] = useState(false);
  // Any navigation (link, back button) closes the small-screen menu: adjusted while rendering the new path.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
    setSearchOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  async function logout() {
    setLoggingOut(true);
    try {
      await apiPost("/api/users/logout");
    } catch {
      // Offline: the local sign-out below still happens; the cookie expires by itself.
    }
    clearUser();
    setLoggingOut(false);
    setMenuOpen(false);
    toast.success("Sessão terminada.");
    navigate("/");
  }

  const closeMenu = () => setMenuOpen(false);
  const cartLabel =
    cartCount > 0 ? `Carrinho, ${cartCount} ${cartCount === 1 ? "artigo" : "artigos"}` : "Carrinho vazio";

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        {/* The name comes from the visible text (no aria-label that could differ from it, WCAG 2.5.3). */}
        <Link to="/" className={`${focusRing} flex items-center gap-2 text-xl font-bold tracking-tight`}>
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-lg bg-brand-500 text-base text-white"
          >
            {shopName.charAt(0).toUpperCase()}
          </span>
          <span>
            {shopName}
            <span className="sr-only"> — página inicial</span>
          </span>
        </Link>

        <nav aria-label="Principal" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {PUBLIC_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          <HeaderSearch
            mobileOpen={searchOpen}
            onMobileOpenChange={(open) => {
              setSearchOpen(open);
              if (open) setMenuOpen(false);
            }}
          />
          {user ? (
            <NavLink to="/conta" className={accountLinkClass}>
              <User className="size-5" aria-hidden="true" />
              <span className="sr-only md:not-sr-only">A minha conta</span>
            </NavLink>
          ) : null}

          <div className="hidden items-center gap-1 md:flex">
            <Account user={user} loggingOut={loggingOut} onLogout={logout} look={DESKTOP} />
          </div>

          <Link
            to="/carrinho"
            aria-label={cartLabel}
            className={`${focusRing} relative grid size-10 place-items-center text-gray-800 hover:bg-gray-100`}
          >
            <ShoppingCart className="size-5" aria-hidden="true" />
            {cartCount > 0 && (
              <span
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand-500 px-1 text-[11px] leading-none font-semibold text-white"
              >
                {cartCount > 99 ? "99+" : cartCount}
              </span>
            )}
          </Link>

          <button
            type="button"
            className={`${focusRing} grid size-10 place-items-center text-gray-800 hover:bg-gray-100 md:hidden`}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Fechar menu" : "Abrir menu"}
            onClick={() => {
              setMenuOpen((open) => !open);
              setSearchOpen(false);
            }}
          >
            {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-gray-200 bg-white shadow-lg md:hidden">
        <nav aria-label="Menu móvel" className="mx-auto max-w-7xl px-4 py-3">
          <ul className="space-y-1">
            {PUBLIC_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={mobileLinkClass} onClick={closeMenu}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-gray-100 pt-3">
            <Account user={user} loggingOut={loggingOut} onLogout={logout} onNavigate={closeMenu} look={MOBILE} />
          </div>
        </nav>
      </div>
    </header>
  );
}

/** How the account controls look in the header bar (wide screens) and in the small-screen menu. */
interface AccountLook {
  signedIn: string;
  greeting: string;
  logout: string;
  login: typeof navLinkClass;
  loginLabel: string;
  loginIcon: string;
}
const DESKTOP: AccountLook = {
  signedIn: "contents",
  // The bar has no room for the greeting: 'A minha conta' beside 'Sair' says it (the menu keeps it).
  greeting: "hidden",
  logout: `${focusRing} flex items-center gap-1.5 px-3 py-2 text-sm font-medium text-gray-700 hover:text-gray-900 disabled:opacity-50`,
  login: navLinkClass,
  loginLabel: "flex items-center gap-1.5",
  loginIcon: "size-4",
};
const MOBILE: AccountLook = {
  signedIn: "flex items-center justify-between gap-3 px-3",
  greeting: "flex items-center gap-2 text-sm text-gray-700",
  logout: `${focusRing} flex items-center gap-1.5 border border-gray-300 px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-50`,
  login: mobileLinkClass,
  loginLabel: "flex items-center gap-2",
  loginIcon: "size-5",
};

/** 'Olá, {first name}' and 'Sair' for a signed-in visitor, else 'Entrar'. */
function Account(props: {
  user: StoredUser | null;
  loggingOut: boolean;
  onLogout: () => void;
  onNavigate?: () => void;
  look: AccountLook;
}) {
  const { user, look } = props;
  if (!user)
    return (
      <NavLink to="/login" className={look.login} onClick={props.onNavigate}>
        <span className={look.loginLabel}>
          <LogIn className={look.loginIcon} aria-hidden="true" />
          Entrar
        </span>
      </NavLink>
    );
  const firstName = user.name.trim().split(/\s+/)[0] || "Conta";
  return (
    <div className={look.signedIn}>
      <span className={look.greeting}>
        <User className="size-4" aria-hidden="true" />
        <span>
          Olá, <strong className="font-semibold text-gray-900">{firstName}</strong>
        </span>
      </span>
      <button type="button" onClick={props.onLogout} disabled={props.loggingOut} className={look.logout}>
        <LogOut className="size-4" aria-hidden="true" />
        Sair
      </button>
    </div>
  );
}
