"use client";

import { Plus, Trash2 } from "lucide-react";
import { Controller, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Combobox } from "@/components/ui/combobox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { timeZoneOptions } from "@/components/ui/place-options";
import { Switch } from "@/components/ui/switch";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { DAYS, type Day } from "@/lib/campaigns/windows";
import { canonicalZone } from "@/lib/places/time-zones";
import type { WizardValues } from "./campaign-wizard";
import { useWizardError } from "./wizard-fields";

const DAY_LABEL: Record<Day, string> = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };
const OFFICE_HOURS = { days: ["mon", "tue", "wed", "thu", "fri"] as Day[], start: "09:00", end: "18:00" };

/** ISO instant ↔ the `datetime-local` box, which speaks the browser's wall time. */
const toLocalInput = (iso: string | undefined) => {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : undefined);

/** Step 2: when to start, whose clock the windows follow, and the calling windows themselves. */
export function WizardSchedule() {
  const { control } = useFormContext<WizardValues>();
  const windows = useWatch({ control, name: "schedule.windows" });
  const startError = useWizardError("schedule.start_at");
  const zoneError = useWizardError("schedule.time_zone");
  const windowsError = useWizardError("schedule.windows");
  return (
    <>
      <Controller control={control} name="schedule.start_at" render={({ field }) => (
        <Field label="Start at" error={startError} hint="In your browser's time zone. Empty: as soon as you start the campaign.">
          <Input type="datetime-local" ref={field.ref} name={field.name} onBlur={field.onBlur} className="w-60"
            value={toLocalInput(field.value)} onChange={(e) => field.onChange(fromLocalInput(e.target.value))} />
        </Field>
      )} />
      <Controller control={control} name="schedule.time_zone" render={({ field }) => (
        <Field label="Campaign time zone" error={zoneError} hint="The windows below are read in this zone. Empty: the agent's time zone, else UTC.">
          {(p) => (
            <Combobox {...p} ref={field.ref} options={timeZoneOptions} value={field.value ? canonicalZone(field.value) : undefined} onValueChange={field.onChange}
              placeholder="The agent's time zone" searchLabel="Search time zones" emptyText="No time zone matches" clearable />
          )}
        </Field>
      )} />
      <Controller control={control} name="schedule.recipient_time_zone" render={({ field }) => (
        <div className="flex items-start gap-3">
          <Switch id="recipient-tz" checked={field.value ?? false} onCheckedChange={field.onChange} ref={field.ref} aria-describedby="recipient-tz-hint" />
          <div>
            <Label htmlFor="recipient-tz">Use each recipient&apos;s time zone</Label>
            <p id="recipient-tz-hint" className="text-sm text-zinc-600 dark:text-zinc-400">
              When a number&apos;s country has one clock, its windows follow that clock; other numbers use the campaign&apos;s zone.
            </p>
          </div>
        </div>
      )} />
      <Controller control={control} name="schedule.windows" render={({ field }) => (
        <div className="flex items-start gap-3">
          <Switch id="use-windows" checked={Boolean(field.value)} ref={field.ref} aria-describedby="use-windows-hint"
            onCheckedChange={(on) => field.onChange(on ? [OFFICE_HOURS] : undefined)} />
          <div>
            <Label htmlFor="use-windows">Only call inside calling windows</Label>
            <p id="use-windows-hint" className="text-sm text-zinc-600 dark:text-zinc-400">Off: any day, any time.</p>
          </div>
        </div>
      )} />
      {windows && <WindowsEditor />}
      {windowsError && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{windowsError}</p>}
    </>
  );
}

function WindowsEditor() {
  const { control, register } = useFormContext<WizardValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "schedule.windows" });
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Calling windows</legend>
      {fields.map((f, i) => (
        <WindowRow key={f.id} index={i} onRemove={fields.length > 1 ? () => remove(i) : undefined} register={register} />
      ))}
      <Button type="button" variant="outline" size="sm" onClick={() => append({ ...OFFICE_HOURS })} disabled={fields.length >= 28}>
        <Plus aria-hidden="true" /> Add window
      </Button>
    </fieldset>
  );
}

function WindowRow({ index, onRemove, register }: { index: number; onRemove?: () => void; register: ReturnType<typeof useFormContext<WizardValues>>["register"] }) {
  const { control } = useFormContext<WizardValues>();
  const daysError = useWizardError(`schedule.windows.${index}.days`);
  const startError = useWizardError(`schedule.windows.${index}.start`);
  const endError = useWizardError(`schedule.windows.${index}.end`);
  return (
    <div role="group" aria-label={`Window ${index + 1}`} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="flex flex-wrap items-end gap-3">
        <Controller control={control} name={`schedule.windows.${index}.days`} render={({ field }) => (
          <Field label="Days" error={daysError} className="min-w-0">
            {(p) => (
              <ToggleGroup type="multiple" id={p.id} aria-invalid={p["aria-invalid"]} aria-describedby={p["aria-describedby"]} aria-label={`Window ${index + 1} days`}
                value={field.value ?? []} onValueChange={field.onChange} className="h-auto flex-wrap">
                {DAYS.map((d) => <ToggleGroupItem key={d} value={d} aria-label={DAY_LABEL[d]} className="px-2">{DAY_LABEL[d]}</ToggleGroupItem>)}
              </ToggleGroup>
            )}
          </Field>
        )} />
        <Field label="From" error={startError}><Input type="time" className="w-32" {...register(`schedule.windows.${index}.start`)} /></Field>
        <Field label="Until" error={endError}><Input type="time" className="w-32" {...register(`schedule.windows.${index}.end`)} /></Field>
        {onRemove && (
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove window ${index + 1}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </div>
    </div>
  );
}
