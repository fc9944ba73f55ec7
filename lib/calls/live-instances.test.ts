import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertCall, type ResolvedCall } from "@/lib/calls/db/ingest";
import { statusRank } from "@/lib/calls/status";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startServer, type RunningServer } from "@/lib/testing/server";

// The live console across processes: two production servers on one database (PostgreSQL under
// `npm run test:pg`, one SQLite file under `npm test`), each with event streams open, and calls
// written by a third process (this one, as the engine's webhook taken by another instance would be).
// Each instance reads an account's change marker once a tick for all of that account's streams, as
// its /metrics counters show.

const METRICS_TOKEN = "live-metrics-token";
let servers: RunningServer[];
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };

beforeAll(async () => {
  const database = await useTempDatabase();
  a = await newAccountWithToken("Live A");
  b = await newAccountWithToken("Live B");
  servers = await Promise.all([startServer(database, { METRICS_TOKEN }), startServer(database, { METRICS_TOKEN })]);
}, 120_000);
afterAll(async () => {
  await Promise.all((servers ?? []).map((s) => s.stop()));
});

let seq = 0;
function execution(sid: string, status: string): ResolvedCall {
  const at = new Date(Date.now() + ++seq).toISOString();
  return {
    call_sid: sid, remote_agent_id: "remote", agent_id: "6f1c2a54-3f0e-4a57-9a55-3d2b7f5c9e01", name: "Front desk", engine_id: "e1",
    from_number: "+14155550101", to_number: "+14155550199", duration: 0, recording_url: "", transcription: "", status, cost: 0,
    call_type: "outbound", created_at: at, updated_at: at, status_rank: statusRank(status),
    extra: { summary: null, extracted_data: null, cost_breakdown: null, hangup_by: null, hangup_reason: null, answered_by_voice_mail: null, error_message: null, template_variables: null },
  };
}

/** An open stream that counts its `calls` events. */
async function open(server: RunningServer, token: string) {
  const ctl = new AbortController();
  const res = await fetch(`${server.url}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: ctl.signal });
  expect(res.status).toBe(200);
  const stream = { events: 0, close: () => ctl.abort() };
  void (async () => {
    let buffer = "";
    try {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        buffer += r.value;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          if (/^event: calls$/m.test(buffer.slice(0, end))) stream.events++;
          buffer = buffer.slice(end + 2);
        }
      }
    } catch { /* aborted by close() */ }
  })();
  return stream;
}

/** This instance's live-update counters from GET /metrics. */
async function figures(server: RunningServer) {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
  return { ticks: value("voxdesk_live_ticks_total"), reads: value("voxdesk_live_marker_reads_total"), streams: value("voxdesk_live_streams") };
}

describe("live updates on two app instances", () => {
  it("streams on both instances hear of a call written by another process, and of each status change", async () => {
    const streams = await Promise.all(servers.map((server) => open(server, a.token)));
    try {
      // The first event comes at once; let each instance take a tick so a later event is news.
      await expect.poll(() => streams.every((s) => s.events >= 1), { timeout: 5_000 }).toBe(true);
      await Promise.all(servers.map(async (server) => {
        const from = (await figures(server)).ticks;
        await expect.poll(async () => (await figures(server)).ticks, { timeout: 5_000 }).toBeGreaterThanOrEqual(from + 2);
      }));
      for (const status of ["queued", "in-progress", "completed"]) {
        const before = streams.map((s) => s.events);
        const written = Date.now();
        await upsertCall(a.accountId, execution("X-1", status));
        await expect.poll(() => streams.every((s, i) => s.events > before[i]), { timeout: 3_000, interval: 50 }).toBe(true);
        expect(Date.now() - written).toBeLessThan(3_000);
      }
    } finally {
      for (const s of streams) s.close();
    }
  });

  it("reads each account's marker once a tick per instance, however many streams are open", async () => {
    const server = servers[0];
    const streams = await Promise.all([a, a, a, a, a, b, b, b].map((who) => open(server, who.token)));
    try {
      await expect.poll(() => streams.every((s) => s.events >= 1), { timeout: 5_000 }).toBe(true);
      await expect.poll(async () => (await figures(server)).streams, { timeout: 5_000 }).toBe(8);
      const start = await figures(server);
      await expect.poll(async () => (await figures(server)).ticks, { timeout: 6_000 }).toBeGreaterThanOrEqual(start.ticks + 3);
      const end = await figures(server);
      // Two accounts: two reads a tick, not eight.
      expect(end.reads - start.reads).toBe(2 * (end.ticks - start.ticks));
    } finally {
      for (const s of streams) s.close();
    }
  });
});
