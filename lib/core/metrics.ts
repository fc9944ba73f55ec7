import "server-only";
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";

// Figures for a Prometheus scraper (GET /metrics). One registry per process, kept on globalThis
// like the database handle: Next may evaluate this module more than once, and prom-client refuses
// a second metric of the same name in one registry. Labels carry names of our own code (a loop's
// name), never an account's data.

interface Metrics {
  registry: Registry;
  loopTicks: Counter<"loop" | "outcome">;
  loopLastTick: Gauge<"loop">;
}

const g = globalThis as unknown as { __voxdeskMetrics?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "voxdesk_" });
  return {
    registry,
    loopTicks: new Counter({
      name: "voxdesk_loop_ticks_total",
      help: "Ticks of each background loop that ran to their end, by outcome (ok or error).",
      labelNames: ["loop", "outcome"] as const,
      registers: [registry],
    }),
    loopLastTick: new Gauge({
      name: "voxdesk_loop_last_tick_seconds",
      help: "When each background loop last finished a tick (Unix time, seconds).",
      labelNames: ["loop"] as const,
      registers: [registry],
    }),
  };
}

export const metrics = (): Metrics => (g.__voxdeskMetrics ??= create());

/** A loop's tick ended (lib/core/loop.ts). */
export function recordTick(loop: string, ok: boolean) {
  const m = metrics();
  m.loopTicks.inc({ loop, outcome: ok ? "ok" : "error" });
  m.loopLastTick.set({ loop }, Date.now() / 1000);
}

/** The text a scraper reads, and its content type. */
export async function exposition(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
