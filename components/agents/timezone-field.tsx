"use client";

import { Controller, useFormContext } from "react-hook-form";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { Field } from "@/components/ui/field";
import { isIanaTimeZone } from "@/lib/common-schema";
import type { AgentFormValues } from "./agent-form-values";
import { useFieldError } from "./form-fields";

let cache: ComboboxOption[] | undefined;

/** Every IANA zone the browser knows, with its current UTC offset; built once, on first open. */
export function timeZoneOptions(): ComboboxOption[] {
  if (cache) return cache;
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const now = new Date();
  cache = [...new Set(["UTC", ...zones])].filter(isIanaTimeZone).map((zone) => {
    let offset = "";
    try {
      offset = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" })
        .formatToParts(now).find((p) => p.type === "timeZoneName")?.value ?? "";
    } catch {
      // A zone the formatter refuses is still a valid choice; it just shows no offset.
    }
    return { value: zone, label: zone.replaceAll("_", " "), hint: offset, keywords: `${zone} ${offset}` };
  });
  return cache;
}

export function TimezoneField() {
  const { control } = useFormContext<AgentFormValues>();
  const error = useFieldError("agent_config.timezone");
  return (
    <Controller
      control={control}
      name="agent_config.timezone"
      render={({ field }) => (
        <Field label="Timezone" error={error}>
          {(p) => (
            <Combobox
              {...p}
              ref={field.ref}
              options={timeZoneOptions}
              value={field.value}
              onValueChange={field.onChange}
              placeholder="Not set"
              searchLabel="Search time zones"
              emptyText="No time zone matches"
              clearable
            />
          )}
        </Field>
      )}
    />
  );
}
