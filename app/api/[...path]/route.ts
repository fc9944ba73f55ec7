import { AppError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * Any /api path no route file serves (Next prefers every static and dynamic route over this
 * catch-all): a JSON 404 like every other API error, not Next's HTML page. No authentication: the
 * paths are public in /api/openapi.json, so a 404 tells nobody anything, and it reads nothing.
 */
const notFound = route({ auth: false }, async ({ req }) => {
  const { pathname } = new URL(req.url);
  throw new AppError(404, `No such endpoint: ${req.method} ${pathname} (the API is described at /api/openapi.json)`);
});

export { notFound as GET, notFound as HEAD, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
