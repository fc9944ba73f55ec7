import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { getOpenApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

// Public, like the /docs page that renders it: the API's shape is no secret.
export const GET = route({ auth: false }, async () =>
  Response.json(getOpenApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
