import * as agentRoute from "@/app/api/agent/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as providerById from "@/app/api/ai-providers/[provider_id]/route";
import * as providers from "@/app/api/ai-providers/route";
import * as runById from "@/app/api/analysis-runs/[run_id]/route";
import * as runPreview from "@/app/api/analysis-runs/preview/route";
import * as runs from "@/app/api/analysis-runs/route";
import * as analyze from "@/app/api/details/[call_sid]/analyze/route";
import * as callBySid from "@/app/api/details/[call_sid]/route";
import * as details from "@/app/api/details/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { analysisWorker, type AnalysisWorker, type WorkerOptions } from "@/lib/analysis/worker";
import { db } from "@/lib/core/client";
import { resetConfigForTests } from "@/lib/core/config";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { bolnaExampleAgent } from "./bolna-fixtures";
import { startFakeAiProvider, type FakeAiProvider } from "./fake-ai-provider";
import { startFakeBolna, type FakeBolna } from "./fake-bolna";
import { newAccountWithToken, useTempDatabase as freshDatabase } from "./harness";
import { startRouteServer } from "./route-server";

// A world for Voxdesk's own analysis over real HTTP: the app's routes on a loopback
// server, a fake Bolna posting executions to its webhook, a fake OpenAI-compatible provider, and an
// account with an engine, an agent with an analysis plan deployed there, and an AI provider.

export const TRANSCRIPT = "assistant: Hi, this is Ava from Acme.\nuser: I'd like the pro plan for 3 seats, book me for Tuesday.";
export const ANSWER = { summary: "Booked.", success: true, success_reason: "Booked Tuesday", sentiment: "positive", disposition: "booked", fields: { seats: 3, plan: "pro" } };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Res = { status: number; json: any };

export interface AnalysisWorld {
  bolna: FakeBolna; ai: FakeAiProvider; origin: string; database: string;
  token: string; accountId: string; engineId: string; agentId: string; remoteId: string; providerId: string;
  api(method: string, path: string, body?: unknown, token?: string): Promise<Res>;
  /** An execution of the planned agent, posted to the webhook up to `status` (default completed). */
  call(opts?: { status?: string; transcript?: string; extracted?: Record<string, unknown> | null; agent?: string; createdAt?: string }): Promise<string>;
  /** outcome of a call as GET /api/details/{call_sid} answers it. */
  outcome(sid: string): Promise<Res["json"]>;
  close(): Promise<void>;
}

export async function analysisWorld(name: string): Promise<AnalysisWorld> {
  const bolna = await startFakeBolna();
  const ai = await startFakeAiProvider();
  ai.defaultReply = { json: ANSWER };
  const app = await startRouteServer([
    [/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook], [/^\/api\/details$/, details],
    [/^\/api\/details\/(?<call_sid>[^/]+)$/, callBySid], [/^\/api\/details\/(?<call_sid>[^/]+)\/analyze$/, analyze],
    [/^\/api\/analysis-runs$/, runs], [/^\/api\/analysis-runs\/preview$/, runPreview], [/^\/api\/analysis-runs\/(?<run_id>[^/]+)$/, runById],
    [/^\/api\/ai-providers$/, providers], [/^\/api\/ai-providers\/(?<provider_id>[^/]+)$/, providerById], [/^\/api\/agent$/, agentRoute], [/^\/api\/agent\/(?<id>[^/]+)\/deploy$/, deployRoute],
    [/^\/api\/engines$/, enginesRoute],
  ]);
  const database = await freshDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin, RATE_LIMIT_PER_MINUTE: "100000", READ_CACHE_MB: "0" });
  resetConfigForTests();
  const { accountId, token } = await newAccountWithToken(name);
  async function api(method: string, path: string, body?: unknown, bearer = token): Promise<Res> {
    const res = await fetch(`${app.origin}${path}`, {
      method, body: body === undefined ? undefined : JSON.stringify(body),
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  }
  const ok = (res: Res, status: number) => {
    if (Math.floor(res.status / 100) !== Math.floor(status / 100)) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.json)}`);
    return res.json;
  };
  const engineId = ok(await api("POST", "/api/engines", { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey }), 201).engine_id;
  const agentId = ok(await api("POST", "/api/agent", { ...bolnaExampleAgent(), analysis_plan: ANALYSIS_PLAN_EXAMPLE }), 200).agent_id;
  const remoteId = ok(await api("POST", `/api/agent/${agentId}/deploy`, { engine_id: engineId }), 200).remote_agent_id;
  const providerId = ok(await api("POST", "/api/ai-providers", { name: "Fake", base_url: ai.baseUrl, api_key: ai.apiKey, model: "fake-small" }), 201).provider_id;
  return {
    bolna, ai, origin: app.origin, database, token, accountId, engineId, agentId, remoteId, providerId, api,
    async call(o = {}) {
      const e = bolna.addExecution({ agent_id: o.agent ?? remoteId, ...(o.createdAt ? { created_at: o.createdAt } : {}) });
      const status = await bolna.advance(e.id, o.status ?? "completed", { transcript: o.transcript ?? TRANSCRIPT, extracted_data: o.extracted ?? null });
      if (status !== 200) throw new Error(`webhook answered ${status}`);
      return e.id;
    },
    async outcome(sid) {
      return ok(await api("GET", `/api/details/${sid}`), 200).outcome;
    },
    close: async () => void (await Promise.all([app.close(), bolna.close(), ai.close()])),
  };
}

/** Workers whose backoff is short enough for a test (the clock is also passed to tick). */
export const testWorker = (o: Partial<WorkerOptions> = {}): AnalysisWorker => analysisWorker({ concurrency: 2, backoffMs: [10, 10, 10], ...o });

/** Jobs still queued or running (retries included). */
export async function jobsLeft(): Promise<number> {
  const row = await db().selectFrom("analysis_jobs").select((eb) => eb.fn.countAll<number>().as("n")).where("state", "in", ["queued", "running"]).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ticks these workers together, all at once, until no job is left queued or running. */
export async function drain(...workers: AnalysisWorker[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await jobsLeft()) > 0) {
    if (Date.now() > deadline) throw new Error("analysis jobs still left after 30 s");
    await Promise.all(workers.map((w) => w.tick()));
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(workers.map((w) => w.idle()));
}
