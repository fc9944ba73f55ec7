import { clientAddress } from "@/lib/http/client-address";
import { sessionCookie } from "@/lib/people/session-cookie";
import { signIn } from "@/lib/people/sign-in";
import { AppError } from "@/lib/http/errors";
import { sameOrigin } from "@/lib/http/origin";
import { route } from "@/lib/http/route";
import { PasswordSignIn, SignIn } from "@/lib/people/session-schema";

export const dynamic = "force-dynamic";

/**
 * The sign-in forms' action (`<form method="post">`): works before any script loads and with
 * JavaScript off. Success: session cookie + 303 to the console. Failure: 303 back to /login with
 * an error code only — never the token, email or password in a URL.
 */
export const POST = route({ auth: false }, async ({ req }) => {
  const back = (error: string, mode: string) => redirect(req, `/login?mode=${mode}&error=${error}`);
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
  if (!parsed.success) return back("missing", mode);
  try {
    const s = await signIn(parsed.data, clientAddress(req));
    const res = redirect(req, "/");
    res.headers.append("Set-Cookie", sessionCookie(req, s.secret, Math.round(s.ttlHours * 3600)));
    return res;
  } catch (err) {
    if (err instanceof AppError && err.status === 429) return back("limited", mode);
    if (err instanceof AppError && err.status === 401) return back("invalid", mode);
    throw err;
  }
});

function redirect(_req: Request, path: string): Response {
  // A relative Location (RFC 9110): stays on whatever origin the browser used. 303 turns POST into GET.
  return new Response(null, { status: 303, headers: { Location: path } });
}
