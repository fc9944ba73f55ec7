import "server-only";
import packageJson from "../../package.json";
import { CONNECT_TIMEOUT_MS } from "@/lib/outbound/safe-fetch";
import { describeFailure } from "@/lib/outbound/outbound-errors";
import type { Claimed } from "./db/deliveries";
import type { EndpointRow } from "./db/endpoints";
import { parseRetryAfter } from "./retry";
import { signHeaders } from "./sign";

// One signed POST of a message to an endpoint, and what to keep of its answer.

const RESPONSE_BYTES = 1024;
const USER_AGENT = `Voxdesk-Webhooks/${packageJson.version}`;

/** requestHeaders: what went out, kept with the attempt for the delivery log (the signature is not the secret). */
export interface Sent { ok: boolean; responseStatus: number | null; durationMs: number; response: string; retryAfterMs: number | null; requestHeaders: Record<string, string> }

export async function sendOnce(send: typeof fetch, e: EndpointRow, secrets: string[], item: Claimed, now: number, timeoutMs: number): Promise<Sent> {
  const headers = { "content-type": "application/json", "user-agent": USER_AGENT, ...signHeaders(item.event_id, new Date(), item.payload, secrets) };
  const started = performance.now();
  try {
    const res = await send(e.url, { method: "POST", headers, body: item.payload });
    const response = await firstBytes(res);
    return {
      ok: res.status >= 200 && res.status < 300, responseStatus: res.status, durationMs: performance.now() - started,
      response, retryAfterMs: parseRetryAfter(res.headers.get("retry-after"), now), requestHeaders: headers,
    };
  } catch (err) {
    const durationMs = performance.now() - started;
    const url = new URL(e.url);
    const timedOut = (err instanceof Error && err.name === "TimeoutError") || durationMs >= timeoutMs - 50;
    const { message } = describeFailure(err, { timedOut, timeoutMs, connectTimeoutMs: CONNECT_TIMEOUT_MS, target: url.host, hostname: url.hostname });
    return { ok: false, responseStatus: null, durationMs, response: message, retryAfterMs: null, requestHeaders: headers };
  }
}

/** The first 1 KB of the answer for the log; the rest is not read (the connection is let go). */
async function firstBytes(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_BYTES) {
      const r = await reader.read();
      if (r.done) break;
      chunks.push(r.value);
      size += r.value.byteLength;
    }
  } catch {
    // a body cut short still leaves what arrived
  } finally {
    void reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_BYTES).toString("utf8");
}
