import { ping } from "@/lib/core/prepared";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";

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

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
