// Node reports an IPv4 client on a dual-stack socket as an IPv4-mapped IPv6 address
// ("::ffff:127.0.0.1"); people know it as 127.0.0.1. Stored as received, shown as IPv4.

const MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** "::ffff:127.0.0.1" → "127.0.0.1"; any other address (or none) unchanged. */
export function displayIp(ip: string | null | undefined): string {
  if (!ip) return "";
  return MAPPED.exec(ip.trim())?.[1] ?? ip;
}
