import "server-only";
import { publicOrigin } from "@/lib/http/public-origin";
import { atLeast, type Role } from "@/lib/people/roles";
import { listDeployments, toEngine, webhookUrlAt, type EngineRow } from "@/lib/engines/db";
import { capabilitiesOf } from "@/lib/engines/providers";
import { adapterFor } from "@/lib/engines/registry";

type Req = Parameters<typeof publicOrigin>[0];

/**
 * Where the engine posts its reports: `<PUBLIC_URL>/api/webhooks/<provider>/<secret>`. Without
 * PUBLIC_URL, the origin the caller reached us at (right when the engine can reach it too).
 */
export function webhookUrlFor(engine: EngineRow, req: Req): string {
  return webhookUrlAt(engine, publicOrigin(req));
}

/**
 * An engine as the API shows it: never the key, a hint of it, and the webhook URL to admins only.
 * Its path secret lets anyone post calls into the account, and editors read engines only to
 * deploy to them; the URL is set on the engine by the deploy, so nobody else ever needs it.
 */
export function engineView(engine: EngineRow, req: Req, role: Role, reveal = false) {
  const admin = atLeast(role, "admin");
  const own = adapterFor(engine.provider).view?.(engine, { origin: publicOrigin(req), admin, reveal }) ?? {};
  const view = { ...toEngine(engine), capabilities: capabilitiesOf(engine.provider), ...own };
  return admin ? { ...view, webhook_url: webhookUrlFor(engine, req) } : view;
}

/**
 * Agents with where they are deployed and which version each engine runs; in_sync: the engine runs
 * this content (its version; for a deploy from before versions, the agent unchanged since).
 */
export async function withDeployments<T extends { agent_id: string; updated_at: string; version: number }>(accountId: string, agents: T[]) {
  const deps = await listDeployments(accountId, agents.map((a) => a.agent_id));
  return agents.map((a) => ({
    ...a,
    deployments: (deps.get(a.agent_id) ?? []).map(({ agent_updated_at, ...d }) => ({
      ...d, in_sync: d.version === null ? agent_updated_at === a.updated_at : d.version === a.version,
    })),
  }));
}
