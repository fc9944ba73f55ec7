import "server-only";
import { getAgent, type AgentRecord } from "@/lib/agents/db";
import { analyzeSnapshot, cancelPending, insertSnapshot, listSource } from "@/lib/campaigns/db/contacts";
import { emitCampaignEvent, getCampaignRow, markStarted, transition, type CampaignRow, type CampaignValues } from "@/lib/campaigns/db/campaigns";
import { writeTx } from "@/lib/core/client";
import { getList } from "@/lib/contacts/db/contacts";
import { agentDeployment, notDeployed } from "@/lib/engines/agent-deployment";
import { AppError, notFound, type FieldError } from "@/lib/http/errors";
import { validationError } from "@/lib/http/route";
import { campaignSettings, type CampaignCreate, type CampaignPreview, type CampaignStatus } from "@/lib/campaigns/schema";
import { parseContactPhone } from "@/lib/contacts/schema";
import { planner, previewTally, type PlanSettings } from "./plan";
import { DEFAULT_RETRY } from "./defaults";
import { variablesOf } from "./variables";
import { ALL_DAY } from "./windows";

// What the campaign routes do beyond reading and writing rows: check references, fill defaults,
// run the dry run, and take the snapshot when a campaign starts.

/** Checks the agent, list, deployment and from_number, and fills the documented defaults. 422 names each bad field. */
export async function resolveCampaign(accountId: string, body: CampaignCreate): Promise<CampaignValues> {
  const errors: FieldError[] = [];
  const [resolved, list] = await Promise.all([agentDeployment(accountId, body.agent_id, body.engine_id), getList(accountId, body.list_id)]);
  const { agent, deployment: dep, country = null } = resolved ?? {};
  if (!agent) errors.push({ path: "agent_id", message: "no agent with this id in your account" });
  if (!list) errors.push({ path: "list_id", message: "no contact list with this id in your account" });
  if (agent && !dep) errors.push(notDeployed(body.engine_id, "agent_id"));
  let from_number: string | null = null;
  if (body.from_number) {
    const parsed = parseContactPhone(body.from_number, country);
    if (parsed.ok) from_number = parsed.e164;
    else errors.push({ path: "from_number", message: parsed.reason });
  }
  if (errors.length || !agent || !dep) throw validationError(errors, 422);
  const s = body.schedule ?? {};
  return {
    name: body.name, agent_id: agent.agent_id, list_id: body.list_id, engine_id: dep.engine_id, from_number,
    max_concurrency: body.max_concurrency, stale_after_minutes: body.stale_after_minutes, on_missing_variables: body.on_missing_variables,
    retry: body.retry ?? DEFAULT_RETRY,
    schedule: {
      start_at: s.start_at ? new Date(s.start_at).toISOString() : null,
      time_zone: s.time_zone ?? agent.agent_config.timezone ?? "UTC",
      recipient_time_zone: s.recipient_time_zone ?? false,
      windows: s.windows ?? ALL_DAY,
    },
  };
}

/** The `{variables}` an agent reads from user_data: its welcome message and every task's prompt. */
export function requiredVariables(agent: AgentRecord): string[] {
  return variablesOf([agent.agent_config.agent_welcome_message, ...Object.values(agent.agent_prompts).map((p) => p.system_prompt)]);
}

async function planSettings(row: CampaignRow): Promise<PlanSettings> {
  const agent = await getAgent(row.account_id, row.agent_id);
  if (!agent) throw validationError([{ path: "agent_id", message: "the campaign's agent was deleted" }], 422);
  const s = campaignSettings(row.settings, row.id);
  return {
    windows: s.schedule.windows, zone: s.schedule.time_zone, recipient_time_zone: s.schedule.recipient_time_zone,
    start_at: s.schedule.start_at ? new Date(s.schedule.start_at) : null, required: requiredVariables(agent), on_missing_variables: s.on_missing_variables,
  };
}

/** The dry run: what start would do with the list as it is now. Nothing is written or dialled. */
export async function previewCampaign(row: CampaignRow, now = new Date()): Promise<CampaignPreview> {
  const plan = planner(await planSettings(row), now);
  const tally = previewTally(now);
  for await (const page of listSource(row.account_id, row.list_id)) for (const c of page) tally.add(c, plan(c));
  return tally.result();
}

const conflict = (status: string, action: string) =>
  new AppError(409, `The campaign is ${status}; it cannot be ${action}`, { errors: [{ path: "status", message: `is ${status}` }] });

/**
 * draft → running (or scheduled, when start_at is ahead): copies the list into campaign_contacts,
 * each contact pending at its first allowed instant or skipped with the dry run's reason, in the
 * same transaction as the status change, so a start is all or nothing.
 */
export async function startCampaign(accountId: string, id: string, now = new Date()): Promise<CampaignRow> {
  const row = await getCampaignRow(accountId, id);
  if (!row) throw notFound("Campaign");
  if (row.status !== "draft") throw conflict(row.status, "started again");
  if (!(await agentDeployment(accountId, row.agent_id, row.engine_id))?.deployment) throw validationError([{ path: "engine_id", message: "the agent is no longer deployed on this engine: deploy it again" }], 422);
  const settings = await planSettings(row);
  const plan = planner(settings, now);
  const at = now.toISOString();
  const status: CampaignStatus = settings.start_at && settings.start_at > now ? "scheduled" : "running";
  const moved = await writeTx(async (trx) => {
    if (!(await markStarted(trx, accountId, id, status, at))) return false;
    await emitCampaignEvent(trx, accountId, id, "campaign.started");
    for await (const page of listSource(accountId, row.list_id, trx)) {
      await insertSnapshot(trx, page.map((c) => {
        const p = plan(c);
        const skip = p.skip ?? (p.first_attempt_at ? null : "no_window");
        return {
          campaign_id: id, seq: c.seq, contact_id: c.contact_id, e164: c.e164, zone: p.zone, variables: JSON.stringify(c.variables),
          state: skip ? "skipped" : "pending", attempts: 0, next_attempt_at: skip ? null : p.first_attempt_at!.toISOString(),
          last_call_sid: null, last_status: null, skip_reason: skip, updated_at: at,
        };
      }));
    }
    return true;
  });
  if (moved) await analyzeSnapshot();
  const after = await getCampaignRow(accountId, id);
  if (!moved || !after) throw conflict(after?.status ?? "gone", "started again");
  return after;
}

const ACTIONS = {
  pause: { from: ["running", "scheduled"], to: "paused" },
  resume: { from: ["paused"], to: "running" },
  cancel: { from: ["draft", "scheduled", "running", "paused"], to: "canceled" },
} as const;

/** pause | resume | cancel: a conditional status move; cancel also cancels the contacts not yet called. */
export async function changeStatus(accountId: string, id: string, action: keyof typeof ACTIONS): Promise<CampaignRow> {
  const { from, to } = ACTIONS[action];
  const at = new Date().toISOString();
  const { moved, row } = await transition(accountId, id, from, to, to === "canceled" ? { finished_at: at } : {}, to === "canceled"
    ? (trx) => cancelPending(trx, id, at) : to === "paused" ? (trx) => emitCampaignEvent(trx, accountId, id, "campaign.paused") : undefined);
  if (!row) throw notFound("Campaign");
  if (!moved) throw conflict(row.status, action === "cancel" ? "canceled" : `${action}d`);
  return row;
}
