// A real HTTP server on 127.0.0.1 that hands requests to our real route handlers, for tests in
// which an outside party (the fake Bolna engine) must reach the app over HTTP without a full
// `next start`. Routes are matched by pattern; named groups become the handler's params.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { stampPeerOnRequests } from "@/lib/http/peer";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export async function startRouteServer(routes: [RegExp, Record<string, unknown>][], host = "127.0.0.1") {
  stampPeerOnRequests(); // as instrumentation.ts does under `next start`: handlers see the socket's peer
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const found = routes.map(([re, h]) => [re.exec(url.pathname), h] as const).find(([m]) => m);
    const handler = found?.[1][req.method ?? "GET"] as Handler | undefined;
    if (!found || !handler) {
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    // As under `next start`: the request's signal aborts when the client goes away, and the body is
    // written as it is produced (a server-sent event stream never ends on its own).
    const gone = new AbortController();
    res.on("close", () => gone.abort());
    const request = new Request(url, { method: req.method, headers, body, signal: gone.signal });
    const response = await handler(request, { params: Promise.resolve({ ...found[0]!.groups }) });
    // Several Set-Cookie headers stay several (fromEntries would keep only the last), as under next start.
    const out: Record<string, string | string[]> = Object.fromEntries(response.headers);
    if (response.headers.has("set-cookie")) out["set-cookie"] = response.headers.getSetCookie();
    res.writeHead(response.status, out);
    if (!response.body) return void res.end();
    const reader = response.body.getReader();
    try {
      for (let r = await reader.read(); !r.done && !gone.signal.aborted; r = await reader.read()) res.write(r.value);
    } finally {
      void reader.cancel().catch(() => {});
      res.end();
    }
  });
  // host "::" takes IPv4 clients too, as IPv4-mapped IPv6 peers (::ffff:127.0.0.1).
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}
