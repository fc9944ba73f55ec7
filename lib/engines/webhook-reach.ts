import ipaddr from "ipaddr.js";

/**
 * Whether an engine on the internet could post to this URL: not when its host is loopback,
 * private, link-local or a local name (localhost, *.local, *.internal, a bare name). Pure, so the
 * console can tell the operator to set PUBLIC_URL from the webhook URL it shows.
 */
export function reachableFromInternet(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    return false;
  }
  if (ipaddr.isValid(hostname)) return ipaddr.process(hostname).range() === "unicast";
  return !(hostname === "localhost" || /\.(localhost|local|internal|lan|home)$/.test(hostname) || !hostname.includes("."));
}
