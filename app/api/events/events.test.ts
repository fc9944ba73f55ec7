import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCalls } from "@/lib/calls/db/calls";
import { readCallMarks } from "@/lib/calls/db/marks";
import { metrics } from "@/lib/core/metrics";
import { upsertCall, type ResolvedCall } from "@/lib/calls/db/ingest";
import { statusRank } from "@/lib/calls/status";
import { newAccountWithToken, useTempDatabase, usingPostgres } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as events from "./route";

// GET /api/events over real HTTP: a stream per account that says when its calls changed (a new call,
// any status change), seen from the shared database (a write by another connection, as another app
// instance makes, counts), and that stays open while nothing is in flight.

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

/** The poller's ticks so far in this process (lib/calls/live-hub.ts). */
const ticks = async () => (await metrics().liveTicks.get()).values[0]?.value ?? 0;
/** Waits until the poller has read the markers `n` more times, so any change made before has been looked at. */
async function ticksPass(n: number) {
  const from = await ticks();
  await expect.poll(ticks, { timeout: 5_000, interval: 50 }).toBeGreaterThanOrEqual(from + n);
}
const markerOf = async (accountId: string) => ({ event: "calls", data: { marker: String((await readCallMarks([accountId])).get(accountId)) } });
/**
 * Reads events until one carries the account's current marker. A stream that joins an account other
 * streams on this instance already watch answers at once with the marker of the last tick, which may
 * be a change older; the next tick then tells that change.
 */
async function settle(s: Stream, accountId: string) {
  const want = await markerOf(accountId);
  for (let e = await s.next(2_500); ; e = await s.next(2_500)) {
    expect(e).toMatchObject({ event: "calls" });
    if (JSON.stringify(e) === JSON.stringify(want)) return;
  }
}

describe("GET /api/events", () => {
  it("needs a credential", async () => {
    const s = await open(null);
    expect(s.status).toBe(401);
    s.close();
  });

  it("answers at once, stays open while nothing is in flight, and tells of a new call and of each status change within a tick", async () => {
    const s = await open(a.token);
    try {
      expect(s.status).toBe(200);
      expect(s.type).toMatch(/^text\/event-stream/);
      // The first event comes at once, so the page refetches whatever changed before it connected.
      await settle(s, a.accountId);
      await upsertCall(a.accountId, execution("A-1", "queued"));
      expect(await s.next(2_500)).toEqual(await markerOf(a.accountId));
      await upsertCall(a.accountId, execution("A-1", "in-progress"));
      expect(await s.next(2_500)).toEqual(await markerOf(a.accountId));
      await upsertCall(a.accountId, execution("A-1", "completed"));
      expect(await s.next(2_500)).toEqual(await markerOf(a.accountId));
      // Nothing is in flight now, and the stream is still there for the next call.
      await upsertCall(a.accountId, execution("A-1b", "completed"));
      expect(await s.next(2_500)).toEqual(await markerOf(a.accountId));
    } finally {
      s.close();
    }
  });

  it("says nothing of another account's calls", async () => {
    const s = await open(a.token);
    try {
      await settle(s, a.accountId);
      await upsertCall(b.accountId, execution("B-1", "in-progress"));
      await ticksPass(2);
      await upsertCall(a.accountId, execution("A-4", "ringing"));
      // The next event is A's change: a stray one for B would come first, with A's old marker.
      expect(await s.next(2_500)).toEqual(await markerOf(a.accountId));
    } finally {
      s.close();
    }
  });

  it("sees calls changed through another connection to the database (a second app instance), and imported ones", async () => {
    await upsertCall(a.accountId, execution("A-2", "in-progress"));
    const s = await open(a.token);
    try {
      await settle(s, a.accountId);
      await finishElsewhere("A-2");
      expect(await s.next(2_500)).toEqual(await markerOf(a.accountId));
      const { agent_id, name, from_number, to_number, duration, recording_url, transcription, cost, call_type } = execution("x", "completed");
      await insertCalls(a.accountId, [{ call_sid: "A-imported", agent_id, name, from_number, to_number, duration, recording_url, transcription,
        cost, call_type, status: "completed", created_at: new Date().toISOString() }]);
      expect(await s.next(2_500)).toEqual(await markerOf(a.accountId));
    } finally {
      s.close();
    }
  });

  it("reads one marker per account per tick, however many streams are open", async () => {
    const streams = await Promise.all([a, a, a, a, b, b].map((who) => open(who.token)));
    try {
      for (const s of streams) expect((await s.next(2_500) as { event: string }).event).toBe("calls");
      const reads = async () => (await metrics().liveMarkerReads.get()).values[0]?.value ?? 0;
      const [ticks0, reads0] = [await ticks(), await reads()];
      await ticksPass(3);
      const [ticks1, reads1] = [await ticks(), await reads()];
      // Two accounts: two reads a tick, not six.
      expect(reads1 - reads0).toBe(2 * (ticks1 - ticks0));
    } finally {
      for (const s of streams) s.close();
    }
  });
});
