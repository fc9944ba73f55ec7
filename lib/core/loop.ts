import "server-only";
import { logError } from "@/lib/http/log";
import { recordTick } from "./metrics";

// The one clock behind every background worker (campaign dispatcher, analysis, webhook delivery,
// alerts, test runs). One tick at a time per process: a slow tick delays the next, never overlaps it.
// Several processes may tick together; each tick is safe for that on its own (leases, claims).

export interface LoopOptions {
  tickMs: number;
  /** The CLI worker keeps its process alive with the timer; inside `next start` the server does, so the timer is unref'd. */
  keepAlive?: boolean;
  /** Runs on stop() after the tick under way has finished (e.g. wait for the work a tick started). */
  onStop?: () => Promise<void>;
  /** wake() never starts a tick sooner than this after the last one started, so a burst of wakes costs a few ticks. */
  wakeGapMs?: number;
}

export interface Loop {
  stop(): Promise<void>;
  /** Tick soon instead of after tickMs (right after the tick under way, if one is). */
  wake(): void;
}

/** What GET /api/ready reads of a running loop (times from Date.now()). */
export interface LoopState { name: string; tickMs: number; startedAt: number; lastTickStart: number | null; lastTickEnd: number | null; ticking: boolean }

// One loop per name per process: instrumentation.ts may run twice (dev reloads), and a second
// dispatcher in one process would only contend with the first. Asked again with other options, it
// refuses: the caller would otherwise run on settings it never asked for.
const g = globalThis as unknown as { __voxdeskLoops?: Map<string, { loop: Loop; opts: LoopOptions; state: LoopState }> };
const loops = (g.__voxdeskLoops ??= new Map());

const sameOptions = (a: LoopOptions, b: LoopOptions) => a.tickMs === b.tickMs && !!a.keepAlive === !!b.keepAlive && (a.wakeGapMs ?? 0) === (b.wakeGapMs ?? 0);

/**
 * Ticks the loop of this name soon, if one runs in this process (work was just asked for here).
 * Through the one map on globalThis: a route handler's bundle reaches the loop instrumentation started.
 */
export function wakeLoop(name: string): void {
  loops.get(name)?.loop.wake();
}

/** Every loop running in this process, as it stands. */
export const loopStates = (): LoopState[] => [...loops.values()].map((l) => ({ ...l.state }));

/** Stops every loop running in this process (a graceful stop): each ends its tick under way and its onStop. */
export async function stopAllLoops(): Promise<void> {
  await Promise.allSettled([...loops.values()].map((l) => l.loop.stop()));
}

export function startLoop(name: string, tick: () => Promise<unknown>, opts: LoopOptions): Loop {
  const existing = loops.get(name);
  if (existing) {
    if (!sameOptions(existing.opts, opts)) throw new Error(`the loop "${name}" already runs in this process with other options (tickMs ${existing.opts.tickMs})`);
    return existing.loop;
  }
  const state: LoopState = { name, tickMs: opts.tickMs, startedAt: Date.now(), lastTickStart: null, lastTickEnd: null, ticking: false };
  let stopped = false;
  let woken = false;
  let lastTick = 0;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    if (!opts.keepAlive) timer.unref();
  };
  const soon = () => schedule(Math.max(1, lastTick + (opts.wakeGapMs ?? 0) - performance.now()));
  const run = () => {
    if (stopped) return;
    woken = false;
    lastTick = performance.now();
    state.ticking = true;
    state.lastTickStart = Date.now();
    current = Promise.resolve()
      .then(tick)
      .then(() => recordTick(name, true), (err: unknown) => {
        recordTick(name, false);
        logError(`${name} tick failed`, { err });
      })
      .finally(() => {
        state.ticking = false;
        state.lastTickEnd = Date.now();
        if (woken) soon();
        else schedule(opts.tickMs);
      });
  };
  schedule(opts.tickMs);
  const handle: Loop = {
    stop() {
      stopping ??= (async () => {
        stopped = true;
        clearTimeout(timer);
        await current;
        await opts.onStop?.();
        if (loops.get(name)?.loop === handle) loops.delete(name);
      })();
      return stopping;
    },
    wake() {
      if (stopped) return;
      if (state.ticking) woken = true;
      else soon();
    },
  };
  loops.set(name, { loop: handle, opts, state });
  return handle;
}
