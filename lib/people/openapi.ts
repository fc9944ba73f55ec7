import { z } from "zod";
import { AuditExportQuery, AuditQuery, InviteCreate, InviteParams, KeyCreate, KeyCreated, KeyInfo, KeyParams, MemberParams, MemberUpdate, RoleSchema } from "@/lib/people/schema";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { uuid } from "@/lib/openapi/responses";

const TAG = "Teams";
const ROLE_403 = "The caller's role is too low (admin or higher needed), or the API key is read-only";
const Member = z.object({ user_id: uuid("User id"), email: z.string(), name: z.string(), role: RoleSchema, created_at: z.string() });
const PendingInvite = z.object({
  invite_id: uuid("Invite id"), email: z.string(), role: RoleSchema, created_at: z.string(), expires_at: z.string(),
  invited_by: z.string().nullable().describe("Email of the member who sent it"),
});
const AuditEntry = z.object({
  id: uuid("Entry id (UUIDv7, time-ordered)"), at: z.string(), actor_type: z.enum(["user", "key", "anonymous", "system"]),
  actor_id: z.string().nullable(), actor_label: z.string(), action: z.string().describe("e.g. `agent.create`, `keys.revoke`, `session.failed`"),
  resource_type: z.string(), resource_id: z.string().nullable(), summary: z.string(), ip: z.string(),
});

export function teamsPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/members": {
      get: operation(r, "get", {
        tag: TAG, operationId: "listMembers", summary: "List the account's members (admin+)",
        responses: { 200: { description: "Members, oldest first", schema: z.object({ members: z.array(Member) }) } },
        errors: { 403: ROLE_403 },
      }),
    },
    "/members/{user_id}": {
      patch: operation(r, "patch", {
        tag: TAG, operationId: "updateMember", summary: "Change a member's role (admin+; owner to grant or remove owner)",
        params: MemberParams, body: MemberUpdate,
        responses: { 200: { description: "The member with the new role", schema: Member } },
        errors: { 403: ROLE_403, 404: "No such member in this account", 409: "The account's last owner cannot be demoted" },
      }),
      delete: operation(r, "delete", {
        tag: TAG, operationId: "removeMember", summary: "Remove a member; their sessions end at once (admin+)",
        params: MemberParams,
        responses: { 204: { description: "Removed" } },
        errors: { 403: ROLE_403, 404: "No such member in this account", 409: "The account's last owner cannot be removed" },
      }),
    },
    "/members/invites": {
      post: operation(r, "post", {
        tag: TAG, operationId: "createInvite", summary: "Invite a person by email with a role (admin+; owner to invite an owner)",
        description: "Answers with a one-time `invite_url` (valid 7 days), shown only here: give it to the person. Only its hash is stored.",
        body: InviteCreate,
        responses: { 201: { description: "Invite created", schema: z.object({ invite_id: uuid("Invite id"), email: z.string(), role: RoleSchema, invite_url: z.string().describe("`<PUBLIC_URL>/invite/<token>`, shown once"), expires_at: z.string(), mailed: z.boolean().describe("Whether the link was also mailed (only with SMTP_URL set)") }) } },
        errors: { 403: ROLE_403, 409: "The email already belongs to a member of this account, or has a pending invite (an email with an account elsewhere is invited like any other; that invite cannot be accepted)" },
      }),
      get: operation(r, "get", {
        tag: TAG, operationId: "listInvites", summary: "Pending invites, newest first, without their links (admin+)",
        responses: { 200: { description: "Pending invites", schema: z.object({ invites: z.array(PendingInvite) }) } },
        errors: { 403: ROLE_403 },
      }),
    },
    "/members/invites/{invite_id}": {
      delete: operation(r, "delete", {
        tag: TAG, operationId: "revokeInvite", summary: "Revoke a pending invite; its link stops working (admin+)",
        params: InviteParams,
        responses: { 204: { description: "Revoked" } },
        errors: { 403: ROLE_403, 404: "No pending invite with this id in this account" },
      }),
    },
    "/members/{user_id}/reset-link": {
      post: operation(r, "post", {
        tag: TAG, operationId: "createResetLink", summary: "A one-time password reset link for a member (admin+; owner for an owner)",
        description: "Valid one hour; a new link replaces the previous one. Setting the password ends all of the member's sessions.",
        params: MemberParams,
        responses: { 201: { description: "Link created", schema: z.object({ user_id: uuid("User id"), reset_url: z.string().describe("`<PUBLIC_URL>/reset/<token>`, shown once"), expires_at: z.string(), mailed: z.boolean().describe("Whether the link was also mailed (only with SMTP_URL set)") }) } },
        errors: { 403: ROLE_403, 404: "No such member in this account" },
      }),
    },
    "/keys": {
      post: operation(r, "post", {
        tag: TAG, operationId: "createKey", summary: "Create an API key (admin+); the only answer that shows `key`",
        description: "The key acts for the member who creates it (or the member the calling key acts for), with at most that member's role at the time of each request: a role change applies to the key at once, and removing the member revokes it. `full` keys act with that role, `read_only` keys as viewer. Only an account-level credential (a CLI token, or a key it made) creates account-level keys, which act as owner.",
        body: KeyCreate,
        responses: { 201: { description: "Created", schema: KeyCreated } },
        errors: { 403: ROLE_403 },
      }),
      get: operation(r, "get", {
        tag: TAG, operationId: "listKeys", summary: "List live API keys without their secrets, with the member each acts for and its role now (admin+)",
        responses: { 200: { description: "Keys, newest first", schema: z.object({ keys: z.array(KeyInfo) }) } },
        errors: { 403: ROLE_403 },
      }),
    },
    "/keys/{key_id}": {
      delete: operation(r, "delete", {
        tag: TAG, operationId: "revokeKey", summary: "Revoke an API key at once, with console sessions signed in with it (admin+)",
        params: KeyParams,
        responses: { 204: { description: "Revoked" } },
        errors: { 403: ROLE_403, 404: "No such live key in this account" },
      }),
    },
    "/audit": {
      get: operation(r, "get", {
        tag: TAG, operationId: "listAudit", summary: "The audit log, newest first (admin+)",
        description: "One entry per state-changing request, written in the same transaction as the change. Keyset-paginated: pass `next_cursor` as `cursor`.",
        query: AuditQuery,
        responses: { 200: { description: "A page of entries", schema: z.object({ entries: z.array(AuditEntry), next_cursor: z.string().nullable() }) } },
        errors: { 403: ROLE_403 },
      }),
    },
    "/audit/export": {
      get: operation(r, "get", {
        tag: TAG, operationId: "exportAudit", summary: "The filtered audit log as CSV, every entry, newest first (admin+)",
        query: AuditExportQuery,
        responses: {
          200: {
            description: "CSV with a header row: at, actor_type, actor_id, actor_label, action, resource_type, resource_id, summary, ip",
            contentType: "text/csv", schema: z.string(),
            headers: { "Content-Disposition": 'Always `attachment; filename="audit-YYYY-MM-DD.csv"` (the day of the export, UTC).' },
          },
        },
        errors: { 403: ROLE_403 },
      }),
    },
  };
}
