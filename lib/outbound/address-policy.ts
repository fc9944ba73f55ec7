import ipaddr from "ipaddr.js";

type IP = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Operator-configured exceptions to the "public unicast only" rule (env `TOOL_TARGET_ALLOWLIST`).
 * IP/CIDR entries allow exactly those addresses; hostname entries allow that name whatever it resolves to.
 * An IP or hostname entry may name a port (`127.0.0.1:8080`, `[::1]:8080`, `host.example:8443`), and
 * then allows only that port: opening one local service must not open every other one on the host.
 */
export interface Allowlist {
  /** [network, prefix bits, port]; no port: any port. */
  readonly cidrs: ReadonlyArray<readonly [IP, number, number?]>;
  /** Names allowed on any port, and `name:port` for names allowed on one port. */
  readonly hosts: ReadonlySet<string>;
}

export class AllowlistError extends Error {
  constructor(entry: string) {
    super(`TOOL_TARGET_ALLOWLIST: "${entry}" is not a hostname, an IP address (either may end in :port) or a CIDR range`);
    this.name = "AllowlistError";
  }
}

export type AddressVerdict =
  | { allowed: true; address: string }
  | { allowed: false; address: string; reason: string };

export type UrlVerdict =
  | { ok: true; url: URL; hostname: string; ipLiteral: string | null }
  | { ok: false; reason: string };

export const EMPTY_ALLOWLIST: Allowlist = { cidrs: [], hosts: new Set() };

// Global unicast IPv6 is 2000::/3. ipaddr.js labels everything it has no name for "unicast"
// (e.g. the deprecated IPv4-compatible ::127.0.0.1), so IPv6 must also sit inside this block.
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");
const HOSTNAME_RE = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** Lower-cases and drops the trailing root dot so `LocalHost.` and `localhost` compare equal. */
export function normalizeHostname(hostname: string): string {
  const lower = hostname.trim().toLowerCase();
  return lower.endsWith(".") ? lower.slice(0, -1) : lower;
}

function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/**
 * Reads an IP address as the OS means it, or null when the text is not one. IPv6 goes through
 * the WHATWG URL parser first because ipaddr.js reads "::1.2.3.4" as IPv4-mapped ::ffff:1.2.3.4,
 * while it is really the (deprecated) IPv4-compatible ::102:304; the URL parser prints it in hex.
 * Zone ids (fe80::1%eth0) do not change the range and are dropped.
 */
function canonicalIp(text: string): string | null {
  const host = stripBrackets(text.trim()).split("%")[0];
  if (host.includes(":")) {
    let canonical: string;
    try {
      canonical = new URL(`http://[${host}]/`).hostname.slice(1, -1);
    } catch {
      return null;
    }
    return ipaddr.IPv6.isValid(canonical) ? canonical : null;
  }
  return ipaddr.IPv4.isValidFourPartDecimal(host) ? host : null;
}

/** canonicalIp, then ipaddr.process(), which unwraps IPv4-mapped IPv6 (::ffff:127.0.0.1) to IPv4. */
export function parseIp(text: string): IP | null {
  const canonical = canonicalIp(text);
  return canonical === null ? null : ipaddr.process(canonical);
}

// An IPv6 CIDR inside ::ffff:0:0/96 is really an IPv4 range; addresses are compared after
// unwrapping IPv4-mapped IPv6, so the range must be unwrapped the same way.
function parseCidr(entry: string): readonly [IP, number] | null {
  const slash = entry.lastIndexOf("/");
  const canonical = canonicalIp(entry.slice(0, slash));
  const bitsText = entry.slice(slash + 1);
  if (canonical === null || !/^\d{1,3}$/.test(bitsText)) return null;
  const ip = ipaddr.parse(canonical);
  const bits = Number(bitsText);
  if (bits > (ip.kind() === "ipv4" ? 32 : 128)) return null;
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(ip as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  return [ip, bits];
}

// Entries are read like URL hosts, so "127.1" or "0x7f000001" mean 127.0.0.1 here as in a URL.
function readHostEntry(entry: string): IP | string | null {
  const direct = parseIp(entry);
  if (direct !== null) return direct;
  let url: URL;
  try {
    url = new URL(`http://${entry}/`);
  } catch {
    return null;
  }
  if (url.port !== "") return null; // a port was split off by splitPort; a second one is malformed
  const hostname = url.hostname;
  const viaUrl = parseIp(hostname);
  if (viaUrl !== null) return viaUrl;
  const host = normalizeHostname(entry);
  return HOSTNAME_RE.test(host) ? host : null;
}

/**
 * `[v6]:port`, `v4:port` or `name:port` → [host, port]; anything else → [entry, undefined]. A bare
 * IPv6 address (`::1`, `fd00::8080`) has several colons and never names a port without brackets.
 * null: a port is named but is not 1-65535.
 */
function splitPort(entry: string): [string, number | undefined] | null {
  const m = /^\[([^\]]+)\]:(\d+)$/.exec(entry) ?? /^([^:[\]]+):(\d+)$/.exec(entry);
  if (!m) return /^[^:]*:[^:]*$/.test(entry) ? null : [entry, undefined];
  const port = Number(m[2]);
  return port >= 1 && port <= 65535 ? [m[1], port] : null;
}

/** The port a URL connects to: the explicit one, or its scheme's default. */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

/** Parses a comma-separated allowlist; throws AllowlistError naming the first malformed entry. */
export function parseAllowlist(raw: string | undefined | null): Allowlist {
  const cidrs: Array<readonly [IP, number, number?]> = [];
  const hosts = new Set<string>();
  for (const part of (raw ?? "").split(",")) {
    const entry = part.trim();
    if (entry === "") continue;
    if (entry.includes("/")) {
      const cidr = parseCidr(entry);
      if (cidr === null) throw new AllowlistError(entry);
      cidrs.push(cidr);
      continue;
    }
    const split = splitPort(entry);
    const parsed = split && readHostEntry(split[0]);
    if (!split || parsed === null) throw new AllowlistError(entry);
    const port = split[1];
    if (typeof parsed === "string") hosts.add(port === undefined ? parsed : `${parsed}:${port}`);
    else cidrs.push(port === undefined ? [parsed, parsed.kind() === "ipv4" ? 32 : 128] : [parsed, parsed.kind() === "ipv4" ? 32 : 128, port]);
  }
  return { cidrs, hosts };
}

/**
 * Why an address is not public unicast (the ipaddr.js range name, e.g. "loopback", "private"),
 * or null when it is. Pure: never resolves or connects.
 */
export function nonPublicReason(address: string): string | null {
  const ip = parseIp(address);
  if (ip === null) return "not an IP address";
  const range = ip.range();
  if (range !== "unicast") return range;
  if (ip.kind() === "ipv6" && !ip.match(IPV6_GLOBAL_UNICAST)) return "outside global unicast 2000::/3";
  return null;
}

export function isPublicUnicast(address: string): boolean {
  return nonPublicReason(address) === null;
}

/** `port` is where the connection goes; without it only entries that name no port count. */
export function isAddressAllowlisted(address: string, allowlist: Allowlist, port?: number): boolean {
  const ip = parseIp(address);
  if (ip === null) return false;
  return allowlist.cidrs.some(([net, bits, only]) =>
    net.kind() === ip.kind() && ip.match(net, bits) && (only === undefined || only === port));
}

export function isHostAllowlisted(hostname: string, allowlist: Allowlist, port?: number): boolean {
  const host = normalizeHostname(stripBrackets(hostname));
  return allowlist.hosts.has(host) || (port !== undefined && allowlist.hosts.has(`${host}:${port}`));
}

/** May we connect to this resolved (or literal) address, on this port? Public unicast or allowlisted by IP/CIDR. */
export function checkAddress(address: string, allowlist: Allowlist, port?: number): AddressVerdict {
  const canonical = parseIp(address)?.toString() ?? address;
  if (isAddressAllowlisted(address, allowlist, port)) return { allowed: true, address: canonical };
  const reason = nonPublicReason(address);
  return reason === null
    ? { allowed: true, address: canonical }
    : { allowed: false, address: canonical, reason };
}

/**
 * Checks a URL before any connection: scheme, credentials and IP literals. IP literals never reach
 * a DNS lookup, so they are judged here; `new URL()` has already turned decimal, hex and octal IPv4
 * forms (http://2130706433/, http://0x7f000001/, http://0177.0.0.1/) into dotted quads.
 * A hostname passes here and is judged later, address by address, by the pinned lookup.
 */
export function checkUrl(input: string | URL, allowlist: Allowlist): UrlVerdict {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: "the URL is not a valid absolute URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: `only http and https URLs are allowed, not ${url.protocol}` };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, reason: "URLs with embedded credentials are not allowed" };
  }
  const hostname = stripBrackets(url.hostname);
  if (parseIp(hostname) === null) {
    return { ok: true, url, hostname: normalizeHostname(hostname), ipLiteral: null };
  }
  const verdict = checkAddress(hostname, allowlist, portOf(url));
  if (!verdict.allowed) {
    return {
      ok: false,
      reason: `${url.hostname} is not a public address (${verdict.reason})`,
    };
  }
  return { ok: true, url, hostname, ipLiteral: verdict.address };
}
