import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { Config } from "#server/core/config.ts";
import { recordRunningShop } from "#server/core/running-shop.ts";

/** An address this machine's tools can connect to: the loopback one when the shop listens on every interface. */
function reachable(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * Listens on HOST and PORT and records under DATA_DIR where this instance answers (core/running-shop.ts), with the
 * port actually taken (PORT=0 picks one). Returns that address and what removes the record, for the shutdown.
 */
export async function listenAndRecord(
  app: FastifyInstance,
  config: Pick<Config, "host" | "port" | "dataDir">,
): Promise<{ url: string; forget: () => void }> {
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://${reachable(config.host)}:${port}`;
  return { url, forget: recordRunningShop(config.dataDir, url) };
}
