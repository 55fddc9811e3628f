// The audit's floor server (scripts/audit-web.ts): serves the bare React Router page built from this folder,
// through the same static-file handler and compression as the shop (server/http/web.ts, server/app.ts),
// so the only difference Lighthouse sees between the two is the app itself.
// Usage: node scripts/audit-floor/server.ts <port>   (prints "listening" when ready)
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyCompress from "@fastify/compress";
import Fastify from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { registerClientAssets, sendWebResponse, toWebRequest } from "#server/http/web.ts";
const buildDir = path.join(import.meta.dirname, "../../node_modules/.cache/audit-floor"); // react-router.config.ts

const port = Number(process.argv[2] ?? 0);
const publicUrl = `http://127.0.0.1:${port}`;

const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
const handle = createRequestHandler(build, "production");
const app = Fastify();
await app.register(fastifyCompress, { global: true, threshold: 1024 }); // as server/app.ts
await registerClientAssets(app, path.join(buildDir, "client"));
app.get("*", async (request, reply) => sendWebResponse(reply, await handle(toWebRequest(request, publicUrl))));
await app.listen({ port, host: "127.0.0.1" });
console.log("listening");
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void app.close().then(() => process.exit(0)));
