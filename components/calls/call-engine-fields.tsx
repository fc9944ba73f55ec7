import * as React from "react";
import { formatUsdPrecise } from "@/lib/calls/format";
import { endingLabel } from "@/lib/calls/endings";
import type { CallRecord } from "@/lib/calls/hooks";

// What a voice engine reported about a call: summary, extracted data, cost per component,
// who hung up and why, voicemail, and the values the call was placed with. Imported calls have none.
// A summary Voxdesk's own analysis wrote (summary_source "voxdesk") is not the engine's: the
// Outcome block shows it, saying whose it is; so it does an engine's summary once the call has an
// outcome (shown once, there).

type Extras = Pick<CallRecord, "summary" | "summary_source" | "outcome" | "extracted_data" | "cost_breakdown" | "hangup_by" | "hangup_reason" | "answered_by_voice_mail" | "error_message" | "template_variables">
  & Partial<Pick<CallRecord, "latency" | "interruptions" | "ending">>;

export function hasEngineFields(c: Extras): boolean {
  return [engineSummary(c), c.extracted_data, c.cost_breakdown, c.hangup_by, c.hangup_reason, c.answered_by_voice_mail, c.error_message, c.template_variables,
    c.latency, c.interruptions, c.ending].some((v) => v !== null && v !== undefined);
}

const engineSummary = (c: Pick<Extras, "summary" | "summary_source" | "outcome">) =>
  (c.summary_source === "voxdesk" || c.outcome?.status === "analyzed" ? null : c.summary);

const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

function Pairs({ label, field, values, money }: { label: string; field: string; values: Record<string, unknown>; money?: boolean }) {
  const entries = Object.entries(values);
  return (
    <div data-field={field} className="py-2">
      <h4 className="text-[13px] text-zinc-600 dark:text-zinc-300">{label}</h4>
      {entries.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-300">None</p>
      ) : (
        <dl className="mt-1 grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          {entries.map(([k, v]) => (
            <React.Fragment key={k}>
              <dt className="font-mono text-[12px] break-all text-zinc-600 dark:text-zinc-300">{k}</dt>
              <dd className="break-all text-zinc-900 tabular-nums dark:text-zinc-100">{money && typeof v === "number" ? formatUsdPrecise(v) : show(v)}</dd>
            </React.Fragment>
          ))}
        </dl>
      )}
    </div>
  );
}

export function CallEngineFields({ call }: { call: Extras }) {
  // On the one list of endings, with the engine's own words beside it; else who hung up and why, as reported.
  const hangup = call.ending
    ? `${endingLabel(call.ending)}${call.hangup_reason ? ` (${call.hangup_reason})` : ""}`
    : [call.hangup_by, call.hangup_reason].filter(Boolean).join(": ");
  return (
    <div className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="call-engine-fields">
      {engineSummary(call) && (
        <div data-field="summary" className="py-2">
          <h4 className="text-[13px] text-zinc-600 dark:text-zinc-300">Summary</h4>
          <p className="mt-1 text-sm whitespace-pre-wrap text-zinc-900 dark:text-zinc-100">{engineSummary(call)}</p>
        </div>
      )}
      {call.extracted_data && <Pairs label="Extracted data" field="extracted_data" values={call.extracted_data} />}
      {call.cost_breakdown && <Pairs label="Cost breakdown" field="cost_breakdown" values={call.cost_breakdown} money />}
      {(hangup || call.answered_by_voice_mail !== null) && (
        <div className="grid grid-cols-1 gap-2 py-2 sm:grid-cols-2">
          <div data-field="hangup_reason">
            <h4 className="text-[13px] text-zinc-600 dark:text-zinc-300">{call.ending ? "Ended" : "Hung up by"}</h4>
            <p className="text-sm text-zinc-900 dark:text-zinc-100">{hangup || "Not reported"}</p>
          </div>
          <div data-field="answered_by_voice_mail">
            <h4 className="text-[13px] text-zinc-600 dark:text-zinc-300">Voicemail</h4>
            <p className="text-sm text-zinc-900 dark:text-zinc-100">
              {call.answered_by_voice_mail === null ? "Not reported" : call.answered_by_voice_mail ? "Answered by voicemail" : "Answered by a person"}
            </p>
          </div>
        </div>
      )}
      {(call.latency || (call.interruptions !== null && call.interruptions !== undefined)) && (
        <div className="grid grid-cols-1 gap-2 py-2 sm:grid-cols-2">
          <div data-field="latency">
            <h4 className="text-[13px] text-zinc-600 dark:text-zinc-300">Turn latency</h4>
            <p className="text-sm text-zinc-900 tabular-nums dark:text-zinc-100">
              {call.latency ? `p50 ${call.latency.p50_ms} ms · p90 ${call.latency.p90_ms} ms over ${call.latency.turns} ${call.latency.turns === 1 ? "turn" : "turns"}` : "Not reported"}
            </p>
          </div>
          <div data-field="interruptions">
            <h4 className="text-[13px] text-zinc-600 dark:text-zinc-300">Interruptions</h4>
            <p className="text-sm text-zinc-900 tabular-nums dark:text-zinc-100">{call.interruptions ?? "Not reported"}</p>
          </div>
        </div>
      )}
      {call.error_message && (
        <div data-field="error_message" className="py-2">
          <h4 className="text-[13px] text-zinc-600 dark:text-zinc-300">Engine error</h4>
          <p className="text-sm text-red-700 dark:text-red-300">{call.error_message}</p>
        </div>
      )}
      {call.template_variables && <Pairs label="Placed with" field="template_variables" values={call.template_variables} />}
    </div>
  );
}
