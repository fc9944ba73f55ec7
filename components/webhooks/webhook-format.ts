import { EVENT_TYPES, type Attempt } from "@/lib/webhooks/schema";
import type { Health } from "@/lib/webhooks/health";

// Pure wording and picking rules of Settings → Webhooks, unit-tested beside.

export type HealthTone = "success" | "warning" | "destructive" | "default";

/** "98% of 120" with a tone: ≥ 95 % fine, ≥ 50 % worrying, below that failing; no attempts is neutral. */
export function healthSummary(h: Health): { text: string; tone: HealthTone; title: string } {
  if (h.success_rate === null) return { text: "No deliveries", tone: "default", title: "Nothing was sent in the last 24 h" };
  const pct = h.success_rate * 100;
  const shown = pct > 99 && pct < 100 ? Math.floor(pct * 10) / 10 : Math.round(pct);
  const tone: HealthTone = pct >= 95 ? "success" : pct >= 50 ? "warning" : "destructive";
  return { text: `${shown}% of ${h.attempts}`, tone, title: `${h.succeeded} of ${h.attempts} attempts in the last 24 h succeeded` };
}

/** Why an endpoint stopped, in the console's words (the server's reason text is kept as a fallback). */
export function disabledExplanation(reason: string | null): string {
  const r = (reason ?? "").toLowerCase();
  if (r.includes("410")) return "Disabled because the receiver answered 410 Gone. Enable it when the URL works again.";
  if (r.includes("5 days")) {
    return "Disabled after failing every attempt for 5 days. Fix the receiver, then enable it: it gets 5 more days.";
  }
  if (r.includes("person")) return "Disabled by a person: nothing is sent until it is enabled.";
  return reason ? `Disabled: ${reason}.` : "Disabled: nothing is sent until it is enabled.";
}

/** The list's one-line reason, shown under a disabled endpoint's URL. */
export function disabledShort(reason: string | null): string {
  const r = (reason ?? "").toLowerCase();
  if (r.includes("410")) return "Disabled: the receiver answered 410 Gone";
  if (r.includes("5 days")) return "Disabled: every attempt failed for 5 days";
  if (r.includes("person")) return "Disabled by a person";
  return "Disabled";
}

/** "All events", one type, or "3 event types", for the list. */
export function eventsSummary(events: readonly string[]): string {
  if (events.includes("*")) return "All events";
  return events.length === 1 ? events[0] : `${events.length} event types`;
}

/** The picker's next value after a box is ticked or cleared; "*" stands alone, as the schema wants. */
export function toggleEvent(current: readonly string[], type: string, on: boolean): string[] {
  if (type === "*") return on ? ["*"] : [];
  const picked = current.filter((t) => t !== "*" && t !== type);
  if (on) picked.push(type);
  return EVENT_TYPES.filter((t) => picked.includes(t));
}

/** A body for reading: pretty JSON when it parses whole, the text as it came otherwise (cut at 1 KB). */
export function prettyBody(text: string): string {
  if (!text) return "(empty)";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** What became of an attempt's message, in words: delivered, given up, or when it is tried next (`when` formats that time). */
export function messageSummary(m: Attempt["message"], when: (iso: string) => string): string {
  if (m.status === "success") return "Delivered";
  if (m.status === "failed") return "Failed: no retry left";
  return m.next_attempt_at ? `Next attempt ${when(m.next_attempt_at)}` : "Next attempt due";
}
