import "server-only";
import { AppError, validationError } from "@/lib/http/errors";
import { callsStoredWhole } from "@/lib/calls/db/calls";
import type { EngineAdapter, PageCall } from "../adapter";
import { inPool, prefetched } from "../pool";
import { text } from "../read-json";
import { engineSettings, type EngineRow } from "../db";
import { reportAsPatch } from "../report-patch";
import { retellCallToCall } from "./call";
import { retellClient } from "./client";
import { retellInfo } from "./info";
import { receiveRetell } from "./receive";
import type { RetellSettings } from "./schema";

// Retell behind the engine seam (docs/vapi-retell.md): its agents are linked, not deployed; calls are
// placed from the engine's Retell number, pulled page by page, and reported by signed webhooks.

const settingsOf = (engine: EngineRow): RetellSettings => engineSettings<RetellSettings>(engine) ?? { from_number: null };

/** Calls fetched whole at once during a sync: v3 pages leave transcripts and recordings out. */
const FETCH_CONCURRENCY = 16;

export const retellAdapter: EngineAdapter = {
  info: retellInfo,

  prepare(body) {
    if (body.provider !== "retell") throw new AppError(500, "Retell adapter given another kind of engine");
    return {
      name: body.name, provider: body.provider, base_url: body.base_url, api_key: body.api_key,
      settings: { from_number: body.from_number ?? null } satisfies RetellSettings,
    };
  },

  view(engine) {
    return { from_number: settingsOf(engine).from_number };
  },

  change(patch) {
    const foreign = (["telephony", "rotate_push_secret", "phone_number_id"] as const).filter((f) => patch[f] !== undefined);
    if (foreign.length) throw validationError(foreign.map((path) => ({ path, message: "not a setting of a Retell engine" })), 400);
    if (patch.from_number === undefined) return undefined;
    return (row) => ({ settings: { ...settingsOf(row), from_number: patch.from_number as string | null } });
  },

  async check(engine) {
    const page = await retellClient(engine).listCalls(null, undefined, 100);
    return `Connected: Retell lists ${page.items.length}${page.has_more ? "+" : ""} call${page.items.length === 1 ? "" : "s"}`;
  },

  async remoteAgents(engine) {
    const client = retellClient(engine);
    const out: { remote_agent_id: string; name: string }[] = [];
    for (let key: string | undefined, pages = 0; pages < 50; pages++) {
      const page = await client.listAgents(key);
      // An agent has a row per version: one link per agent id.
      for (const a of page.items) if (text(a.agent_id) && !out.some((o) => o.remote_agent_id === a.agent_id)) out.push({ remote_agent_id: text(a.agent_id), name: text(a.agent_name) });
      if (!page.has_more || !page.pagination_key) break;
      key = page.pagination_key;
    }
    return out;
  },

  async placeCall(engine, dial) {
    const from = dial.from ?? settingsOf(engine).from_number;
    if (!from) throw validationError([{ path: "from_number", message: "is required: this Retell engine has no from_number to call from" }], 422);
    const variables = dial.variables
      ? Object.fromEntries(Object.entries(dial.variables).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]))
      : undefined;
    const call = await retellClient(engine).createPhoneCall({
      from_number: from, to_number: dial.to, override_agent_id: dial.remote_agent_id,
      ...(variables ? { retell_llm_dynamic_variables: variables } : {}),
    });
    return retellCallToCall(call);
  },

  /**
   * `POST /v3/list-calls` by pagination key, oldest first. A call not yet stored whole is then fetched
   * whole (v3 leaves out its transcript and recording); one stored whole and final is taken from the
   * page (what the page lacks, the stored call keeps). The next page is asked for while this one is stored.
   */
  async sync(engine, { from, to }, ingestPage, onPage) {
    const client = retellClient(engine);
    let next = prefetched(client.listCalls({ from, to }));
    for (;;) {
      const page = await next;
      const more = page.has_more && !!page.pagination_key;
      if (more) next = prefetched(client.listCalls({ from, to }, page.pagination_key));
      const whole = await callsStoredWhole(engine.account_id, page.items.map((item) => text(item.call_id)));
      const calls: PageCall[] = [];
      await inPool(page.items, FETCH_CONCURRENCY, async (item) => {
        const call = whole.has(text(item.call_id)) ? item : await client.getCall(text(item.call_id));
        calls.push({ call: reportAsPatch(retellCallToCall(call)), agentName: text(call.agent_name) || undefined });
      });
      await ingestPage(calls);
      await onPage?.();
      if (!more) return;
    }
  },

  receive: receiveRetell,
};
