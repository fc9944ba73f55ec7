import crypto from "node:crypto";
import http from "node:http";
import Database from "better-sqlite3";
import { addDays, engineFigures, summarise, type DailyRow, type EngineRow } from "@/lib/calls/summary-math";
import { turnFigures, type LatencyRow, type TurnRow } from "@/lib/calls/turn-figures";
import { DETAIL_COLUMNS, toDetail, type DetailRow } from "@/lib/calls/db/calls";
import { keysetPage } from "@/lib/core/cursor";
import { outcomeFigures, type OutcomeDayRow } from "@/lib/outcomes/summary-math";

// The floor for `npm run bench` (scripts/support/bench-http.ts): a bare node:http + better-sqlite3
// server answering GET /api/details (first page), /api/details/summary and /api/health from the
// bench's SQLite file with the same JSON as the product. Not a product feature: no validation, no
// filters, no rate limit; it still checks the Bearer token, as any real API must.

const db = new Database(process.env.BENCH_DB!, { timeout: 10_000 });
const auth = db.prepare("SELECT account_id FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL");
const page = db.prepare(`SELECT ${DETAIL_COLUMNS.join(", ")} FROM calls WHERE account_id = ? ORDER BY created_at DESC, call_sid DESC LIMIT ?`);
const daily = db.prepare("SELECT day, agent_id, agent_name, status, call_type, engine_id, provider, calls, duration, cost FROM call_daily WHERE account_id = ? AND day >= ? AND day <= ?");
const engine = db.prepare(`SELECT hangup_by, hangup_reason, calls, voicemail, cost_llm, cost_network, cost_platform, cost_synthesizer, cost_transcriber,
  agent_id, engine_id, provider, latency_calls, interruption_calls, interruptions FROM call_daily_engine WHERE account_id = ? AND day >= ? AND day <= ?`);
const latency = db.prepare("SELECT agent_id, engine_id, provider, bucket, turns FROM call_daily_latency WHERE account_id = ? AND day >= ? AND day <= ?");
const outcomes = db.prepare("SELECT day, disposition, engine_id, provider, sum(analyzed) AS analyzed, sum(judged) AS judged, sum(succeeded) AS succeeded, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative, sum(judged_cost) AS judged_cost FROM call_outcome_daily WHERE account_id = ? AND day >= ? AND day <= ? GROUP BY day, disposition, engine_id, provider");
const ping = db.prepare("SELECT 1");

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

http
  .createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path === "/api/health") return send(res, 200, (ping.get(), { status: "ok" }));
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
    const hash = token && crypto.createHash("sha256").update(token).digest("hex");
    const who = hash ? (auth.get(hash) as { account_id: string } | undefined) : undefined;
    if (!who) return send(res, 401, { error: 401, message: "Invalid or revoked API token" });
    if (path === "/api/details") {
      const rows = page.all(who.account_id, 101) as DetailRow[];
      const { items, next_cursor, has_more } = keysetPage(rows, 100, (r) => [r.created_at, r.call_sid]);
      return send(res, 200, { calls: items.map(toDetail), next_cursor, has_more });
    }
    if (path === "/api/details/summary") {
      const toDay = new Date().toISOString().slice(0, 10);
      const fromDay = addDays(toDay, -29);
      const engineRows = engine.all(who.account_id, fromDay, toDay) as (EngineRow & TurnRow)[];
      const calls = summarise(daily.all(who.account_id, fromDay, toDay) as DailyRow[], { fromDay, toDay }, engineFigures(engineRows));
      const turns = turnFigures(engineRows, latency.all(who.account_id, fromDay, toDay) as LatencyRow[], new Map(calls.per_agent.map((a) => [a.agent_id, a.name])));
      return send(res, 200, { ...calls, latency: turns, outcomes: outcomeFigures(outcomes.all(who.account_id, fromDay, toDay) as OutcomeDayRow[], { fromDay, toDay }) });
    }
    send(res, 404, { error: 404, message: "Not found" });
  })
  .listen(0, "127.0.0.1", function (this: http.Server) {
    console.log(JSON.stringify({ port: (this.address() as { port: number }).port }));
  });
