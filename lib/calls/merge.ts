import type { ResolvedCall, ResolvedPatch } from "./db/ingest";
import type { CallExtras } from "./normalized";
import { statusRank } from "./status";

// A partial report merged into the stored call (db/ingest.ts runs this inside the call's lock): a
// carrier's callbacks and a pushed conversation each know part of a call and may arrive in any
// order or twice. Pure.

/** A stored call row as the patch path reads it (ingest-sql.ts, storedFull). */
export interface StoredCall {
  status: string; status_rank: number | null; updated_at: string | null; created_at: string;
  agent_id: string; name: string; call_type: string; duration: number; cost: number; extra: string | null;
  agent_version: number | null; from_number: string; to_number: string; recording_url: string; transcription: string; engine_id: string | null;
}

const NO_EXTRAS: CallExtras = {
  summary: null, extracted_data: null, cost_breakdown: null, hangup_by: null, hangup_reason: null,
  answered_by_voice_mail: null, error_message: null, template_variables: null,
};

/** What a patch says: a value it leaves out or gives as null is one it does not know. */
const given = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;

/**
 * The call as it stands with the patch applied, or undefined when the patch changes nothing (a
 * repeat, or an earlier status arriving late). Status moves only forward by rank; the cost, when
 * the patch brings cost components but no total, is the sum of the merged components.
 */
export function mergePatch(p: ResolvedPatch, old: StoredCall | undefined): ResolvedCall | undefined {
  const before: CallExtras = { ...NO_EXTRAS, ...(old?.extra ? (JSON.parse(old.extra) as Partial<CallExtras>) : {}) };
  const extra: CallExtras = { ...before, ...given(p.extra ?? {}) };
  if (p.extra?.cost_breakdown) extra.cost_breakdown = { ...(before.cost_breakdown ?? {}), ...p.extra.cost_breakdown };
  // The engine's summary, arriving after Voxdesk's analysis wrote one, replaces it and is the engine's.
  if (p.extra?.summary) delete extra.summary_source;
  const forward = p.status !== undefined && (!old || statusRank(p.status) > (old.status_rank ?? 0));
  const status = forward ? p.status! : old?.status ?? "queued";
  const summed = p.cost === undefined && p.extra?.cost_breakdown ? Object.values(extra.cost_breakdown ?? {}).reduce((a, b) => a + b, 0) : undefined;
  const now = new Date().toISOString();
  const merged: ResolvedCall = {
    call_sid: p.call_sid,
    remote_agent_id: p.remote_agent_id ?? "",
    agent_id: p.agent_id ?? old?.agent_id ?? p.remote_agent_id ?? "",
    name: p.name ?? old?.name ?? "",
    engine_id: old?.engine_id ?? p.engine_id,
    agent_version: p.agent_version,
    from_number: p.from_number ?? old?.from_number ?? "",
    to_number: p.to_number ?? old?.to_number ?? "",
    duration: p.duration ?? old?.duration ?? 0,
    recording_url: p.recording_url ?? old?.recording_url ?? "",
    transcription: p.transcription ?? old?.transcription ?? "",
    status,
    status_rank: statusRank(status),
    cost: round6(p.cost ?? summed ?? old?.cost ?? 0),
    call_type: p.call_type ?? old?.call_type ?? "outbound",
    created_at: old?.created_at ?? p.created_at ?? now,
    updated_at: old?.updated_at ?? p.updated_at ?? now,
    extra,
  };
  if (old && unchanged(merged, old)) return undefined;
  if (old && p.updated_at && p.updated_at > merged.updated_at) merged.updated_at = p.updated_at;
  return merged;
}

const round6 = (n: number) => Math.round(n * 1_000_000) / 1_000_000;

function unchanged(m: ResolvedCall, old: StoredCall): boolean {
  return m.status === old.status && m.agent_id === old.agent_id && m.name === old.name && m.from_number === old.from_number
    && m.to_number === old.to_number && Number(m.duration) === Number(old.duration) && m.recording_url === old.recording_url
    && m.transcription === old.transcription && Number(m.cost) === Number(old.cost) && m.call_type === old.call_type
    && JSON.stringify(m.extra) === JSON.stringify({ ...NO_EXTRAS, ...(old.extra ? JSON.parse(old.extra) : {}) });
}
