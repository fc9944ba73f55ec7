"use client";

import { Controller, useFormContext } from "react-hook-form";
import { Combobox } from "@/components/ui/combobox";
import { Field } from "@/components/ui/field";
import { countryOptions } from "@/components/ui/place-options";
import type { AgentFormValues } from "./agent-form-values";
import { useFieldError } from "./form-fields";

export function CountryField() {
  const { control } = useFormContext<AgentFormValues>();
  const error = useFieldError("agent_config.country");
  return (
    <Controller
      control={control}
      name="agent_config.country"
      render={({ field }) => (
        <Field label="Country" error={error}>
          {(p) => (
            <Combobox
              {...p}
              ref={field.ref}
              options={countryOptions}
              // The API accepts any case and stores upper case; match either.
              value={typeof field.value === "string" ? field.value.toUpperCase() : undefined}
              onValueChange={field.onChange}
              placeholder="Not set"
              searchLabel="Search countries"
              emptyText="No country matches"
              clearable
            />
          )}
        </Field>
      )}
    />
  );
}
