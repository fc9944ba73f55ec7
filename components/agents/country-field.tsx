"use client";

import { getCountries } from "libphonenumber-js/max";
import { Controller, useFormContext } from "react-hook-form";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { Field } from "@/components/ui/field";
import type { AgentFormValues } from "./agent-form-values";
import { useFieldError } from "./form-fields";

let cache: ComboboxOption[] | undefined;

/** The countries libphonenumber-js knows (the server validates against the same list), named in English. */
function countryOptions(): ComboboxOption[] {
  if (cache) return cache;
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  cache = getCountries()
    .map((code) => ({ value: code, label: names.of(code) ?? code, hint: code, keywords: code }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return cache;
}

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
