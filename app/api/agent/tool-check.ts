import { unknownToolIds } from "@/lib/agents/db";
import { validationError } from "@/lib/http/route";
import { referencedToolIds, type AgentPayload } from "@/lib/agents/schema";

/** api_tool_ids must name active tools of the caller's account: 422 naming each bad id otherwise. */
export async function assertToolsExist(accountId: string, body: AgentPayload): Promise<void> {
  const refs = referencedToolIds(body);
  if (refs.length === 0) return;
  const unknown = new Set(await unknownToolIds(accountId, [...new Set(refs.map((r) => r.id))]));
  const bad = refs.filter((r) => unknown.has(r.id));
  if (bad.length) {
    throw validationError(bad.map((r) => ({ path: r.path, message: `unknown or inactive tool id '${r.id}'` })), 422);
  }
}
