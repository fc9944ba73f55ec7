import "server-only";
import ipaddr from "ipaddr.js";
import { config } from "@/lib/core/config";
import type { TrustProxy } from "@/lib/core/trust-proxy";
import { logError } from "./log";
import { peerOf } from "./peer";

type HasHeaders = { headers: Pick<Headers, "get"> };

/**
 * The client's address, the one source for the rate limiters, the sign-in limiter and the audit
 * log. TRUST_PROXY off: the socket's peer (lib/http/peer.ts), whatever X-Forwarded-For says. On,
 * a hop count or CIDRs: X-Forwarded-For read from the right (each proxy appends the address it
 * saw), skipping the trusted proxies. IPv4-mapped IPv6 is shown as IPv4; "unknown" when there is
 * no peer (a request that did not come through our HTTP server) or a trusted hop forwarded junk.
 */
export function clientAddress(req: HasHeaders): string {
  const stamped = peerOf(req.headers);
  if (!stamped) warnOnce();
  const peer = normalize(stamped?.address);
  const trust = config().TRUST_PROXY;
  if (trust.hops === 0) return peer;
  const forwarded = (req.headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const chain = [...forwarded.map(normalize), peer]; // nearest hop last
  if (trust.hops !== undefined) return chain[Math.max(0, chain.length - 1 - trust.hops)];
  for (let i = chain.length - 1; i > 0; i--) if (!trusted(chain[i], trust)) return chain[i];
  return chain[0];
}

/** Whether the X-Forwarded-* headers of this request are believed: the peer is a trusted proxy. */
export function fromTrustedProxy(req: HasHeaders): boolean {
  const trust = config().TRUST_PROXY;
  return trust.hops !== undefined ? trust.hops > 0 : trusted(normalize(peerOf(req.headers)?.address), trust);
}

/** HTTPS as the browser used it: a TLS socket, or a trusted proxy's X-Forwarded-Proto. */
export function requestIsHttps(req: HasHeaders): boolean {
  if (peerOf(req.headers)?.https) return true;
  return fromTrustedProxy(req) && req.headers.get("x-forwarded-proto")?.split(",")[0].trim().toLowerCase() === "https";
}

export function isLoopback(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === "loopback";
}

let warned = false;
function warnOnce() {
  if (warned || process.env.NODE_ENV !== "production") return;
  warned = true;
  logError("client address unknown: the peer stamp of instrumentation.ts is missing, limits per address do not apply", {});
}

function normalize(raw: string | undefined): string {
  if (!raw) return "unknown";
  // Some proxies add a port: "203.0.113.7:5123", "[2001:db8::1]:443".
  const bare = /^\[(.+)\](?::\d+)?$/.exec(raw)?.[1] ?? /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(raw)?.[1] ?? raw;
  return ipaddr.isValid(bare) ? ipaddr.process(bare).toString() : "unknown";
}

function trusted(address: string, trust: TrustProxy): boolean {
  if (!trust.cidrs || !ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return trust.cidrs.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
}
