"use client";

import { FieldGroup } from "./form-section";
import { NumberField, SelectField } from "./form-fields";
import { PipelineEditor } from "./pipeline-editor";

const EXECUTION = [
  { value: "parallel", label: "Parallel" },
  { value: "sequential", label: "Sequential" },
];

export function TaskToolchainFields({ index }: { index: number }) {
  const base = `agent_config.tasks.${index}` as const;
  return (
    <FieldGroup legend="Toolchain">
      <div className="grid gap-4 @lg:grid-cols-2">
        <SelectField name={`${base}.toolchain.execution`} label="Execution" options={EXECUTION} hint="How the pipelines run." />
        <NumberField
          name={`${base}.task_config.hangup_after_silence`}
          label="Hang up after silence (seconds)"
          min={1}
          max={3600}
          step="any"
          hint="The agent ends the call after this much caller silence."
        />
        <div className="@lg:col-span-2">
          <PipelineEditor index={index} />
        </div>
      </div>
    </FieldGroup>
  );
}
