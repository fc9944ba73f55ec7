import { sessionHashFromRequest } from "@/lib/http/auth";
import { sameOrigin } from "@/lib/http/origin";
import { route } from "@/lib/http/route";
import { deleteSession } from "@/lib/people/db/accounts";
import { sessionCookie } from "@/lib/people/session-cookie";

export const dynamic = "force-dynamic";

/**
 * The Sign out button's form action (`<form method="post">`): works before any script loads. Ends
 * the session server-side, clears the cookie and sends the browser to /login with a full page
 * load, so no console data stays in memory. Only a form of this origin may sign someone out.
 */
export const POST = route({ auth: false }, async ({ req }) => {
  // Another site's form changes nothing: back to the console.
  if (!sameOrigin(req, "form")) return new Response(null, { status: 303, headers: { Location: "/" } });
  const hash = sessionHashFromRequest(req);
  if (hash) await deleteSession(hash);
  return new Response(null, { status: 303, headers: { Location: "/login", "Set-Cookie": sessionCookie(req, "", 0) } });
});
