import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, fetchJson } from "@/lib/http/fetch-json";

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

function send(res: ServerResponse, status: number, body: string, type = "application/json") {
  res.writeHead(status, { "content-type": type });
  res.end(body);
}

// Each path answers like one of the API's endpoint families would.
const routes: Record<string, Handler> = {
  "/validation": (_req, _body, res) =>
    send(
      res,
      422,
      JSON.stringify({
        error: 422,
        message: "x",
        errors: [
          { path: "agent_config.agent_name", message: "Required" },
          { path: ["tasks", 0, "prompt"], message: "Too short" },
          { path: "agent_config.agent_name", message: "Second message for the same path" },
          { message: "No path: ignored" },
        ],
      }),
    ),
  "/details-error": (_req, _body, res) => send(res, 404, JSON.stringify({ error: "not_found", message: "Call not found" })),
  "/tools-error": (_req, _body, res) => send(res, 400, JSON.stringify({ success: false, message: "Invalid URL" })),
  "/bare-error": (_req, _body, res) => send(res, 500, JSON.stringify({})),
  "/text-error": (_req, _body, res) => send(res, 502, "Bad gateway", "text/plain"),
  "/echo": (req, body, res) =>
    send(
      res,
      201,
      JSON.stringify({ method: req.method, contentType: req.headers["content-type"] ?? null, accept: req.headers.accept, body }),
    ),
  "/empty": (_req, _body, res) => {
    res.writeHead(204);
    res.end();
  },
  "/html": (_req, _body, res) => send(res, 200, "<html>proxy login</html>", "text/html"),
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const route = routes[new URL(req.url ?? "/", "http://x").pathname];
      if (route) route(req, body, res);
      else send(res, 404, JSON.stringify({ error: 404, message: "No route" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("fetchJson", () => {
  it("sends a JSON body and returns the parsed reply", async () => {
    const reply = await fetchJson<{ method: string; contentType: string; accept: string; body: string }>(`${base}/echo`, {
      method: "POST",
      body: { agent_name: "Ada", tasks: [1, 2] },
    });
    expect(reply).toEqual({
      method: "POST",
      contentType: "application/json",
      accept: "application/json",
      body: JSON.stringify({ agent_name: "Ada", tasks: [1, 2] }),
    });
  });

  it("sends no body and no Content-Type on a GET", async () => {
    const reply = await fetchJson<{ method: string; contentType: string | null; body: string }>(`${base}/echo`);
    expect(reply.method).toBe("GET");
    expect(reply.contentType).toBeNull();
    expect(reply.body).toBe("");
  });

  it("returns null for an empty 204", async () => {
    await expect(fetchJson(`${base}/empty`, { method: "DELETE" })).resolves.toBeNull();
  });

  it("turns a 422 into an ApiError with status, body and field errors", async () => {
    const err = await rejection(fetchJson(`${base}/validation`, { method: "POST", body: {} }));
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe("ApiError");
    expect(err.status).toBe(422);
    expect(err.message).toBe("x");
    expect(err.body).toMatchObject({ error: 422, message: "x" });
    expect(err.fieldErrors).toEqual({
      "agent_config.agent_name": "Required",
      "tasks.0.prompt": "Too short",
    });
  });

  it("uses the message of the /details and tools error shapes", async () => {
    const details = await rejection(fetchJson(`${base}/details-error`));
    expect([details.status, details.message, details.fieldErrors]).toEqual([404, "Call not found", {}]);

    const tools = await rejection(fetchJson(`${base}/tools-error`));
    expect([tools.status, tools.message]).toEqual([400, "Invalid URL"]);
    expect(tools.body).toEqual({ success: false, message: "Invalid URL" });
  });

  it("falls back to a generic message when the body has none", async () => {
    const err = await rejection(fetchJson(`${base}/bare-error`));
    expect(err.status).toBe(500);
    expect(err.message).toBe("Request failed with status 500 (Internal Server Error)");
  });

  it("keeps a non-JSON error body as text", async () => {
    const err = await rejection(fetchJson(`${base}/text-error`));
    expect(err.status).toBe(502);
    expect(err.body).toBe("Bad gateway");
    expect(err.message).toBe("Bad gateway");
  });

  it("rejects a 2xx that is not JSON", async () => {
    const err = await rejection(fetchJson(`${base}/html`));
    expect(err.status).toBe(200);
    expect(err.body).toBe("<html>proxy login</html>");
  });

  it("reports an unreachable server as status 0", async () => {
    // Bind then close a port so nothing listens on it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const err = await rejection(fetchJson(`http://127.0.0.1:${port}/`));
    expect(err.status).toBe(0);
  });

  it("lets an abort through as an AbortError", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(fetchJson(`${base}/echo`, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });
});
