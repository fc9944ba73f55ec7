// The fake Bolna's executions and what it posts to webhooks (docs/bolna.md, "Executions and the webhook"):
// a status sequence per call, resends, late out-of-order deliveries, and calls held "in-progress"
// until a test releases them (campaigns prove their concurrency limit with that).
import crypto from "node:crypto";
import { extractionAnswer } from "./fake-bolna-followups";

export type Execution = Record<string, unknown> & { id: string; agent_id: string; status: string; created_at: string };

/** The final fields of a completed call, shaped like the example in docs/bolna.md. */
export function completedFields(e: Execution, overrides: Record<string, unknown> = {}, recordingBase = "https://recordings.example"): Record<string, unknown> {
  const data = (e.context_details as { recipient_data?: Record<string, unknown> } | undefined)?.recipient_data ?? {};
  return {
    conversation_duration: 123.4,
    total_cost: 18.2,
    cost_breakdown: { llm: 4.2, network: 1.2, platform: 2, synthesizer: 6.8, transcriber: 4 },
    usage_breakdown: { llmTokens: 1840, synthesizer_characters: 912, transcriber_duration: 118 },
    transcript: `assistant: Hi${data.first_name ? ` ${String(data.first_name)}` : ""}, this is Ava from Acme.\nuser: Hi!`,
    summary: "Booked a demo for Friday.",
    extracted_data: { interested: true },
    answered_by_voice_mail: false,
    error_message: null,
    telephony_data: {
      ...(e.telephony_data as Record<string, unknown>),
      duration: "125", recording_url: `${recordingBase}/${e.id}.mp3`, hangup_by: "Callee",
      hangup_reason: "Call recipient hung up", hangup_provider_code: 4000, ring_duration: 7, provider_call_id: `CA${e.id.replace(/-/g, "")}`,
    },
    ...overrides,
  };
}

export type Outcome = "completed" | "no-answer" | "busy" | "failed" | "canceled" | "error";

/** One webhook POST the fake made: the HTTP status it got back, or the network error. */
export interface Delivery { execution_id: string; status: string; url: string; http_status: number | null; error?: string }

export interface CallControls {
  /** Adds an execution directly (as if placed elsewhere), e.g. for sync tests; no webhook. */
  addExecution(e: Partial<Execution> & { agent_id: string }): Execution;
  /** Moves an execution to `status` (merging `fields`) and POSTs it to its agent's webhook_url. */
  advance(id: string, status: string, fields?: Record<string, unknown>): Promise<number>;
  /** Walks the statuses in order, posting each; returns the HTTP statuses the webhook answered. */
  advanceThrough(id: string, statuses: string[]): Promise<number[]>;
  /** POSTs the execution as it is now, again (Bolna resends). */
  resend(id: string): Promise<number>;
  /** POSTs the snapshot last sent with `status` (or the current one relabelled) after later ones: a late delivery. */
  sendLate(id: string, status: string): Promise<number>;
  /** POSTs an arbitrary body to the execution's webhook (e.g. a hand-made stale snapshot). */
  post(id: string, snapshot: Record<string, unknown>): Promise<number>;
  /** The usual happy path: initiated, ringing, in-progress, call-disconnected, completed (final fields merged). */
  complete(id: string, final?: Record<string, unknown>): Promise<void>;
  /**
   * While on, auto-completing calls stop at "in-progress" until released: every call, or only
   * calls to `recipient` (so a test holding its own calls leaves another test's alone).
   */
  holdCalls(on: boolean, recipient?: string): void;
  /** Ends held calls (all, or one) with `outcome` (default completed); resolves when posted. */
  release(id?: string, outcome?: Outcome): Promise<void>;
  /** Executions not yet in a final status (queued … in-progress). */
  active(): Execution[];
  /** The most executions that were active at the same moment since start. */
  readonly peakActive: number;
  /** Every webhook POST made, in order. */
  readonly deliveries: Delivery[];
  /** Resolves once every automatic call walk started so far has finished (or is held). */
  idle(): Promise<void>;
}

const LIVE = new Set(["scheduled", "queued", "rescheduled", "initiated", "ringing", "in-progress"]);
const RINGING = ["initiated", "ringing"];

export function callLifecycle(s: {
  agents: Map<string, Record<string, unknown>>;
  executions: Map<string, Execution>;
  autoCompleteMs?: number;
  outcome?: (call: Record<string, unknown>) => Outcome;
  recordingBase?: string;
}) {
  const history = new Map<string, Record<string, unknown>[]>();
  const deliveries: Delivery[] = [];
  const held = new Map<string, () => void>();
  const pending = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let holding = false;
  const heldRecipients = new Set<string>();
  let peakActive = 0;
  let stopped = false;

  const active = () => [...s.executions.values()].filter((e) => LIVE.has(e.status));
  const notePeak = () => {
    peakActive = Math.max(peakActive, active().length);
  };

  function addExecution(e: Partial<Execution> & { agent_id: string }): Execution {
    const now = new Date().toISOString();
    const full: Execution = {
      id: crypto.randomUUID(), batch_id: null, status: "queued", conversation_duration: 0, total_cost: 0,
      cost_breakdown: {}, usage_breakdown: {}, transcript: "", summary: null, extracted_data: null, error_message: null,
      answered_by_voice_mail: false, created_at: now, updated_at: now, context_details: { recipient_data: {} },
      telephony_data: { to_number: "+14155550102", from_number: "+14155550100", call_type: "outbound", provider: "twilio" },
      ...e,
    };
    s.executions.set(full.id, full);
    notePeak();
    return full;
  }

  const get = (id: string) => {
    const e = s.executions.get(id);
    if (!e) throw new Error(`no execution ${id}`);
    return e;
  };

  async function post(id: string, snapshot: Record<string, unknown>): Promise<number> {
    const e = get(id);
    const url = (s.agents.get(e.agent_id)?.agent_config as { webhook_url?: string } | undefined)?.webhook_url;
    if (!url) throw new Error(`agent ${e.agent_id} has no webhook_url`);
    const d: Delivery = { execution_id: id, status: String(snapshot.status), url, http_status: null };
    deliveries.push(d);
    try {
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(snapshot) });
      await res.arrayBuffer();
      d.http_status = res.status;
      return res.status;
    } catch (err) {
      d.error = err instanceof Error ? err.message : String(err);
      throw err;
    }
  }

  async function advance(id: string, status: string, fields: Record<string, unknown> = {}) {
    const e = get(id);
    Object.assign(e, fields, { status, updated_at: new Date().toISOString() });
    const snapshot = structuredClone(e);
    history.set(id, [...(history.get(id) ?? []), snapshot]);
    return post(id, snapshot);
  }

  async function advanceThrough(id: string, statuses: string[]) {
    const out: number[] = [];
    for (const st of statuses) out.push(await advance(id, st));
    return out;
  }

  async function finish(id: string, outcome: Outcome = "completed", final: Record<string, unknown> = {}) {
    if (outcome === "completed") {
      await advance(id, "call-disconnected");
      // An agent deployed with an analysis plan gets its extraction's keys back, as Bolna's would.
      const extracted = extractionAnswer(s.agents.get(get(id).agent_id));
      await advance(id, "completed", completedFields(get(id), extracted ? { extracted_data: extracted, ...final } : final, s.recordingBase));
    } else {
      const telephony = { ...(get(id).telephony_data as Record<string, unknown>), duration: "0", hangup_by: "Carrier", hangup_reason: outcome };
      await advance(id, outcome, { telephony_data: telephony, error_message: outcome === "failed" || outcome === "error" ? "Call could not be connected" : null, ...final });
    }
  }

  /** The automatic walk of a placed call: ring, talk (or wait while held), end. */
  async function walk(id: string, call: Record<string, unknown>) {
    const outcome = s.outcome?.(call) ?? "completed";
    if (outcome !== "completed") {
      await advanceThrough(id, RINGING);
      return finish(id, outcome);
    }
    await advanceThrough(id, [...RINGING, "in-progress"]);
    if (holding || heldRecipients.has(String(call.recipient_phone_number))) {
      const released = new Promise<Outcome>((resolve) => held.set(id, resolve as () => void));
      return finish(id, await released);
    }
    await finish(id);
  }

  function placed(e: Execution, call: Record<string, unknown>) {
    if (s.autoCompleteMs === undefined || stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const p: Promise<void> = walk(e.id, call).catch(() => undefined).finally(() => pending.delete(p));
      pending.add(p);
    }, s.autoCompleteMs);
    timers.add(timer);
  }

  const controls: CallControls = {
    addExecution, advance, advanceThrough, post,
    resend: (id) => post(id, structuredClone(get(id))),
    sendLate(id, status) {
      const earlier = [...(history.get(id) ?? [])].reverse().find((h) => h.status === status);
      return post(id, earlier ? structuredClone(earlier) : { ...structuredClone(get(id)), status });
    },
    async complete(id, final = {}) {
      await advanceThrough(id, [...RINGING, "in-progress"]);
      await finish(id, "completed", final);
    },
    holdCalls(on, recipient) {
      if (recipient === undefined) holding = on;
      else if (on) heldRecipients.add(recipient);
      else heldRecipients.delete(recipient);
    },
    async release(id, outcome = "completed") {
      const ids = id ? [id] : [...held.keys()];
      for (const h of ids) {
        const resolve = held.get(h) as ((o: Outcome) => void) | undefined;
        if (!resolve) throw new Error(`execution ${h} is not held`);
        held.delete(h);
        resolve(outcome);
      }
      await controls.idle();
    },
    active,
    get peakActive() {
      return peakActive;
    },
    deliveries,
    async idle() {
      // Walks parked at a hold count as settled; everything else is awaited, including walks
      // that start while we wait (a released call can be followed by a campaign's next call).
      for (;;) {
        const running = [...pending];
        const waiting = running.length - held.size;
        if (waiting <= 0 && timers.size === 0) return;
        await Promise.race([...running, new Promise((r) => setTimeout(r, 20))]);
      }
    },
  };

  return {
    addExecution, placed, advance, controls,
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const [, resolve] of held) (resolve as (o: Outcome) => void)("canceled");
      held.clear();
    },
  };
}
