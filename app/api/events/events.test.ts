import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCalls } from "@/lib/calls/db/calls";
import { upsertCall, type ResolvedCall } from "@/lib/calls/db/ingest";
import { statusRank } from "@/lib/calls/status";
import { newAccountWithToken, useTempDatabase, usingPostgres } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as events from "./route";

// GET /api/events over real HTTP: a stream per account that says when its calls in flight moved,
// seen from the shared database (a write by another connection, as another app instance makes,
// counts), and that ends with "idle" once nothing is in flight.

let database: string;
let server: Awaited<ReturnType<typeof startRouteServer>>;
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };

beforeAll(async () => {
  database = await useTempDatabase();
  a = await newAccountWithToken("A");
  b = await newAccountWithToken("B");
  server = await startRouteServer([[/^\/api\/events$/, events]]);
});
afterAll(() => server?.close());

let seq = 0;
function execution(sid: string, status: string, at = new Date()): ResolvedCall {
  return {
    call_sid: sid, remote_agent_id: "remote", agent_id: "6f1c2a54-3f0e-4a57-9a55-3d2b7f5c9e01", name: "Front desk", engine_id: "e1",
    from_number: "+14155550101", to_number: "+14155550199", duration: 0, recording_url: "", transcription: "", status, cost: 0,
    call_type: "outbound", created_at: new Date().toISOString(), updated_at: new Date(at.getTime() + ++seq).toISOString(),
    status_rank: statusRank(status),
    extra: { summary: null, extracted_data: null, cost_breakdown: null, hangup_by: null, hangup_reason: null, answered_by_voice_mail: null, error_message: null, template_variables: null },
  };
}

interface Stream { status: number; type: string | null; next(ms?: number): Promise<{ event: string; data: unknown } | "end">; close(): void }

/** Opens the stream and reads it one event at a time (comments and the retry line skipped). */
async function open(token: string | null): Promise<Stream> {
  const ctl = new AbortController();
  const res = await fetch(`${server.origin}/api/events`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: ctl.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  async function next(ms = 4_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        if (event) return { event, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]) as unknown };
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${ms} ms`);
      const chunk = await Promise.race([reader.read(), new Promise<"late">((r) => setTimeout(() => r("late"), left))]);
      if (chunk === "late") continue;
      if (chunk.done) return "end" as const;
      buffer += chunk.value;
    }
  }
  return { status: res.status, type: res.headers.get("content-type"), next, close: () => ctl.abort() };
}

/** A write from a second connection of its own, as another app instance (or the CLI) would commit it. */
async function finishElsewhere(sid: string) {
  const sqlText = "UPDATE calls SET status = 'completed', status_rank = 6 WHERE call_sid = $1";
  if (usingPostgres()) {
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: database });
    await client.connect();
    try { await client.query(sqlText, [sid]); } finally { await client.end(); }
  } else {
    const Sqlite = (await import("better-sqlite3")).default;
    const other = new Sqlite(database);
    try { other.prepare(sqlText.replace("$1", "?")).run(sid); } finally { other.close(); }
  }
}

describe("GET /api/events", () => {
  it("needs a credential", async () => {
    const s = await open(null);
    expect(s.status).toBe(401);
    s.close();
  });

  it("says idle and ends at once when nothing of the account is in flight (another account's calls do not count)", async () => {
    await upsertCall(b.accountId, execution("B-live", "in-progress"));
    const s = await open(a.token);
    expect(s.status).toBe(200);
    expect(s.type).toMatch(/^text\/event-stream/);
    expect(await s.next()).toEqual({ event: "idle", data: { in_flight: 0 } });
    expect(await s.next()).toBe("end");
  });

  it("tells within about a second that ingest moved a call, then says idle once it is final", async () => {
    await upsertCall(a.accountId, execution("A-1", "ringing"));
    const s = await open(a.token);
    try {
      // The first read answers at once, so the page refetches whatever moved before it connected.
      expect(await s.next(2_500)).toEqual({ event: "calls", data: { in_flight: 1 } });
      await upsertCall(a.accountId, execution("A-1", "in-progress"));
      const moved = Date.now();
      expect(await s.next(2_500)).toEqual({ event: "calls", data: { in_flight: 1 } });
      expect(Date.now() - moved).toBeLessThan(2_500);
      await upsertCall(a.accountId, execution("A-1", "completed"));
      expect(await s.next(2_500)).toEqual({ event: "idle", data: { in_flight: 0 } });
      expect(await s.next()).toBe("end");
    } finally {
      s.close();
    }
  });

  it("sees a call finished through another connection to the database (a second app instance)", async () => {
    await upsertCall(a.accountId, execution("A-2", "in-progress"));
    await upsertCall(a.accountId, execution("A-3", "queued"));
    const s = await open(a.token);
    try {
      expect(await s.next(2_500)).toEqual({ event: "calls", data: { in_flight: 2 } });
      await finishElsewhere("A-2");
      expect(await s.next(2_500)).toEqual({ event: "calls", data: { in_flight: 1 } });
      await finishElsewhere("A-3");
      expect(await s.next(2_500)).toEqual({ event: "idle", data: { in_flight: 0 } });
    } finally {
      s.close();
    }
  });

  it("leaves out calls in flight for longer than the horizon, and imported ones", async () => {
    const old = execution("A-old", "in-progress");
    await upsertCall(a.accountId, { ...old, created_at: new Date(Date.now() - 7 * 3_600_000).toISOString() });
    const { agent_id, name, from_number, to_number, duration, recording_url, transcription, cost, call_type } = old;
    await insertCalls(a.accountId, [{ call_sid: "A-imported", agent_id, name, from_number, to_number, duration, recording_url, transcription,
      cost, call_type, status: "in_progress", created_at: new Date().toISOString() }]);
    const s = await open(a.token);
    expect(await s.next()).toEqual({ event: "idle", data: { in_flight: 0 } });
    s.close();
  });
});
