import "server-only";
import { readCallMarks } from "@/lib/calls/db/marks";
import { recordMarkerReads } from "@/lib/core/metrics";
import { logError } from "@/lib/http/log";

// One poller per app instance for every open event stream (lib/calls/events.ts): once a tick it reads
// the change marker of each account that has a stream open here, in one statement, and tells each of
// that account's streams when the marker moved. So the database sees one marker read per account per
// tick on each instance, however many consoles are open; an instance with no stream open reads
// nothing. The marker lives in the shared database and moves in the writer's transaction, so a change
// committed by any instance (or the CLI) is seen here within a tick.

export const TICK_MS = 1_000;

type Listener = (marker: number) => void;
interface Watched { listeners: Set<Listener>; marker: number | null; first: Promise<void> }
interface Hub { accounts: Map<string, Watched>; timer: ReturnType<typeof setTimeout> | null; ticking: boolean }

// Kept on globalThis like the database handle: Next may evaluate this module more than once, and two
// copies would poll twice.
const g = globalThis as unknown as { __voxdeskLiveHub?: Hub };
const hub = (): Hub => (g.__voxdeskLiveHub ??= { accounts: new Map(), timer: null, ticking: false });

/**
 * Calls `listener` whenever the account's calls change (a new call, any status change) from now on,
 * until the returned function is called. Resolves once the account's marker is known: the first
 * stream of an account on this instance reads it at once, so a change committed after this resolves
 * is told even if the stream's page read its data just before.
 */
export async function watchCalls(accountId: string, listener: Listener): Promise<{ marker: number; stop: () => void }> {
  const h = hub();
  let w = h.accounts.get(accountId);
  if (!w) {
    const fresh: Watched = { listeners: new Set(), marker: null, first: Promise.resolve() };
    fresh.first = readCallMarks([accountId]).then((m) => {
      recordMarkerReads(1, false);
      fresh.marker ??= m.get(accountId) ?? 0;
    });
    w = fresh;
    h.accounts.set(accountId, w);
  }
  const watched = w;
  watched.listeners.add(listener);
  const stop = () => {
    watched.listeners.delete(listener);
    if (watched.listeners.size === 0 && h.accounts.get(accountId) === watched) h.accounts.delete(accountId);
  };
  try {
    await watched.first;
  } catch (err) {
    stop();
    if (h.accounts.get(accountId) === watched && watched.marker === null) h.accounts.delete(accountId);
    throw err;
  }
  schedule(h);
  return { marker: watched.marker ?? 0, stop };
}

function schedule(h: Hub) {
  if (h.timer || h.ticking || h.accounts.size === 0) return;
  h.timer = setTimeout(() => void tick(h), TICK_MS);
  h.timer.unref?.();
}

async function tick(h: Hub) {
  h.timer = null;
  h.ticking = true;
  try {
    // Accounts whose first read is still under way are left to it.
    const due = [...h.accounts].filter(([, w]) => w.marker !== null);
    if (due.length === 0) return;
    const marks = await readCallMarks(due.map(([id]) => id));
    recordMarkerReads(due.length, true);
    for (const [id, w] of due) {
      const now = marks.get(id) ?? 0;
      if (now === w.marker) continue;
      w.marker = now;
      for (const listener of w.listeners) listener(now);
    }
  } catch (err) {
    // A failed read (database busy past its timeout, gone) is tried again next tick; streams stay open.
    logError("live marker read failed", { err });
  } finally {
    h.ticking = false;
    schedule(h);
  }
}
