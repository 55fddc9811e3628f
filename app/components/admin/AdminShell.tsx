import * as Dialog from "@radix-ui/react-dialog";
import { ChevronDown, LogOut, Menu, Store, UserRound, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Link, useFetcher, useLocation, useNavigation } from "react-router";
import { LOGOUT_ACTION } from "./logout.ts";
import { ADMIN_MENU, groupForPath, matchLeaf, type MenuGroup, type MenuLeaf } from "./menu.ts";
import { LoadingState } from "./ui.tsx";

/** Below this width the menu is a drawer. */
const DRAWER_BREAKPOINT_PX = 768;

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

interface AdminShellProps {
  /** The signed-in admin's name, from the layout loader. */
  userName: string;
  /** The shop's name (its settings), from the layout loader. */
  shopName: string;
  children: ReactNode;
}

/**
 * The admin pages' frame (every route under app/routes/admin/layout.tsx): the menu as a fixed
 * sidebar from 768 px, a drawer below; 'Carregando...' over the page while another admin page loads.
 */
export function AdminShell({ userName, shopName, children }: AdminShellProps) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The page the drawer was opened on: a chosen link (or back/forward) closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerOpenOn(open ? pathname : null);
  // Another page's loaders are running (a search or a page of the same screen is shown by the screen itself).
  const loadingPage = navigation.state === "loading" && navigation.location.pathname !== pathname;

  // Growing past the breakpoint turns the drawer into the fixed sidebar.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${DRAWER_BREAKPOINT_PX}px)`);
    const onChange = () => {
      if (query.matches) setDrawerOpenOn(null);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const closeDrawer = () => setDrawerOpenOn(null);

  return (
    <div className="min-h-screen bg-gray-50">
      <a
        href="#conteudo-admin"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-gray-900 focus:px-4 focus:py-2 focus:text-white"
      >
        Saltar para o conteúdo
      </a>

      {/* ≥ 768 px: fixed sidebar */}
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-gray-200 bg-white md:flex">
        <SideMenu userName={userName} shopName={shopName} />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        {/* < 768 px: top bar with the drawer button */}
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-gray-200 bg-white px-4 md:hidden">
          <Dialog.Trigger
            className={`${focusRing} grid size-10 place-items-center rounded-md text-gray-800 hover:bg-gray-100`}
            aria-label="Abrir menu de administração"
          >
            <Menu className="size-6" aria-hidden="true" />
          </Dialog.Trigger>
          <Link to="/dashboard" className={`${focusRing} rounded-md text-lg font-bold tracking-tight`}>
            {shopName} <span className="font-medium text-brand-600">Admin</span>
          </Link>
          <span className="ml-auto flex min-w-0 items-center gap-1.5 text-sm text-gray-600">
            <UserRound className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{userName}</span>
          </span>
        </header>

        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50 transition-opacity duration-200 md:hidden starting:opacity-0" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] bg-white shadow-2xl transition-transform duration-200 ease-out focus:outline-none md:hidden starting:-translate-x-full"
          >
            <Dialog.Title className="sr-only">Menu de administração</Dialog.Title>
            <SideMenu userName={userName} shopName={shopName} onNavigate={closeDrawer} />
            <Dialog.Close
              className={`${focusRing} absolute top-3 right-3 grid size-9 place-items-center rounded-md text-gray-600 hover:bg-gray-100`}
              aria-label="Fechar menu"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <main
        id="conteudo-admin"
        tabIndex={-1}
        aria-busy={loadingPage}
        className="relative min-w-0 focus:outline-none md:pl-64"
      >
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</div>
        {loadingPage ? (
          // Shown after a short delay, so a quick page change does not flash it.
          <div className="absolute inset-0 z-10 bg-gray-50/70 transition-opacity delay-200 duration-150 md:left-64 starting:opacity-0">
            <div className="sticky top-14 md:top-0">
              <LoadingState />
            </div>
          </div>
        ) : null}
      </main>
    </div>
  );
}

function SideMenu({ userName, shopName, onNavigate }: { userName: string; shopName: string; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const [openGroup, setOpenGroup] = useState<string | null>(() => groupForPath(pathname));
  const [menuPath, setMenuPath] = useState(pathname);
  // Arriving on a page of another submenu opens that one (and so closes the other): state adjusted
  // while rendering the new page, as React advises instead of an effect.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    const group = groupForPath(pathname);
    if (group) setOpenGroup(group);
  }
  const logout = useFetcher();

  return (
    <div className="flex w-full flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-gray-200 px-5">
        <Link
          to="/dashboard"
          onClick={onNavigate}
          className={`${focusRing} rounded-md text-xl font-bold tracking-tight`}
        >
          {shopName} <span className="font-medium text-brand-600">Admin</span>
        </Link>
      </div>

      <nav aria-label="Menu de administração" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {ADMIN_MENU.map((entry) =>
            entry.kind === "link" ? (
              <li key={entry.to}>
                <MenuItemLink leaf={entry} pathname={pathname} onNavigate={onNavigate}>
                  <entry.icon className="size-5 shrink-0" aria-hidden="true" />
                  {entry.label}
                </MenuItemLink>
              </li>
            ) : (
              <li key={entry.id}>
                <Submenu
                  group={entry}
                  pathname={pathname}
                  open={openGroup === entry.id}
                  onToggle={() => setOpenGroup((current) => (current === entry.id ? null : entry.id))}
                  onNavigate={onNavigate}
                />
              </li>
            ),
          )}
        </ul>
      </nav>

      <div className="shrink-0 space-y-1 border-t border-gray-200 px-3 py-4">
        <p className="flex items-center gap-2 px-3 pb-2 text-sm text-gray-600">
          <UserRound className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">
            <span className="sr-only">Sessão iniciada como </span>
            <strong className="font-semibold text-gray-900">{userName}</strong>
          </span>
        </p>
        <Link
          to="/"
          onClick={onNavigate}
          className={`${focusRing} flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900`}
        >
          <Store className="size-5 shrink-0" aria-hidden="true" />
          Ver loja
        </Link>
        <button
          type="button"
          onClick={() =>
            void logout.submit(
              { intent: LOGOUT_ACTION.intent },
              { method: "post", action: LOGOUT_ACTION.action, encType: "application/json" },
            )
          }
          disabled={logout.state !== "idle"}
          className={`${focusRing} flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-50`}
        >
          <LogOut className="size-5 shrink-0" aria-hidden="true" />
          Sair
        </button>
      </div>
    </div>
  );
}

function MenuItemLink({
  leaf,
  pathname,
  onNavigate,
  nested = false,
  children,
}: {
  leaf: MenuLeaf;
  pathname: string;
  onNavigate?: () => void;
  nested?: boolean;
  children: ReactNode;
}) {
  const match = matchLeaf(leaf, pathname);
  const active = match !== null;
  return (
    <Link
      to={leaf.to}
      onClick={onNavigate}
      aria-current={match === "page" ? "page" : match === "related" ? "true" : undefined}
      className={`${focusRing} flex items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors ${
        nested ? "py-1.5" : "py-2"
      } ${active ? "bg-brand-50 text-brand-700" : "text-gray-700 hover:bg-gray-100 hover:text-gray-900"}`}
    >
      {children}
    </Link>
  );
}

function Submenu({
  group,
  pathname,
  open,
  onToggle,
  onNavigate,
}: {
  group: MenuGroup;
  pathname: string;
  open: boolean;
  onToggle: () => void;
  onNavigate?: () => void;
}) {
  const panelId = useId();
  const containsCurrent = group.items.some((item) => matchLeaf(item, pathname));
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className={`${focusRing} flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors hover:bg-gray-100 ${
          containsCurrent ? "text-gray-900" : "text-gray-700"
        }`}
      >
        <group.icon className="size-5 shrink-0" aria-hidden="true" />
        <span className="flex-1">{group.label}</span>
        <ChevronDown
          className={`size-4 shrink-0 text-gray-500 transition-transform ${open ? "rotate-180" : ""}`}
          aria-hidden="true"
        />
      </button>
      <ul id={panelId} hidden={!open} className="mt-1 ml-5 space-y-0.5 border-l border-gray-200 pl-3">
        {group.items.map((item) => (
          <li key={item.to}>
            <MenuItemLink leaf={item} pathname={pathname} onNavigate={onNavigate} nested>
              {item.label}
            </MenuItemLink>
          </li>
        ))}
      </ul>
    </>
  );
}
