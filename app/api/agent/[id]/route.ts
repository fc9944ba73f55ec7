import { deleteAgent, getAgent, replaceAgent } from "@/lib/agents/db";
import { withDeployments } from "@/lib/engines/engine-view";
import { deleteRemoteCopies } from "@/lib/engines/undeploy";
import { notFound } from "@/lib/http/errors";
import { linkedAgentRefusal } from "@/lib/engines/remote-agents";
import { route } from "@/lib/http/route";
import { AgentIdParams as Params, AgentPayload } from "@/lib/agents/schema";
import { assertToolsExist } from "../tool-check";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ params, auth }) => {
  const agent = await getAgent(auth.accountId, params.id);
  if (!agent) throw notFound("Agent");
  return (await withDeployments(auth.accountId, [agent]))[0];
});

export const PUT = route({ params: Params, body: AgentPayload }, async ({ params, body, auth }) => {
  const current = await getAgent(auth.accountId, params.id);
  if (!current) throw notFound("Agent");
  if (current.source !== "voxdesk") throw linkedAgentRefusal(current.source);
  await assertToolsExist(auth.accountId, body);
  // The seed's answer stays as it was; GET /api/agent/{id} and …/versions tell which version this is.
  if (!(await replaceAgent(auth.accountId, params.id, body, auth.label))) throw notFound("Agent");
  return { agent_id: params.id, status: "updated" };
});

export const DELETE = route({ params: Params }, async ({ params, auth }) => {
  if (!(await getAgent(auth.accountId, params.id))) throw notFound("Agent");
  // The engines' copies first, while the deployments still say where they are.
  const remote = await deleteRemoteCopies(auth.accountId, params.id);
  if (!(await deleteAgent(auth.accountId, params.id))) throw notFound("Agent");
  return { agent_id: params.id, status: "deleted", ...(remote.length ? { remote } : {}) };
});

export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
