// Real HTTP servers for tests. They bind loopback addresses only (127.0.0.0/8, ::1), never a
// wildcard, and count every TCP connection so a test can prove that nothing connected.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

export interface LoopbackServer {
  readonly host: string;
  readonly port: number;
  /** Base URL, e.g. http://127.0.0.1:41234 (IPv6 hosts bracketed). */
  readonly origin: string;
  /** TCP connections accepted so far. */
  readonly connections: number;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startLoopbackServer(
  handler: Handler,
  options: { host?: string; port?: number } = {},
): Promise<LoopbackServer> {
  const host = options.host ?? "127.0.0.1";
  if (!/^127\.\d+\.\d+\.\d+$/.test(host) && host !== "::1") {
    throw new Error(`test servers bind loopback only, not ${host}`);
  }
  let connections = 0;
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    host,
    port,
    origin: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    get connections() {
      return connections;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** Echoes what arrived, so a test can assert on it from the tool result as well. */
export const echoHandler: Handler = (req, res, body) =>
  sendJson(res, 200, { method: req.method, url: req.url, body, authorization: req.headers.authorization ?? null });
