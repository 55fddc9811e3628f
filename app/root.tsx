import { useEffect, type ReactNode } from "react";
import { isRouteErrorResponse, Link, Links, Meta, Outlet, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { configuredPicturesBase } from "#app/components/catalog/image-urls.ts";
import { LazyToaster } from "#app/lib/toast.tsx";
import { useNonce } from "./nonce.tsx";
import { PaintFirstScripts } from "./paint-first-scripts.tsx";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Marks the document once React has taken over (used by the browser tests to wait for handlers).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    // data-pictures: UPLOADS_PUBLIC_URL (a CDN), read by the browser's picture URLs (image-urls.ts).
    <html lang="pt-PT" data-pictures={configuredPicturesBase()}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111827" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-gray-900 antialiased">
        {children}
        <LazyToaster position="top-center" richColors closeButton />
        <ScrollRestoration nonce={nonce} />
        <PaintFirstScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Algo deu errado.";
  let detail = "Ocorreu um erro inesperado. Tente novamente dentro de momentos.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "Página não encontrada";
      detail = "A página que procura não existe ou foi removida.";
    } else {
      title = `Erro ${error.status}`;
      detail = typeof error.data === "string" && error.data ? error.data : error.statusText || detail;
    }
  }
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-gray-600">{detail}</p>
      <Link to="/" className="rounded-md bg-gray-900 px-4 py-2 text-white hover:bg-gray-700">
        Voltar à loja
      </Link>
    </main>
  );
}
