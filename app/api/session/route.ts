import { newSessionSecret, sha256Hex } from "@/lib/auth/credentials";
import { config } from "@/lib/config";
import { createSession, deleteSession, findPrincipalByTokenHash } from "@/lib/db/accounts";
import { SESSION_COOKIE, sessionHashFromRequest } from "@/lib/http/auth";
import { AppError } from "@/lib/http/errors";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { route } from "@/lib/http/route";
import { SignIn } from "@/lib/schemas/session";

export const dynamic = "force-dynamic";

function cookie(req: Request, value: string, maxAgeSeconds: number): string {
  const host = new URL(req.url).hostname;
  const local = host === "localhost" || host === "127.0.0.1" || host === "[::1]";
  const secure = local ? "" : "; Secure";
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

/** Console sign-in: trades an API token for an httpOnly session cookie (the token stays out of page JS). */
export const POST = route({ auth: false, body: SignIn }, async ({ req, body }) => {
  // Guessing tokens is pointless (256 bits) but cheap to throttle per client address anyway.
  await checkRateLimit(`signin:${req.headers.get("x-forwarded-for") ?? "local"}`, 30);
  const principal = await findPrincipalByTokenHash(sha256Hex(body.token));
  if (!principal) {
    throw new AppError(401, "Invalid token", { errors: [{ path: "token", message: "Invalid token" }] });
  }
  const secret = newSessionSecret();
  const ttlHours = config().SESSION_TTL_HOURS;
  await createSession(principal.accountId, sha256Hex(secret), ttlHours);
  return Response.json(
    { account: { id: principal.accountId, name: principal.accountName } },
    { status: 201, headers: { "Set-Cookie": cookie(req, secret, Math.round(ttlHours * 3600)) } },
  );
});

export const GET = route({}, async ({ auth }) => ({ account: { id: auth.accountId, name: auth.accountName }, via: auth.via }));

/** Sign-out ends the session server-side too, then clears the cookie. */
export const DELETE = route({ auth: false }, async ({ req }) => {
  const hash = sessionHashFromRequest(req);
  if (hash) await deleteSession(hash);
  return new Response(null, { status: 204, headers: { "Set-Cookie": cookie(req, "", 0) } });
});
