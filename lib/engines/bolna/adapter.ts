import "server-only";
import { readJson } from "@/lib/http/route";
import type { EngineAdapter } from "../adapter";
import { deploymentsOnEngine, type EngineRow } from "../db";
import { listRemoteAgents, listRemoteExecutions, placeRemoteCall, upsertRemoteAgent } from "./client";
import { compileAgent } from "./compile";
import { executionToCall } from "./execution";
import { bolnaInfo } from "./info";
import { ExecutionBody } from "./schema";

const WEEK_MS = 7 * 86_400_000; // Bolna refuses from/to windows wider than 7 days

// Bolna's hosted API behind the engine seam (docs/bolna.md).
export const bolnaAdapter: EngineAdapter = {
  info: bolnaInfo,

  async check(engine) {
    const agents = await listRemoteAgents(engine);
    return `Connected: the engine lists ${agents.length} agent${agents.length === 1 ? "" : "s"}`;
  },

  async deploy(engine, { agent, tools, webhookUrl, remoteId }) {
    return { remote_agent_id: await upsertRemoteAgent(engine, compileAgent(agent, tools, webhookUrl), remoteId) };
  },

  async placeCall(engine, dial) {
    const id = await placeRemoteCall(engine, {
      agent_id: dial.remote_agent_id, recipient_phone_number: dial.to,
      ...(dial.from ? { from_phone_number: dial.from } : {}),
      ...(dial.variables ? { user_data: dial.variables } : {}),
    });
    const at = new Date().toISOString();
    return executionToCall({
      id, agent_id: dial.remote_agent_id, status: "queued", created_at: at, updated_at: at,
      context_details: { recipient_data: dial.variables ?? {} },
      telephony_data: { to_number: dial.to, from_number: dial.from ?? "", call_type: "outbound" },
    }, at);
  },

  /** Every agent deployed on the engine, 7-day windows over [from, to], pages of 50. */
  async sync(engine, { from, to }, ingestPage, onPage) {
    for (const remoteId of await deployedRemoteIds(engine)) {
      for (let start = from; start < to || start === from; start += WEEK_MS) {
        const end = Math.min(start + WEEK_MS, to);
        for (let page = 1; ; page += 1) {
          const res = await listRemoteExecutions(engine, remoteId, page, new Date(start).toISOString(), new Date(end).toISOString());
          await ingestPage(res.data.map((e) => ({ call: executionToCall(e) })));
          await onPage?.();
          if (!res.has_more || res.data.length === 0) break;
        }
        if (end >= to) break;
      }
    }
  },

  /** Bolna posts the execution object on every status change. */
  async receive(_engine, req, ingest) {
    const body = await readJson(req, ExecutionBody);
    const outcome = await ingest(executionToCall(body));
    return { ok: true, call_sid: body.id, outcome };
  },
};

async function deployedRemoteIds(engine: EngineRow): Promise<string[]> {
  return (await deploymentsOnEngine(engine.account_id, engine.id)).map((d) => d.remote_agent_id);
}
