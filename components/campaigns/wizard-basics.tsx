"use client";

import Link from "next/link";
import { useFormContext } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useAgents } from "@/lib/agents/hooks";
import { useContactLists } from "@/lib/contacts/hooks";
import { useEngines } from "@/lib/engines/hooks";
import type { WizardValues } from "./campaign-wizard";
import { SelectField, useWizardError } from "./wizard-fields";

/** Step 1: what to call (a list), with whom (a deployed agent), through which engine and number. */
export function WizardBasics() {
  const { register } = useFormContext<WizardValues>();
  const agents = useAgents();
  const lists = useContactLists();
  const engines = useEngines();
  const nameError = useWizardError("name");
  const fromError = useWizardError("from_number");
  const agentOptions = (agents.data?.pages.flatMap((p) => p.agents) ?? []).map((a) => ({ value: a.agent_id, label: a.agent_name || a.agent_id }));
  const listOptions = (lists.data?.pages.flatMap((p) => p.lists) ?? []).map((l) => ({ value: l.list_id, label: `${l.name} (${l.contact_count})` }));
  const engineOptions = (engines.data ?? []).map((e) => ({ value: e.engine_id, label: e.name }));
  return (
    <>
      <Field label="Name" required error={nameError}>
        <Input autoComplete="off" placeholder="December renewals" {...register("name")} />
      </Field>
      <SelectField name="agent_id" label="Agent" required placeholder={agents.isPending ? "Loading agents…" : "Choose an agent"} options={agentOptions}
        hint={<>It must be deployed on an engine (Deploy on the <Link href="/agents" className="underline underline-offset-2">agent&apos;s page</Link>).</>} />
      <SelectField name="list_id" label="Contact list" required placeholder={lists.isPending ? "Loading lists…" : "Choose a list"} options={listOptions}
        hint="The list is copied when the campaign starts; later edits to it do not change a running campaign." />
      {engineOptions.length > 1 && (
        <SelectField name="engine_id" label="Engine" placeholder="Where the agent is deployed" noneLabel="Where the agent is deployed" options={engineOptions} />
      )}
      <Field label="From number" error={fromError} hint="Optional: the caller id the engine dials from, with country code. Empty: the engine's default.">
        <Input type="tel" autoComplete="off" placeholder="+14155550100" {...register("from_number")} />
      </Field>
    </>
  );
}
