import { z } from "zod";
import { listToolTests } from "@/lib/tools/db/tool-tests";
import { agentsUsingTool, deleteTool, getTool, patchTool } from "@/lib/tools/db/tools";
import { AppError, notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { ToolPatch } from "@/lib/tools/schema";

export const dynamic = "force-dynamic";

// Any string is accepted as an id; ids that are not the caller's (or not UUIDs) are simply not found.
const Params = z.object({ tool_id: z.string() });

export const GET = route({ family: "success", params: Params }, async ({ params, auth }) => {
  const tool = await getTool(auth.accountId, params.tool_id);
  if (!tool) throw notFound("Tool");
  const tests = await listToolTests(auth.accountId, tool.id, 20);
  return { success: true, message: "OK", data: { ...tool, tests } };
});

export const PATCH = route({ family: "success", params: Params, body: ToolPatch }, async ({ params, body, auth }) => {
  const tool = await patchTool(auth.accountId, params.tool_id, body);
  if (!tool) throw notFound("Tool");
  return { success: true, message: `Tool '${tool.name}' updated`, data: tool };
});

export const DELETE = route({ family: "success", params: Params }, async ({ params, auth }) => {
  const tool = await getTool(auth.accountId, params.tool_id);
  if (!tool) throw notFound("Tool");
  // Deleting would leave agents pointing at nothing; deactivating (isActive: false) is the soft way.
  const users = await agentsUsingTool(auth.accountId, tool.id);
  if (users.length) {
    throw new AppError(409, `Tool '${tool.name}' is used by ${users.map((a) => `'${a.agent_name}'`).join(", ")}; `
      + "remove it from those agents first, or deactivate it", { agents: users });
  }
  if (!(await deleteTool(auth.accountId, tool.id))) throw notFound("Tool");
  return { success: true, message: `Tool '${tool.name}' deleted`, data: { id: tool.id } };
});

export const { POST, PUT, OPTIONS } = otherMethods({ GET, PATCH, DELETE });
