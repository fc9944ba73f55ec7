import { createAgent, listAgents } from "@/lib/agents/db";
import { withDeployments } from "@/lib/engines/engine-view";
import { route } from "@/lib/http/route";
import { AgentPayload } from "@/lib/agents/schema";
import { PageQuery } from "@/lib/core/page-query";
import { assertToolsExist } from "./tool-check";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const POST = route({ body: AgentPayload, status: 201 }, async ({ body, auth }) => {
  await assertToolsExist(auth.accountId, body);
  const agent_id = await createAgent(auth.accountId, body, auth.label);
  return { agent_id, status: "created" };
});

export const GET = route({ query: PageQuery }, async ({ query, auth }) => {
  const page = await listAgents(auth.accountId, query.limit ?? 50, query.cursor);
  return { ...page, agents: await withDeployments(auth.accountId, page.agents) };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
