// A team's webhook receiver on 127.0.0.1, for tests: it verifies every request with the
// `standardwebhooks` package exactly as a user's server would (README's five lines) and answers as
// told: 200, 500, 410, 429 with Retry-After, never (hang), or when the test says (hold, then release).
import type http from "node:http";
import { Webhook } from "standardwebhooks";
import { startLoopbackServer, type LoopbackServer } from "./loopback-server";

export type ReceiverMode = "ok" | "500" | "410" | "429" | "hang" | "hold";

export interface Received {
  id: string; type: string; body: string; signatures: number;
  /** What the receiver answered (0: it never did). */
  status: number;
  /** Which of the receiver's secrets verified it (empty: none did). */
  verifiedBy: string[];
}

export interface WebhookReceiver {
  readonly url: string;
  readonly server: LoopbackServer;
  /** Secrets the receiver knows; it accepts a message any of them verifies. */
  secrets: string[];
  mode: ReceiverMode;
  retryAfter: string;
  readonly received: Received[];
  /** Requests answered 2xx whose signature verified. */
  readonly accepted: Received[];
  /** Answers the requests held so far (mode "hold") as `mode` says. */
  release(mode: Exclude<ReceiverMode, "hang" | "hold">): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = "/hooks"): Promise<WebhookReceiver> {
  const hung: http.ServerResponse[] = [];
  let held: ((mode: ReceiverMode) => void)[] = [];
  const state = {
    secrets: [] as string[], mode: "ok" as ReceiverMode, retryAfter: "120", received: [] as Received[],
  };
  const server = await startLoopbackServer((req, res, body) => {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const verifiedBy = state.secrets.filter((s) => {
      try {
        new Webhook(s).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    });
    let type = "";
    try {
      type = String((JSON.parse(body) as { type?: unknown }).type);
    } catch { /* not JSON: left empty */ }
    const signatures = (headers["webhook-signature"] ?? "").split(" ").filter(Boolean).length;
    const entry: Received = { id: headers["webhook-id"] ?? "", type, body, signatures, verifiedBy, status: 0 };
    state.received.push(entry);
    const answer = (status: number, text: string, extra: Record<string, string> = {}) => {
      entry.status = status;
      res.writeHead(status, extra).end(text);
    };
    const respond = (mode: ReceiverMode) => {
      if (verifiedBy.length === 0) return answer(401, "bad signature");
      if (mode === "500") return answer(500, "receiver broke");
      if (mode === "410") return answer(410, "gone");
      if (mode === "429") return answer(429, "slow down", { "retry-after": state.retryAfter });
      answer(200, JSON.stringify({ ok: true, id: headers["webhook-id"] }), { "content-type": "application/json" });
    };
    if (state.mode === "hang") return void hung.push(res);
    if (state.mode === "hold") {
      hung.push(res);
      return void held.push(respond);
    }
    respond(state.mode);
  });
  const receiver = {
    url: `${server.origin}${path}`, server,
    get secrets() { return state.secrets; }, set secrets(v: string[]) { state.secrets = v; },
    get mode() { return state.mode; }, set mode(v: ReceiverMode) { state.mode = v; },
    get retryAfter() { return state.retryAfter; }, set retryAfter(v: string) { state.retryAfter = v; },
    get received() { return state.received; },
    get accepted() { return state.received.filter((r) => r.status >= 200 && r.status < 300); },
    release(mode: Exclude<ReceiverMode, "hang" | "hold">) {
      const waiting = held;
      held = [];
      for (const respond of waiting) respond(mode);
    },
    close: () => {
      for (const res of hung) res.destroy();
      return server.close();
    },
  };
  return receiver;
}
