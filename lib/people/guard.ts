import "server-only";
import { auditNow } from "@/lib/core/client";
import type { AuditContext } from "@/lib/core/audit-context";
import type { AuthResult } from "@/lib/http/auth";
import { clientAddress } from "@/lib/http/client-address";
import { AppError } from "@/lib/http/errors";
import { atLeast, requiredRole, type Role } from "./roles";

/** 403 unless the caller's role reaches what the route needs (its `role` option, else the default). */
export function authorize(auth: AuthResult, method: string, pathname: string, need?: Role): void {
  const required = need ?? requiredRole(method, pathname);
  if (atLeast(auth.role, required)) return;
  if (auth.keyScope === "read_only" && isWrite(method)) {
    throw new AppError(403, "This API key is read-only: it cannot change anything");
  }
  throw new AppError(403, `Your role (${auth.role}) cannot do this: ${required} or higher is required`);
}

export const isWrite = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);

const VERB: Record<string, string> = { POST: "create", PUT: "update", PATCH: "update", DELETE: "delete" };

/**
 * The default audit description of a write: resource type from the path's first segment under
 * /api, id from the last route param, action `<type>.<verb>` (`tools.test` for sub-actions: the
 * path's last literal segment). Handlers refine it with describeAudit.
 */
export function auditContextFor(req: Request, auth: AuthResult | null, params: Record<string, unknown>): AuditContext {
  const segments = new URL(req.url).pathname.split("/").filter(Boolean).slice(1); // drop "api"
  const values = Object.values(params).filter((v): v is string => typeof v === "string");
  const resourceType = segments[0] ?? "api";
  const last = segments[segments.length - 1];
  const sub = segments.length > 1 && !values.includes(last) ? last : undefined;
  const verb = sub && sub !== resourceType ? sub : (VERB[req.method] ?? req.method.toLowerCase());
  return {
    accountId: auth?.accountId ?? "",
    actorType: auth ? (auth.userId ? "user" : "key") : "anonymous",
    actorId: auth ? (auth.userId ?? auth.keyId) : null,
    actorLabel: auth?.label ?? "anonymous",
    ip: clientAddress(req),
    action: `${resourceType}.${verb}`,
    resourceType,
    resourceId: values[values.length - 1] ?? null,
    summary: `${req.method} /api/${resourceType}${values.length ? " " + values[values.length - 1] : ""}`,
    written: false,
  };
}

/** After a successful write that did not go through writeTx: the row on its own (documented gap). */
export async function flushAudit(ctx: AuditContext, status: number): Promise<void> {
  if (ctx.written || !ctx.accountId || status >= 400) return;
  ctx.written = true;
  await auditNow(ctx);
}
