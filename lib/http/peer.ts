import "server-only";
import crypto from "node:crypto";
import dc from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

/**
 * The socket's peer address, for a route handler. Next 16 gives handlers no way to the socket
 * (`request.ip` is gone), and Next fills X-Forwarded-For from the socket only when the client sent
 * none (`??=` in next/dist/server/base-server.js): that header says whatever the client wants.
 * Node announces every request on the diagnostics channel "http.server.request.start" before the
 * server's 'request' listeners (Next) run; the subscriber writes the peer into a request header,
 * overwriting any the client sent, and Next copies request headers into the Request. The header
 * also carries a random tag of this process, so without the subscriber (a request that did not
 * come through our HTTP server) a header a client made up is not believed.
 */
const HEADER = "x-voxdesk-peer";
// On globalThis: instrumentation and route bundles may each evaluate this module.
const STATE = Symbol.for("voxdesk.peer-tag");
type Global = { [STATE]?: string };

/** Called once per process by instrumentation.ts (and by the test route server). */
export function stampPeerOnRequests(): void {
  const g = globalThis as Global;
  if (g[STATE]) return;
  const tag = crypto.randomBytes(16).toString("base64url");
  g[STATE] = tag;
  dc.subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: TLSSocket };
    request.headers[HEADER] = `${tag} ${socket.remoteAddress ?? "unknown"} ${socket.encrypted ? "https" : "http"}`;
  });
}

export interface Peer { address: string; https: boolean }

export function peerOf(headers: Pick<Headers, "get">): Peer | undefined {
  const tag = (globalThis as Global)[STATE];
  const [sent, address, scheme] = headers.get(HEADER)?.split(" ") ?? [];
  if (!tag || sent !== tag || !address) return undefined;
  return { address, https: scheme === "https" };
}
