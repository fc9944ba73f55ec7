"use client";

import { AGENT_TYPES } from "./known-choices";
import { CountryField } from "./country-field";
import { FormSection } from "./form-section";
import { SelectField, SuggestField, TextareaField, TextField } from "./form-fields";
import { TimezoneField } from "./timezone-field";

const DIRECTIONS = [
  { value: "outbound", label: "Outbound — the agent places calls" },
  { value: "inbound", label: "Inbound — the agent answers calls" },
];

export function BasicsSection() {
  return (
    <FormSection id="basics" title="Basics" description="Who the agent is and where it takes calls.">
      <div className="grid gap-4 @lg:grid-cols-2">
        <TextField name="agent_config.agent_name" label="Agent name" required placeholder="e.g. Appointment reminder" autoComplete="off" />
        <SuggestField name="agent_config.agent_type" label="Agent type" suggestions={AGENT_TYPES} />
        <TextareaField
          name="agent_config.agent_welcome_message"
          label="Welcome message"
          rows={2}
          placeholder="Hi {customer_name}, this is Ava from Acme Dental…"
          hint="The first thing the agent says when the call connects."
          className="@lg:col-span-2"
        />
        <SelectField name="agent_config.call_direction" label="Call direction" options={DIRECTIONS} unsetLabel="Not set" />
        <TextField
          name="agent_config.inbound_phone_number"
          label="Inbound phone number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+14155550102"
          hint="With country code; saved in E.164."
          emptyAsUndefined
        />
        <TimezoneField />
        <CountryField />
      </div>
    </FormSection>
  );
}
