// Turns a stored transcript ("Agent: …\nUser: …") into speaker turns for the call view, and
// splits text around search matches for highlighting.

export type Role = "agent" | "user" | "other";
export interface Turn { speaker: string; role: Role; text: string }

const AGENT = new Set(["agent", "assistant", "bot", "ai", "system"]);
const USER = new Set(["user", "customer", "caller", "human", "client", "callee"]);
// "Speaker: text" where the speaker is a short label (a word or two, no sentence punctuation),
// so "Note: the caller hung up" still reads as a turn but "It is 10:30 now" does not.
const TURN = /^\s*([\p{L}][\p{L}\p{N} ._'-]{0,23}?)\s*:\s?(.*)$/u;

function roleOf(speaker: string): Role {
  const key = speaker.trim().toLowerCase();
  if (AGENT.has(key)) return "agent";
  if (USER.has(key)) return "user";
  return "other";
}

/**
 * One turn per "Speaker: text" line; a line without a speaker continues the previous turn (or,
 * before any speaker, becomes a turn without one). Blank lines are dropped.
 */
export function parseTranscript(text: string): Turn[] {
  const turns: Turn[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trimEnd();
    if (!line.trim()) continue;
    const m = TURN.exec(line);
    if (m && !/^\d/.test(m[2] ?? "")) {
      turns.push({ speaker: m[1].trim(), role: roleOf(m[1]), text: m[2].trim() });
    } else {
      const last = turns[turns.length - 1];
      if (last) last.text = last.text ? `${last.text}\n${line.trim()}` : line.trim();
      else turns.push({ speaker: "", role: "other", text: line.trim() });
    }
  }
  return turns;
}

export interface Segment { text: string; match: boolean }

/** Splits `text` around case-insensitive occurrences of `query` (literal, not a pattern). */
export function highlight(text: string, query: string): Segment[] {
  const q = query.trim();
  if (!q) return [{ text, match: false }];
  const escaped = q.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(new RegExp(escaped, "giu"))) {
    if (m.index > last) out.push({ text: text.slice(last, m.index), match: false });
    out.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), match: false });
  return out.length ? out : [{ text, match: false }];
}

export const countMatches = (turns: Turn[], query: string) =>
  turns.reduce((n, t) => n + highlight(t.text, query).filter((s) => s.match).length, 0);
