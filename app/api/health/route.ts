import { ping } from "@/lib/core/prepared";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// For load balancers: no auth, one trivial query, 503 when the database cannot answer.
export const GET = route({ auth: false }, async () => {
  try {
    await ping();
    return { status: "ok" };
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503 });
  }
});
