import "server-only";
import dns from "node:dns";
import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { checkAddress, isHostAllowlisted, type Allowlist } from "./address-policy";

/** Resolves a hostname to every A/AAAA record. Injectable so tests never depend on real DNS. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Thrown (through the socket) when a hostname resolves to an address the policy refuses. The
 * message names the host only: it reaches API callers (tool test results, engine errors), and the
 * DNS answer would map the server's private network for them.
 */
export class BlockedAddressError extends Error {
  readonly code = "ERR_OUTBOUND_BLOCKED";
  constructor(message: string) {
    super(message);
    this.name = "BlockedAddressError";
  }
}

function notFound(hostname: string, detail: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${detail} for ${hostname}`), { code: "ENOTFOUND", hostname });
}

/**
 * Resolves once and judges every address: one refused address refuses the whole name, because
 * the socket may pick any of them (and an attacker controls which records a name returns).
 * A name on the allowlist is trusted whatever it resolves to. `port`: where the connection goes
 * (allowlist entries may name one); without it only entries that name no port count.
 */
export async function resolveChecked(
  hostname: string,
  allowlist: Allowlist,
  resolve: Resolver = systemResolver,
  port?: number,
): Promise<LookupAddress[]> {
  const addresses = await resolve(hostname);
  if (addresses.length === 0) throw notFound(hostname, "no A/AAAA records");
  if (isHostAllowlisted(hostname, allowlist, port)) return addresses;
  if (addresses.some(({ address }) => !checkAddress(address, allowlist, port).allowed)) {
    throw new BlockedAddressError(`${hostname} is not a public address (it resolves to an internal or reserved one)`);
  }
  return addresses;
}

function wantedFamily(family: unknown): 4 | 6 | null {
  if (family === 4 || family === "IPv4") return 4;
  if (family === 6 || family === "IPv6") return 6;
  return null;
}

/**
 * A `lookup` for net/tls.connect (undici's `connect.lookup`). The socket connects to exactly the
 * addresses checked here, so a second, different DNS answer (rebinding) can never be used.
 * Node skips `lookup` for IP literals, which is why URLs are checked first with checkUrl().
 */
export function createPinnedLookup(allowlist: Allowlist, resolve: Resolver = systemResolver, port?: number): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, allowlist, resolve, port).then(
      (addresses) => {
        const family = wantedFamily(options.family);
        const usable = family === null ? addresses : addresses.filter((a) => a.family === family);
        if (usable.length === 0) {
          callback(notFound(hostname, `no IPv${family} address`), "", 0);
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, usable[0].address, usable[0].family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 0),
    );
  };
}
