import { clientAddress } from "@/lib/http/client-address";
import { sessionCookie } from "@/lib/people/session-cookie";
import { signIn } from "@/lib/people/sign-in";
import { AppError } from "@/lib/http/errors";
import { sameOrigin } from "@/lib/http/origin";
import { route } from "@/lib/http/route";
import { PasswordSignIn, SignIn } from "@/lib/people/session-schema";
import { forgetEmailCookie, keepEmailCookie } from "@/lib/people/sign-in-email";

export const dynamic = "force-dynamic";

/**
 * The sign-in forms' action (`<form method="post">`): works before any script loads and with
 * JavaScript off. Success: session cookie + 303 to the console. Failure: 303 back to /login with
 * an error code only — never the token, email or password in a URL; the email typed comes back in
 * a one-minute httpOnly cookie for /login (lib/people/sign-in-email.ts) so only the password is retyped.
 */
export const POST = route({ auth: false }, async ({ req }) => {
  const back = (error: string, mode: string, email?: unknown) => {
    const res = redirect(req, `/login?mode=${mode}&error=${error}`);
    const keep = mode === "password" ? keepEmailCookie(req, email) : undefined;
    if (keep) res.headers.append("Set-Cookie", keep);
    return res;
  };
  if (!sameOrigin(req, "form")) return back("origin", "password");
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    return back("invalid", "password");
  }
  const mode = form.has("token") ? "token" : "password";
  const parsed = mode === "token"
    ? SignIn.safeParse({ token: form.get("token") })
    : PasswordSignIn.safeParse({ email: form.get("email"), password: form.get("password") });
  const email = form.get("email");
  if (!parsed.success) return back("missing", mode, email);
  try {
    const s = await signIn(parsed.data, clientAddress(req));
    const res = redirect(req, "/");
    res.headers.append("Set-Cookie", sessionCookie(req, s.secret, Math.round(s.ttlHours * 3600)));
    if (mode === "password") res.headers.append("Set-Cookie", forgetEmailCookie(req));
    return res;
  } catch (err) {
    if (err instanceof AppError && err.status === 429) return back("limited", mode, email);
    if (err instanceof AppError && err.status === 401) return back("invalid", mode, email);
    throw err;
  }
});

function redirect(_req: Request, path: string): Response {
  // A relative Location (RFC 9110): stays on whatever origin the browser used. 303 turns POST into GET.
  return new Response(null, { status: 303, headers: { Location: path } });
}
