import { ChartLine, Inbox, type LucideIcon, Package, Settings, Users, Warehouse } from "lucide-react";

/** The admin menu (AdminShell: sidebar and drawer), in order. */

export interface MenuLeaf {
  label: string;
  to: string;
  /** Other pages that belong to this entry (highlighted with it), as path patterns. */
  related?: readonly RegExp[];
}

export interface MenuLink extends MenuLeaf {
  kind: "link";
  icon: LucideIcon;
}

export interface MenuGroup {
  kind: "group";
  id: string;
  label: string;
  icon: LucideIcon;
  items: readonly MenuLeaf[];
}

export type MenuEntry = MenuLink | MenuGroup;

export const ADMIN_MENU: readonly MenuEntry[] = [
  {
    kind: "link",
    label: "Utilizadores",
    to: "/dashboard",
    icon: Users,
    related: [/^\/usuarios\//, /^\/payment-status$/],
  },
  {
    kind: "group",
    id: "produtos",
    label: "Produtos",
    icon: Package,
    items: [
      { label: "Ver Produtos", to: "/produtos", related: [/^\/produtos\/(editar|editprodutos)\//] },
      { label: "Criar Banner", to: "/produtos/criar_banner" },
      { label: "Definir Banner", to: "/produtos/definir_banner" },
      { label: "Criar Produto", to: "/produtos/criar" },
      { label: "Criar Cor", to: "/produtos/color" },
      { label: "Criar Tamanho", to: "/produtos/size" },
      { label: "Definir Produto", to: "/produtos/detalhes" },
      { label: "Promoções", to: "/promocoes" },
    ],
  },
  {
    kind: "group",
    id: "stock",
    label: "Gestão de Stock",
    icon: Warehouse,
    items: [
      { label: "Gestão de Stock", to: "/gestao-stock" },
      { label: "Stock Baixo", to: "/stock-baixo" },
      { label: "Relatório de Produtos", to: "/produto/relatorio", related: [/^\/produto\/(ver\/[^/]+|categoria)$/] },
    ],
  },
  { kind: "link", label: "Relatório Geral", to: "/orders", icon: ChartLine },
  { kind: "link", label: "Mensagens", to: "/mensagens", icon: Inbox },
  { kind: "link", label: "Definições", to: "/definicoes", icon: Settings },
];

function normalize(pathname: string): string {
  return pathname.replace(/\/+$/, "") || "/";
}

/** "page" when the entry is the current page, "related" for its sub-pages, else null. */
export function matchLeaf(leaf: MenuLeaf, pathname: string): "page" | "related" | null {
  const path = normalize(pathname);
  if (path === leaf.to) return "page";
  if (leaf.related?.some((re) => re.test(path))) return "related";
  return null;
}

/** The id of the submenu that holds the current route, if any. */
export function groupForPath(pathname: string): string | null {
  for (const entry of ADMIN_MENU) {
    if (entry.kind === "group" && entry.items.some((item) => matchLeaf(item, pathname))) return entry.id;
  }
  return null;
}
