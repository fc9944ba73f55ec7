import ipaddr from "ipaddr.js";

/**
 * TRUST_PROXY (README, "Configuration"): which proxies in front of the app may say who the client
 * is. `hops: 0` believes no forwarded header (the client is the socket's peer); `hops: n` believes
 * the n proxies nearest the app; `cidrs` believes every hop inside those ranges.
 */
export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];
export type TrustProxy = { hops: number; cidrs?: undefined } | { hops?: undefined; cidrs: Cidr[] };

/** off | false | 0 (default), on | true (one proxy), a hop count, or a comma-separated list of proxy addresses/CIDRs. */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const v = value.trim().toLowerCase();
  if (["", "off", "false", "no"].includes(v)) return { hops: 0 };
  if (["on", "true", "yes"].includes(v)) return { hops: 1 };
  if (/^\d+$/.test(v)) return Number(v) <= 32 ? { hops: Number(v) } : { error: "a hop count is at most 32" };
  const cidrs: Cidr[] = [];
  for (const part of v.split(",").map((p) => p.trim()).filter(Boolean)) {
    if (ipaddr.isValidCIDR(part)) cidrs.push(ipaddr.parseCIDR(part));
    else if (ipaddr.isValid(part)) {
      const ip = ipaddr.process(part);
      cidrs.push([ip, ip.kind() === "ipv4" ? 32 : 128]);
    } else return { error: `"${part}" is not an IP address or CIDR range (use off, on, a hop count, or e.g. 10.0.0.0/8,127.0.0.1)` };
  }
  return cidrs.length ? { cidrs } : { hops: 0 };
}
