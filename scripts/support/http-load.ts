import http from "node:http";

// HTTP load for the benches (over-HTTP section, webhook ingest): keep-alive clients on 127.0.0.1
// only, every loop bounded by time and by a request count.

/** One request; resolves the body of a 2xx answer, rejects on any other status (its first 200 characters). */
export function httpRequest(url: string, agent: http.Agent, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<string> {
  const method = opts.method ?? "GET";
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: opts.headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300 ? resolve(text) : reject(new Error(`${method} ${new URL(url).pathname.slice(0, 40)} answered ${res.statusCode}: ${text.slice(0, 200)}`))));
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

// A fresh keep-alive agent per phase: a socket left idle while another server was measured may be
// closed by its server (keepAliveTimeout) just as the client reuses it (ECONNRESET).
export async function withAgent(clients: number, fn: (agent: http.Agent) => Promise<void>): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  try {
    await fn(agent);
  } finally {
    agent.destroy();
  }
}

export interface BurstResult { done: number; ms: number; latencies: number[] }

/** `clients` concurrent keep-alive clients each send `send()` back to back for `ms`; every latency is kept. */
export async function loadBurst(clients: number, ms: number, send: (agent: http.Agent) => Promise<unknown>): Promise<BurstResult> {
  const result: BurstResult = { done: 0, ms: 0, latencies: [] };
  await withAgent(clients, async (agent) => {
    const start = performance.now();
    const until = start + ms;
    await Promise.all(Array.from({ length: clients }, async () => {
      for (let i = 0; i < 1_000_000 && performance.now() < until; i++) {
        const t = performance.now();
        await send(agent);
        result.latencies.push(performance.now() - t);
        result.done++;
      }
    }));
    result.ms = performance.now() - start;
  });
  return result;
}
