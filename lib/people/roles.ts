/**
 * Roles, weakest first. What a request needs is decided in the route wrapper (lib/http/route.ts):
 * a route may say `role: "admin"`; otherwise `requiredRole` picks a safe default, so a route added
 * without thinking about roles is still protected.
 */
export const ROLES = ["viewer", "editor", "admin", "owner"] as const;
export type Role = (typeof ROLES)[number];

export const rank = (r: Role): number => ROLES.indexOf(r);
export const atLeast = (have: Role, need: Role): boolean => rank(have) >= rank(need);

/** Families that hold people, credentials or outside connections: admin even to read. */
const ADMIN_PREFIXES = ["/api/members", "/api/keys", "/api/audit", "/api/engines", "/api/ai-providers", "/api/suppressions", "/api/do-not-call", "/api/webhook-endpoints"];
/**
 * Read by everyone, changed by admins: alert rules (their current value and state; they mail
 * people) and the price table (every call's estimated cost follows it).
 */
const ADMIN_WRITE_PREFIXES = ["/api/alert-rules", "/api/pricing"];

export function requiredRole(method: string, pathname: string): Role {
  if (ADMIN_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`))) {
    // Engines are read by editors too (deploying needs to list them); changing them is admin.
    if (pathname.startsWith("/api/engines") && (method === "GET" || method === "HEAD")) return "editor";
    return "admin";
  }
  const read = method === "GET" || method === "HEAD";
  if (!read && ADMIN_WRITE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return "admin";
  return read ? "viewer" : "editor";
}

/**
 * Who may give whom which role (umami's permissions/team.ts pattern): one rule for changing a
 * role (from → to), inviting (from = null) and removing (to = null). Managing people is admin+,
 * and nobody acts on a role above their own or grants one: so only an owner grants, takes away,
 * removes or resets the password of an owner (a reset link acts on `from` = `to` = the member's role).
 * Roles come as stored strings; one we do not know counts as owner, so only an owner touches it.
 */
export function canSetRole(actor: Role, from: string | null, to: string | null): boolean {
  const within = (r: string | null) => r === null || rank(actor) >= (isRole(r) ? rank(r) : rank("owner"));
  return atLeast(actor, "admin") && within(from) && within(to);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
