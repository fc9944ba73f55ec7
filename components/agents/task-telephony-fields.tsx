"use client";

import { FieldGroup } from "./form-section";
import { SuggestField } from "./form-fields";
import { AUDIO_FORMATS, TELEPHONY_PROVIDERS } from "./known-choices";

export function TaskTelephonyFields({ index }: { index: number }) {
  const base = `agent_config.tasks.${index}.tools_config` as const;
  return (
    <FieldGroup legend="Telephony">
      <div className="grid grid-cols-2 gap-4 @3xl:grid-cols-4">
        <SuggestField name={`${base}.input.provider`} label="Input provider" suggestions={TELEPHONY_PROVIDERS} />
        <SuggestField name={`${base}.input.format`} label="Input format" suggestions={AUDIO_FORMATS} />
        <SuggestField name={`${base}.output.provider`} label="Output provider" suggestions={TELEPHONY_PROVIDERS} />
        <SuggestField name={`${base}.output.format`} label="Output format" suggestions={AUDIO_FORMATS} />
      </div>
    </FieldGroup>
  );
}
