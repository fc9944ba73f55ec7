import { z } from "zod";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { ToolTestBody } from "@/lib/tools/schema";
import { runToolTest } from "@/lib/tools/tool-test";

export const dynamic = "force-dynamic";

const Params = z.object({ tool_id: z.string() });

export const POST = route({ family: "success", params: Params, body: ToolTestBody }, async ({ params, body, auth }) => {
  const { status, body: answer } = await runToolTest(auth.accountId, params.tool_id, body);
  return Response.json(answer, { status });
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
