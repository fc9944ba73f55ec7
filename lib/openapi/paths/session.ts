import { z } from "zod";
import { SignIn } from "@/lib/schemas/session";
import type { SchemaRegistry } from "../json-schema";
import { operation, type OperationObject } from "../operation";
import { uuid } from "../responses";

const Account = z.object({ id: uuid("Account id"), name: z.string() });

export function sessionPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/session": {
      post: operation(r, "post", {
        tag: "Console session",
        operationId: "createSession",
        summary: "Sign in to the console with an API token",
        description:
          "Trades an API token for an httpOnly, SameSite=Strict session cookie (`voxdesk_session`) so the token never " +
          "sits in page JavaScript. Limited to 30 attempts per minute per client address.",
        auth: false,
        body: SignIn,
        responses: {
          201: {
            description: "Signed in; the session cookie is set",
            schema: z.object({ account: Account }),
            headers: { "Set-Cookie": "`voxdesk_session=<secret>; Path=/; HttpOnly; SameSite=Strict; Max-Age=<SESSION_TTL_HOURS × 3600>`" },
          },
        },
        errors: {
          401: "The token is unknown or revoked (`errors` names the `token` field)",
          429: "More than 30 sign-in attempts in the current minute from this address; `Retry-After` gives the seconds to wait",
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
            schema: z.object({ account: Account, via: z.enum(["token", "session"]) }),
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
