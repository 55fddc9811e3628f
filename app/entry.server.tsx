import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { isDatabaseUnavailable } from "#server/core/db/unavailable.ts";
import { webContext } from "./context.ts";
import { NonceContext } from "./nonce.tsx";

// Re-exported so the Fastify bridge fills the same context key the routes read.
export { webContext };

export const streamTimeout = 10_000;

/**
 * Every error a loader or action throws: logged (as React Router does by default), and noted on the
 * request's context when it means the database is unreachable (the bridge then answers 503).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const web = context.get(webContext);
  if (isDatabaseUnavailable(error)) web.failure.databaseUnavailable = true;
  web.log.error({ err: error }, "page loader or action failed");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(webContext).nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JS clients get the whole document at once.
    const readyEvent = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        // A finished <Suspense> boundary is written in place, never moved to the end of the document for a script to
        // put back (React does that past 12.8 KB by default): the page is complete without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.get(webContext).log.error({ err: error }, "page render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
