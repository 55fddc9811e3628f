/*
 * The haproxy.cfg of the load-balancer drill (tests/faults/haproxy.ts) and of docs/operations.md: the drill renders
 * it with its own ports and faster health checks; `node tests/faults/haproxy-config.ts` prints the production one.
 */

export interface HaproxyOptions {
  /** Where shoppers connect (behind TLS termination in production). */
  bind: string;
  /** The statistics page (/stats, and /stats;csv for scripts). */
  stats: string;
  servers: Array<{ name: string; address: string }>;
  /** Health-check interval: an instance is out after 2 failed checks, back after 2 good ones. */
  checkIntervalMs: number;
}

export function haproxyConfig(o: HaproxyOptions): string {
  const servers = o.servers.map((s) => `    server ${s.name} ${s.address} check`).join("\n");
  return `# Loja behind HAProxy (2.6+): several instances on one PostgreSQL; no sticky sessions.
global
    maxconn 4096

defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout check 2s
    # A connection refused or reset before the request was sent (an instance that just died) is tried again on
    # another instance; a request already sent is never retried (a POST /orders may have been taken).
    retries 2
    option redispatch 1

frontend shop
    bind ${o.bind}
    option forwardfor
    default_backend loja

backend loja
    balance leastconn
    # SIGTERM turns /healthz to 503 for SHUTDOWN_DRAIN_MS while the instance still serves: set the drain longer
    # than 2 check intervals (here ${2 * o.checkIntervalMs} ms) plus one check's time-out.
    option httpchk
    http-check send meth GET uri /healthz
    http-check expect status 200
    default-server inter ${o.checkIntervalMs}ms fall 2 rise 2
    # Which instance answered (for the drill and for debugging; names only, no addresses).
    http-response set-header X-Served-By %[srv_name]
${servers}

frontend stats
    bind ${o.stats}
    stats enable
    stats uri /stats
`;
}

if (import.meta.main) {
  process.stdout.write(
    haproxyConfig({
      bind: "127.0.0.1:8080",
      stats: "127.0.0.1:8404",
      servers: [1, 2, 3].map((n) => ({ name: `loja${n}`, address: `10.0.0.${10 + n}:3000` })),
      checkIntervalMs: 2000,
    }),
  );
}
