"use client";

import { Controller, useFormContext } from "react-hook-form";
import { Combobox } from "@/components/ui/combobox";
import { Field } from "@/components/ui/field";
import { timeZoneOptions } from "@/components/ui/place-options";
import { canonicalZone } from "@/lib/places/time-zones";
import type { AgentFormValues } from "./agent-form-values";
import { useFieldError } from "./form-fields";

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
              // An agent saved with an old name (Asia/Calcutta) shows as its zone (Asia/Kolkata).
              value={typeof field.value === "string" ? canonicalZone(field.value) : undefined}
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
