import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";

export const RoleSchema = z.enum(ROLES, { error: "role must be one of viewer, editor, admin, owner" });

/** PATCH /api/members/{user_id} */
export const MemberUpdate = z.object({ role: RoleSchema });
export const MemberParams = z.object({ user_id: z.uuid("user_id must be a UUID") });

/** POST /api/keys */
export const KeyCreate = z.object({
  name: z.string().trim().min(1, "Name is required").max(100, "At most 100 characters"),
  scope: z.enum(["full", "read_only"], { error: "scope must be full or read_only" }),
});
export type KeyCreate = z.infer<typeof KeyCreate>;
export const KeyParams = z.object({ key_id: z.uuid("key_id must be a UUID") });

/** GET /api/audit */
export const AuditQuery = z.object({
  actor: z.string().max(100).optional(),
  action: z.string().max(100).optional(),
  resource: z.string().max(100).optional(),
  from: z.iso.datetime({ offset: true, error: "from must be an ISO-8601 date-time" }).optional(),
  to: z.iso.datetime({ offset: true, error: "to must be an ISO-8601 date-time" }).optional(),
  cursor: z.uuid("cursor must come from next_cursor").optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
