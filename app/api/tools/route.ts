import { createTools, listTools } from "@/lib/tools/db/tools";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { ToolListQuery, ToolRegistration } from "@/lib/tools/schema";

export const dynamic = "force-dynamic";

export const POST = route({ family: "success", body: ToolRegistration, status: 201 }, async ({ body, auth }) => {
  const tools = await createTools(
    auth.accountId,
    body.tools.map(({ function: fn }) => {
      // Present: the schema refuses a tool without its tools_params entry.
      const p = body.tools_params[fn.name];
      return {
        name: fn.name, description: fn.description, parameters: fn.parameters,
        method: p.method, url: p.url, apiToken: p.api_token, category: body.category, tags: body.tags,
      };
    }),
  );
  const message = tools.length === 1 ? `Tool '${tools[0].name}' registered` : `${tools.length} tools registered`;
  return { success: true, message, data: tools[0], tools };
});

export const GET = route({ family: "success", query: ToolListQuery }, async ({ query, auth }) => {
  const page = await listTools(auth.accountId, {
    limit: query.limit ?? 50, cursor: query.cursor, category: query.category, tag: query.tag, isActive: query.is_active, q: query.q,
  });
  return { success: true, ...page };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
