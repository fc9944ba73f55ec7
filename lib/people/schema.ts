import { z } from "zod";
import { ROLES } from "@/lib/people/roles";

export const RoleSchema = z.enum(ROLES, { error: "role must be one of viewer, editor, admin, owner" });

/** PATCH /api/members/{user_id} */
export const MemberUpdate = z.object({ role: RoleSchema });
export const MemberParams = z.object({ user_id: z.uuid("user_id must be a UUID") });

/** POST /api/keys */
export const KeyScope = z.enum(["full", "read_only"], { error: "scope must be full or read_only" });
export const KeyCreate = z.object({
  name: z.string().trim().min(1, "Name is required").max(100, "At most 100 characters"),
  scope: KeyScope,
});
export type KeyCreate = z.infer<typeof KeyCreate>;

/** A live key as GET /api/keys lists it (the handler's rows and the OpenAPI document share this). */
export const KeyInfo = z.object({
  key_id: z.string().meta({ format: "uuid", description: "Key id" }),
  name: z.string(), scope: KeyScope, last4: z.string(), created_at: z.string(),
  created_by: z.string().nullable().describe("Email of the member the key acts for (its creator); null for an account-level key"),
  account_level: z.boolean().describe("true for a key minted with the CLI (or by such a key): it acts for the account, not for a member"),
  role: RoleSchema.describe("The role the key acts with now: its creator's current role (viewer when read_only); owner for a full account-level key"),
  last_used_at: z.string().nullable(),
});
export type KeyInfo = z.infer<typeof KeyInfo>;
/** POST /api/keys answers the new key once, with what it acts as. */
export const KeyCreated = KeyInfo.pick({ key_id: true, name: true, scope: true, last4: true, created_at: true, account_level: true, role: true })
  .extend({ key: z.string().describe("`sk_…`, shown once") });
export type KeyCreated = z.infer<typeof KeyCreated>;
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

/** POST /api/members/invites */
export const InviteCreate = z.object({
  email: z.string().trim().min(1, "Email is required").max(320, "At most 320 characters").pipe(z.email("Enter an email address")),
  role: RoleSchema,
});
export type InviteCreate = z.infer<typeof InviteCreate>;
export const InviteParams = z.object({ invite_id: z.uuid("invite_id must be a UUID") });

/** A new password: the CLI's rule (12+ characters). */
export const NewPassword = z.string().min(12, "Use at least 12 characters").max(1024, "At most 1024 characters");

/** The invite page's form (POST /auth/accept-invite); the token travels in the form body. */
export const AcceptInvite = z.object({
  token: z.string().min(1, "This link is incomplete"),
  name: z.string().trim().min(1, "Your name is required").max(200, "At most 200 characters"),
  password: NewPassword,
});

/** The reset page's form (POST /auth/reset-password). */
export const ResetPassword = z.object({ token: z.string().min(1, "This link is incomplete"), password: NewPassword });

/** GET /api/audit/export: the list's filters, every page. */
export const AuditExportQuery = AuditQuery.omit({ cursor: true, limit: true });

export interface AuditRow {
  id: string; at: string; actor_type: string; actor_id: string | null; actor_label: string;
  action: string; resource_type: string; resource_id: string | null; summary: string; ip: string;
}

export type LinkKind = "invite" | "reset";

export interface PendingInvite { invite_id: string; email: string; role: string; created_at: string; expires_at: string; invited_by: string | null }

export interface Member { user_id: string; email: string; name: string; role: string; created_at: string }
