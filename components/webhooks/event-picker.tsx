"use client";

import * as React from "react";
import { EVENT_TYPES } from "@/lib/webhooks/schema";
import { toggleEvent } from "./webhook-format";

/** What each event means, for the picker's hints. */
const HINTS: Record<(typeof EVENT_TYPES)[number], string> = {
  "call.started": "A call was placed or answered",
  "call.ended": "A call reached its final status",
  "call.analyzed": "A call's outcome is ready",
  "campaign.started": "A campaign started dialling",
  "campaign.paused": "A campaign was paused",
  "campaign.completed": "A campaign finished",
  "agent.version_created": "An agent's change was saved as a version",
  "agent.deployed": "An agent was deployed to an engine",
  "alert.triggered": "An alert rule started holding",
  "alert.resolved": "An alert rule stopped holding",
};

const box = "mt-0.5 size-4 shrink-0 accent-indigo-600";

/**
 * Checkboxes for "All events" and every type from the schema's one list. A fieldset with a legend,
 * so a screen reader hears "Events, group" and the error is tied to the group.
 */
export function EventPicker({ value, onChange, error }: { value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const id = React.useId();
  const all = value.includes("*");
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined} className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium">Events<span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">*</span></legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className={box} checked={all} onChange={(e) => onChange(toggleEvent(value, "*", e.target.checked))} />
        <span><span className="font-medium">All events</span><span className="block text-[13px] text-zinc-500 dark:text-zinc-400">Including types added later</span></span>
      </label>
      <div className="grid gap-2 border-t border-zinc-200 pt-2 sm:grid-cols-2 dark:border-zinc-800">
        {EVENT_TYPES.map((t) => (
          <label key={t} className="flex items-start gap-2 text-sm">
            <input type="checkbox" className={box} checked={all || value.includes(t)} disabled={all} onChange={(e) => onChange(toggleEvent(value, t, e.target.checked))} />
            <span><span className="font-mono text-xs">{t}</span><span className="block text-[13px] text-zinc-500 dark:text-zinc-400">{HINTS[t]}</span></span>
          </label>
        ))}
      </div>
      {error && <p id={`${id}-error`} className="text-[13px] leading-snug text-red-600 dark:text-red-400">{error}</p>}
    </fieldset>
  );
}
