import { productStackDependencies } from "../app/product-stack-dependencies.js";
import { loadServedSet } from "../serve/load-served-set.js";
import type { ServedSet } from "../serve/served-member.js";
import { startServeServer, type ServeServer, type StartServeServerOptions } from "../serve/start-serve-server.js";
import { OpenEnvTestClient } from "./openenv-test-client.js";

/**
 * `envrigger serve` in process on a free loopback port, for tests: `serve` starts one (BugFix
 * clamp-0 and range-0 unless given a set), `connect` opens a WebSocket client to it, and
 * `close` (call it in `afterEach`) closes every client and drains every server started since.
 */
export function serveTestServers() {
  const servers: ServeServer[] = [];
  const clients: OpenEnvTestClient[] = [];
  return {
    async serve(options: Partial<StartServeServerOptions> = {}, set?: ServedSet): Promise<ServeServer> {
      const served = set ?? (await loadServedSet({ env: "bugfix", tasks: ["clamp-0", "range-0"] }));
      const server = await startServeServer({
        set: served,
        dependencies: productStackDependencies(),
        port: 0,
        ...options,
      });
      servers.push(server);
      return server;
    },
    async connect(server: ServeServer): Promise<OpenEnvTestClient> {
      const client = await OpenEnvTestClient.connect(server.url);
      clients.push(client);
      return client;
    },
    async close(): Promise<void> {
      for (const client of clients.splice(0)) client.close();
      await Promise.all(servers.splice(0).map((server) => server.drain()));
    },
  };
}

/** GET a URL; its status and JSON body. */
export async function getJson(url: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as any };
}

/** POST a JSON body (a string is sent as is); the status and JSON body of the answer. */
export async function postJson(url: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}
