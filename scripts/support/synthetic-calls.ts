import type { NewCall } from "@/lib/calls/db/calls";
import { createRand, type Rand } from "./random";
import { completedTranscript, cutShortTranscript, type AgentKind } from "./synthetic-text";

// Synthetic but plausible call records for `seed`, `demo` and the benchmark. Units follow the API:
// duration in seconds, cost in USD. Phone numbers come from ranges reserved for fiction
// (NANP 555-0100..0199, Ofcom 07700 900xxx), so no real subscriber is ever named.

export interface SeedAgent {
  agent_id: string;
  name: string;
  kind: AgentKind;
  /** The agent's own number (E.164): the caller id of its outbound calls, the target of inbound ones. */
  number: string;
  /** Relative share of the account's calls. */
  share: number;
  callTypes: Partial<Record<CallType, number>>;
}

type CallType = "inbound" | "outbound" | "web_call";
type Status = "completed" | "rejected" | "failed" | "canceled";

// Outbound calls go unanswered far more often (busy / no answer = `rejected`) than inbound ones.
const STATUS_WEIGHTS: Record<CallType, Record<Status, number>> = {
  outbound: { completed: 62, rejected: 24, failed: 5, canceled: 9 },
  inbound: { completed: 88, rejected: 2, failed: 3, canceled: 7 },
  web_call: { completed: 86, rejected: 0, failed: 5, canceled: 9 },
};
const MEDIAN_SECONDS: Record<AgentKind, number> = { receptionist: 95, sales: 170, support: 260, survey: 70 };
// All-in price per minute (platform + LLM + voice); phone calls add carrier minutes.
const USD_PER_MINUTE: Record<CallType, number> = { inbound: 0.085, outbound: 0.095, web_call: 0.06 };
const AREA_CODES = ["212", "213", "312", "415", "512", "617", "702", "206", "303", "404", "503", "602", "713", "305", "646", "818"];
const DAY_MS = 86_400_000;
// Call volume by UTC hour: US business hours (about 13:00-23:00 UTC) carry most calls.
const HOUR_WEIGHT = [0.25, 0.2, 0.12, 0.06, 0.04, 0.03, 0.03, 0.04, 0.06, 0.1, 0.15, 0.25, 0.45, 0.8, 1, 1, 0.95, 0.9, 0.95, 1, 0.95, 0.8, 0.6, 0.4];

export function usNumber(rand: Rand): string {
  return `+1${rand.pick(AREA_CODES)}5550${rand.int(100, 199)}`;
}

function customerNumber(rand: Rand): string {
  return rand() < 0.85 ? usNumber(rand) : `+447700900${String(rand.int(0, 999)).padStart(3, "0")}`;
}

export function defaultAgents(rand: Rand): SeedAgent[] {
  return [
    { agent_id: rand.uuid(), name: "Front Desk", kind: "receptionist", number: usNumber(rand), share: 30, callTypes: { inbound: 85, web_call: 15 } },
    { agent_id: rand.uuid(), name: "Solar Outreach", kind: "sales", number: usNumber(rand), share: 32, callTypes: { outbound: 95, web_call: 5 } },
    { agent_id: rand.uuid(), name: "Support Line", kind: "support", number: usNumber(rand), share: 28, callTypes: { inbound: 70, web_call: 30 } },
    { agent_id: rand.uuid(), name: "Patient Survey", kind: "survey", number: usNumber(rand), share: 10, callTypes: { outbound: 100 } },
  ];
}

const HOUR_MS = 3_600_000;

/**
 * `count` timestamps in [start, start + span), in ascending order, as a live system would record
 * them: each hour gets its share by weekday/business-hour weight and a mild growth over the range.
 */
function* timeline(rand: Rand, count: number, start: number, span: number): Generator<number> {
  const end = start + span;
  const hours: [number, number, number][] = [];
  let total = 0;
  for (let h = Math.floor(start / HOUR_MS); h * HOUR_MS < end; h++) {
    const from = Math.max(h * HOUR_MS, start), to = Math.min((h + 1) * HOUR_MS, end);
    const dow = (Math.floor(h / 24) + 4) % 7; // 1970-01-01 was a Thursday
    const weight = HOUR_WEIGHT[h % 24] * (dow === 0 || dow === 6 ? 0.35 : 1) * (0.7 + 0.3 * ((from - start) / span)) * ((to - from) / HOUR_MS);
    hours.push([from, to, weight]);
    total += weight;
  }
  let acc = 0, emitted = 0;
  for (const [from, to, weight] of hours) {
    acc += weight;
    const target = Math.round((acc / total) * count);
    const offsets: number[] = [];
    for (; emitted < target; emitted++) offsets.push(from + Math.floor(rand() * (to - from)));
    offsets.sort((x, y) => x - y);
    yield* offsets;
  }
}

function oneCall(rand: Rand, callSid: string, agent: SeedAgent, createdMs: number, untilMs: number): NewCall {
  const callType = rand.weighted(agent.callTypes as Record<CallType, number>);
  // Every call ends: nothing reports a seeded call later, so one left in flight would stay so forever.
  const status: Status = rand.weighted(STATUS_WEIGHTS[callType]);
  const ageSeconds = (untilMs - createdMs) / 1000;

  let duration = 0;
  if (status === "completed") duration = Math.min(1800, Math.max(8, rand.logNormal(MEDIAN_SECONDS[agent.kind], 0.6)));
  else if (status === "canceled") duration = rand() * 6;
  // A call of the last minutes ended by `until`.
  duration = Math.floor(Math.min(duration, ageSeconds) * 10) / 10;
  const cost = Math.round((duration / 60) * USD_PER_MINUTE[callType] * 10_000) / 10_000;

  const customer = callType === "web_call" ? "" : customerNumber(rand);
  const [from, to] = callType === "outbound" ? [agent.number, customer] : callType === "inbound" ? [customer, agent.number] : ["", ""];
  const createdAt = new Date(createdMs).toISOString();
  const transcription =
    status === "completed" ? completedTranscript(rand, agent.kind)
      : status === "canceled" ? cutShortTranscript(rand, agent.kind) : "";
  return {
    call_sid: callSid,
    agent_id: agent.agent_id,
    name: agent.name,
    from_number: from,
    to_number: to,
    duration,
    recording_url: status === "completed" ? `https://recordings.voxdesk.example/${createdAt.slice(0, 10)}/${callSid}.wav` : "",
    transcription,
    status,
    cost,
    call_type: callType,
    created_at: createdAt,
  };
}

export interface SyntheticOptions {
  count: number;
  days: number;
  seed: number;
  /** End of the time range (exclusive); calls spread over [until - days, until). */
  until: Date;
  agents?: SeedAgent[];
  chunkSize?: number;
}

/**
 * Yields the calls oldest first, in chunks, so a caller can insert them without holding all of
 * them in memory. call_sids come from their own stream: the i-th sid of a seed is the same
 * whatever --until and --days are, so re-running a seed skips instead of duplicating.
 */
export function* syntheticCalls(o: SyntheticOptions): Generator<NewCall[]> {
  const rand = createRand(o.seed);
  const sids = createRand(o.seed ^ 0x5eed5eed);
  const agents = o.agents ?? defaultAgents(createRand(o.seed ^ 0xa9e27));
  const shares = Object.fromEntries(agents.map((a, i) => [String(i), a.share]));
  const untilMs = o.until.getTime();
  const span = o.days * DAY_MS;
  const chunkSize = o.chunkSize ?? 10_000;
  let chunk: NewCall[] = [];
  for (const createdMs of timeline(rand, o.count, untilMs - span, span)) {
    const agent = agents[Number(rand.weighted(shares))];
    chunk.push(oneCall(rand, `CA${sids.hex(32)}`, agent, createdMs, untilMs));
    if (chunk.length === chunkSize) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}
