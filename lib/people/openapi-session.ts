import { z } from "zod";
import { SessionCreate } from "@/lib/people/session-schema";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { uuid } from "@/lib/openapi/responses";

const Account = z.object({ id: uuid("Account id"), name: z.string() });

export function sessionPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/session": {
      post: operation(r, "post", {
        tag: "Console session",
        operationId: "createSession",
        summary: "Sign in with an API token or with email and password",
        description:
          "Trades `{token}` or `{email, password}` for an httpOnly, SameSite=Strict session cookie (`voxdesk_session`), a " +
          "new session id every time. After 10 failed sign-ins in a 15-minute window per client address or per email, 429.",
        auth: false,
        body: SessionCreate,
        responses: {
          201: {
            description: "Signed in; the session cookie is set",
            schema: z.object({ account: Account }),
            headers: { "Set-Cookie": "`voxdesk_session=<secret>; Path=/; HttpOnly; SameSite=Strict; Max-Age=<SESSION_TTL_HOURS × 3600>`" },
          },
        },
        errors: {
          401: "The token is unknown or revoked, or the email or password is wrong (the message does not say which)",
          429: "Too many failed sign-ins from this address or for this email; `Retry-After` gives the seconds to wait",
        },
      }),
      get: operation(r, "get", {
        tag: "Console session",
        operationId: "getSession",
        summary: "Who am I",
        description: "The account behind the bearer token or session cookie, and which of the two authenticated the request.",
        responses: {
          200: {
            description: "The authenticated account",
            schema: z.object({
              account: Account, via: z.enum(["token", "session"]), role: z.enum(["viewer", "editor", "admin", "owner"]),
              user_id: z.string().nullable().describe("null for an API token"), label: z.string(),
            }),
          },
        },
      }),
      delete: operation(r, "delete", {
        tag: "Console session",
        operationId: "deleteSession",
        summary: "Sign out",
        description: "Ends the session server-side and clears the cookie. Needs no credentials; without a session cookie it does nothing.",
        auth: false,
        responses: { 204: { description: "Signed out (cookie cleared)", headers: { "Set-Cookie": "Expires the session cookie (`Max-Age=0`)" } } },
      }),
    },
  };
}
