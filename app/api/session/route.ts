import { clientAddress } from "@/lib/http/client-address";
import { sessionCookie } from "@/lib/people/session-cookie";
import { signIn } from "@/lib/people/sign-in";
import { deleteSession } from "@/lib/people/db/accounts";
import { sessionHashFromRequest } from "@/lib/http/auth";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { SessionCreate } from "@/lib/people/session-schema";

export const dynamic = "force-dynamic";

/**
 * JSON sign-in: `{token}` or `{email, password}` → an httpOnly session cookie. The console's
 * forms post to /auth/sign-in instead (works without JavaScript); both share lib/people/sign-in.ts.
 */
export const POST = route({ auth: false, body: SessionCreate }, async ({ req, body }) => {
  const s = await signIn(body, clientAddress(req));
  return Response.json(
    { account: s.account },
    { status: 201, headers: { "Set-Cookie": sessionCookie(req, s.secret, Math.round(s.ttlHours * 3600)) } },
  );
});

export const GET = route({}, async ({ auth }) => ({
  account: { id: auth.accountId, name: auth.accountName },
  via: auth.via,
  role: auth.role,
  user_id: auth.userId,
  label: auth.label,
}));

/** Sign-out ends the session server-side too, then clears the cookie. */
export const DELETE = route({ auth: false }, async ({ req }) => {
  const hash = sessionHashFromRequest(req);
  if (hash) await deleteSession(hash);
  return new Response(null, { status: 204, headers: { "Set-Cookie": sessionCookie(req, "", 0) } });
});

export const { PUT, PATCH, OPTIONS } = otherMethods({ GET, POST, DELETE });
