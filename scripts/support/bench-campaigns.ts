import * as campaignsRoute from "@/app/api/campaigns/route";
import * as listsRoute from "@/app/api/contacts/route";
import { claimDials, dispatchTick } from "@/lib/campaigns/dispatcher";
import { changeStatus, startCampaign } from "@/lib/campaigns/service";
import { resetConfigForTests } from "@/lib/core/config";
import { inFlightSeqs, requeueContacts, setCampaignProgress, settleStatistics } from "@/lib/campaigns/db/bench";
import { getCampaignRow } from "@/lib/campaigns/db/campaigns";
import { insertContacts } from "@/lib/contacts/db/insert";
import { campaignWorld, type CampaignWorld } from "@/lib/testing/campaign-fixture";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call } from "@/lib/testing/harness";
import { percentile, type BenchRow } from "./bench-kit";

// `npm run bench`, section 7: the campaign dispatcher's tick on a 100k-contact campaign must cost
// the same whether 1,000 or 99,000 of its contacts are done (the tick reads the due and in-flight
// parts of campaign_contacts_due, never the finished rows). A 1,000-contact campaign is the third
// state: a tick that scans the whole campaign looks fine between the two states of the big one
// (same row count) but not against the small one. Each state is timed twice: the decision alone
// (claimDials: reap, in-flight count, due read, claims, one write transaction) and the whole
// dispatchTick with its dials to the fake Bolna on 127.0.0.1. After every timed tick the claimed
// contacts are put back (untimed), so every tick finds the same state and SLOTS free slots. The
// states take turns over ROUNDS rounds, so load from elsewhere on the machine hits all three alike.

const BIG = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 100_000);
const SMALL = 1_000;
const DONE_FEW = 1_000;
const SLOTS = 10;
const BATCH = 10_000;
const ROUNDS = 3;
const WARMUP = 3;

interface Run { accountId: string; id: string; dueAt: string }
interface State { label: string; run: Run; done: number; decide: number[]; tick: number[] }

/** A list of `n` contacts added straight through the add path's insert (10k a transaction). */
async function bigList(w: CampaignWorld, name: string, n: number, firstNumber: number): Promise<string> {
  const res = await call(listsRoute.POST, "POST", "/api/contacts", { token: w.token, body: { name, default_country: "US" } });
  const listId = res.json.list_id as string;
  for (let from = 0; from < n; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, n - from) }, (_, k) => {
      // +1 415 2xx xxxx: distinct, valid NANP numbers.
      const e164 = `+1415${firstNumber + from + k}`;
      return { phone_number: e164, e164, template_variables: { first_name: `Person ${from + k}` } };
    });
    if (!(await insertContacts(w.accountId, listId, rows))) throw new Error("bench list vanished");
  }
  return listId;
}

/** Creates the campaign through the route and starts it through the real start path; returns the start's seconds. */
async function startedCampaign(w: CampaignWorld, listId: string, name: string): Promise<Run & { seconds: number }> {
  const res = await call(campaignsRoute.POST, "POST", "/api/campaigns", {
    token: w.token, body: { name, agent_id: w.agentId, list_id: listId, max_concurrency: SLOTS },
  });
  if (res.status !== 201) throw new Error(`campaign create failed: ${JSON.stringify(res.json).slice(0, 300)}`);
  const id = res.json.campaign_id as string;
  const t = performance.now();
  const row = await startCampaign(w.accountId, id);
  const seconds = (performance.now() - t) / 1000;
  if (row.status !== "running") throw new Error(`campaign is ${row.status}, not running`);
  return { accountId: w.accountId, id, dueAt: row.started_at!, seconds };
}

/** Runs `fn` `warmup + n` times, `after` untimed after each; returns the last n durations in ms. */
async function sample(n: number, fn: () => Promise<void>, after: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + n; i++) {
    const t = performance.now();
    await fn();
    if (i >= WARMUP) times.push(performance.now() - t);
    await after();
  }
  return times;
}

/** One turn of a state: `n` decisions, then `n` full ticks, each from the same starting state. */
async function timeTurn(s: State, n: number, bolna: FakeBolna) {
  const row = (await getCampaignRow(s.run.accountId, s.run.id))!;
  let claimed: number[] = [];
  s.decide.push(...await sample(n, async () => {
    const got = await claimDials(row, new Date());
    if (got.length !== SLOTS) throw new Error(`claimed ${got.length} contacts, expected ${SLOTS}`);
    claimed = got.map((r) => Number(r.seq));
  }, () => requeueContacts(s.run.id, claimed, s.run.dueAt)));
  const before = bolna.calls.length;
  s.tick.push(...await sample(n, async () => {
    const report = await dispatchTick(new Date());
    if (report.dialled !== SLOTS) throw new Error(`the tick dialled ${report.dialled}, expected ${SLOTS}`);
  }, async () => requeueContacts(s.run.id, await inFlightSeqs(s.run.id), s.run.dueAt)));
  // A dial the fake refused would end its attempt instead of leaving it in flight: count what it accepted.
  if (bolna.calls.length - before !== (WARMUP + n) * SLOTS) throw new Error(`the fake Bolna accepted ${bolna.calls.length - before} calls`);
}

const latency = (label: string, times: number[]): BenchRow => {
  const sorted = [...times].sort((a, b) => a - b);
  return { label, n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};
const ratioRow = (label: string, a: BenchRow, b: BenchRow): BenchRow =>
  ({ label: `${label}, p50 / p95`, value: `x${(a.p50! / b.p50!).toFixed(2)} / x${(a.p95! / b.p95!).toFixed(2)}` });

/** Section 7's rows: setup figures, the three states, and the ratios to read. */
export async function benchCampaigns(iterations: number): Promise<BenchRow[]> {
  const saved = { TOOL_TARGET_ALLOWLIST: process.env.TOOL_TARGET_ALLOWLIST, PUBLIC_URL: process.env.PUBLIC_URL };
  // The engine lives on 127.0.0.1; webhooks would go to a closed loopback port (the fake posts
  // none here: its calls stay queued until the bench puts their contacts back).
  process.env.TOOL_TARGET_ALLOWLIST = "127.0.0.1";
  process.env.PUBLIC_URL = "http://127.0.0.1:9";
  resetConfigForTests();
  const bolna = await startFakeBolna();
  const runs: Run[] = [];
  try {
    const w = await campaignWorld(bolna, "Bench campaigns");
    let t = performance.now();
    const bigListId = await bigList(w, "Bench 100k", BIG, 2_000_000);
    const listSeconds = (performance.now() - t) / 1000;
    const small = await startedCampaign(w, await bigList(w, "Bench 1k", SMALL, 3_000_000), "Bench 1k");
    await changeStatus(w.accountId, small.id, "pause");
    const big = await startedCampaign(w, bigListId, "Bench 100k");
    await changeStatus(w.accountId, big.id, "pause");
    runs.push(small, big);

    const states: State[] = [
      { label: `${SMALL}-contact campaign, none done`, run: small, done: 0, decide: [], tick: [] },
      { label: `${BIG} contacts, ${DONE_FEW} done`, run: big, done: DONE_FEW, decide: [], tick: [] },
      { label: `${BIG} contacts, ${BIG - DONE_FEW} done`, run: big, done: BIG - DONE_FEW, decide: [], tick: [] },
    ];
    const perTurn = Math.max(1, Math.ceil(iterations / ROUNDS));
    const moves: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of states) {
        // Only the state's campaign is running, so dispatchTick works on it alone.
        t = performance.now();
        await setCampaignProgress(s.run.id, s.done, s.run.dueAt);
        moves.push(performance.now() - t);
        await settleStatistics();
        await changeStatus(w.accountId, s.run.id, "resume");
        await timeTurn(s, perTurn, bolna);
        await changeStatus(w.accountId, s.run.id, "pause");
      }
    }
    const [small1k, fewDone, manyDone] = states.map((s) => latency(`${s.label}: decide (claim ${SLOTS})`, s.decide));
    const ticks = states.map((s) => latency(`${s.label}: full tick (decide + ${SLOTS} dials)`, s.tick));
    const took = (seconds: number, rows?: number) => `${seconds.toFixed(1)} s${rows ? ` (${Math.round(rows / seconds / 1000)}k/s)` : ""}`;
    return [
      { label: `setup: ${BIG} contacts into a list (insertContacts, 10k a transaction)`, value: took(listSeconds, BIG) },
      { label: `startCampaign: snapshot of ${BIG} contacts (the real start path, one transaction)`, value: took(big.seconds, BIG) },
      // PostgreSQL's figure includes nothing of the VACUUM ANALYZE that follows each move.
      { label: "setup: move the campaign to a progress state (2 UPDATEs, slowest move)", value: took(Math.max(...moves) / 1000) },
      small1k, fewDone, manyDone, ...ticks,
      ratioRow(`decide: ${BIG - DONE_FEW} done vs ${DONE_FEW} done (target <= 1.3)`, manyDone, fewDone),
      ratioRow(`full tick: ${BIG - DONE_FEW} done vs ${DONE_FEW} done`, ticks[2], ticks[1]),
      ratioRow(`decide: ${BIG}-contact campaign (${BIG - DONE_FEW} done) vs ${SMALL}-contact campaign`, manyDone, small1k),
    ];
  } finally {
    // Nothing may dial these later (the bench's database can be kept, or served by `next start`).
    for (const r of runs) await changeStatus(r.accountId, r.id, "cancel").catch(() => undefined);
    await bolna.close();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
  }
}

/** One line for the bench's "Reading": the ratio the section exists for, and the tick's absolute cost. */
export function campaignsReading(rows: BenchRow[]): string {
  const [, , , small, few, many] = rows;
  const x = (a: number, b: number) => `x${(a / b).toFixed(2)}`;
  return `campaign tick decision, ${BIG - DONE_FEW} done vs ${DONE_FEW} done p95 ${x(many.p95!, few.p95!)} (target <= 1.3); `
    + `${BIG}-contact vs ${SMALL}-contact campaign p95 ${x(many.p95!, small.p95!)}; decision p95 ${many.p95!.toFixed(2)} ms`;
}
