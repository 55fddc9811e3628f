import type { FastifyReply, FastifyRequest } from "fastify";

/*
 * The page a browser gets while a dependency is down (the database restarting): a plain 503
 * in pt-PT that reloads itself, instead of the app's generic error page or a JSON body.
 */

/** Paths of the JSON API (the same rule as the access hook) and of files. */
const NOT_PAGES = /^\/(api|users|orders|uploads|assets)(\/|$)/;

/** A browser navigating to a page (not an API call, not a file, not React Router's .data fetch). */
export function wantsHtmlPage(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const pathname = request.url.split("?")[0] ?? "";
  if (NOT_PAGES.test(pathname) || pathname.endsWith(".data")) return false;
  return (request.headers.accept ?? "").includes("text/html");
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function unavailablePage(message: string): string {
  return `<!doctype html>
<html lang="pt-PT">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="15">
<meta name="robots" content="noindex">
<title>Serviço temporariamente indisponível</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#1e293b}
main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 1rem}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
<h1>Serviço temporariamente indisponível</h1>
<p>${escapeHtml(message)}</p>
<p><a href="">Tentar novamente</a></p>
</main>
</body>
</html>
`;
}

export function sendUnavailablePage(reply: FastifyReply, message: string): FastifyReply {
  return reply
    .status(503)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    )
    .send(unavailablePage(message));
}
