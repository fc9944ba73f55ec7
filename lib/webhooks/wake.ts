// In-process wake-up for the delivery worker: emitEvent rings it so a message committed in this
// process is sent within milliseconds rather than at the next tick (WEBHOOK_TICK_MS). It carries no
// data and may ring before the emitting transaction commits (a lane then finds nothing and the tick
// or a later ring picks the message up), so it is a hint, never the source of truth. Other
// processes' messages still wait for the tick. No imports: the outbox stays free of worker code.

type Listener = () => void;
const g = globalThis as unknown as { __voxdeskWebhookWake?: { listeners: Set<Listener>; rings: number } };
const state = (g.__voxdeskWebhookWake ??= { listeners: new Set(), rings: 0 });

export function onWebhookEmitted(fn: Listener): () => void {
  state.listeners.add(fn);
  return () => state.listeners.delete(fn);
}

/** How many times emitEvent has rung in this process (a lane compares it around a claim). */
export const webhookRings = () => state.rings;

export function webhookEmitted(): void {
  state.rings++;
  for (const fn of state.listeners) fn();
}
