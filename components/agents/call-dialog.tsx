"use client";

import * as React from "react";
import Link from "next/link";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { AlertTriangle, PhoneOutgoing } from "lucide-react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { controlClass, Input } from "@/components/ui/input";
import { callLogHref } from "@/lib/calls/url-state";
import { usePlaceCall, type PlacedCall } from "@/lib/engines/hooks";
import { useVersion } from "@/lib/agents/versions/hooks";
import { ApiError } from "@/lib/http/fetch-json";
import { cn } from "@/lib/utils";
import { blankVariables, blankVariablesWarning, templateVariables } from "@/lib/agents/call-variables";
import type { DeployableAgent } from "./deploy-dialog";

// The form's own shape; the server checks the numbers (any format the contacts endpoint reads).
const CallForm = z.object({
  to_number: z.string().trim().min(1, "Enter the number to call"),
  from_number: z.string().trim(),
  engine_id: z.string(),
  template_variables: z.record(z.string(), z.string()),
});
type CallValues = z.infer<typeof CallForm>;

/**
 * The `{variables}` of the version the chosen engine runs (not the latest saved one, which may use
 * others): that version's content is read; a deploy from before versions runs the agent as saved.
 */
function useRunningVariables(agent: DeployableAgent, engineId: string) {
  const dep = (agent.deployments ?? []).find((d) => d.engine_id === engineId);
  const version = dep?.version ?? undefined;
  const content = useVersion(agent.agent_id, version);
  const source = version === undefined ? agent : content.data;
  const variables = React.useMemo(() => (source ? templateVariables(source) : []), [source]);
  return { variables, version, pending: version !== undefined && content.isPending, error: content.error };
}

/**
 * "Call a number": the agent calls `to_number` through an engine it is deployed on, with one input
 * per `{variable}` the prompts and welcome message of the version that engine runs use. Success
 * shows the call sid and where to follow the call in the call log. A variable left blank is named
 * as it stays blank; placing the call with blanks takes a second, deliberate click ("Place call
 * anyway"), which is also what tells the server to accept them (`allow_blank_variables`).
 */
export function CallDialog({ agent, onClose }: { agent: DeployableAgent; onClose: () => void }) {
  const deployments = agent.deployments ?? [];
  const form = useForm<CallValues>({
    resolver: zodResolver(CallForm),
    defaultValues: { to_number: "", from_number: "", engine_id: deployments[0]?.engine_id ?? "", template_variables: {} },
  });
  const running = useRunningVariables(agent, useWatch({ control: form.control, name: "engine_id" }));
  const { variables } = running;
  const place = usePlaceCall(agent.agent_id);
  const [placed, setPlaced] = React.useState<PlacedCall | null>(null);
  const { errors, isSubmitting } = form.formState;
  const blank = blankVariables(variables, useWatch({ control: form.control, name: "template_variables" }));
  const warning = blankVariablesWarning(blank);
  // The blanks the operator was warned about on submit; a different set asks again.
  const [acceptedBlank, setAcceptedBlank] = React.useState<string | null>(null);
  const blankKey = blank.join(",");
  const confirmBlank = warning !== null && acceptedBlank === blankKey;

  const onSubmit = form.handleSubmit(async (v) => {
    if (running.pending || running.error) return;
    if (warning && !confirmBlank) {
      setAcceptedBlank(blankKey);
      form.setFocus(`template_variables.${blank[0]}`);
      return;
    }
    // Only the running version's variables: one typed for another engine's version is not sent.
    const filled = Object.fromEntries(variables.map((name) => [name, v.template_variables[name] ?? ""]).filter(([, x]) => x.trim() !== ""));
    try {
      setPlaced(await place.mutateAsync({
        to_number: v.to_number,
        ...(v.from_number && { from_number: v.from_number }),
        ...(Object.keys(filled).length && { template_variables: filled }),
        ...(v.engine_id && { engine_id: v.engine_id }),
        ...(blank.length > 0 && { allow_blank_variables: true }),
      }));
    } catch (err) {
      if (!(err instanceof ApiError)) return form.setError("root.server", { message: "Could not reach the server. Try again." });
      let placedErrors = 0;
      for (const [path, message] of Object.entries(err.fieldErrors)) {
        const known = path === "to_number" || path === "from_number" || path === "engine_id"
          || (path.startsWith("template_variables.") && variables.includes(path.slice("template_variables.".length)));
        if (!known) continue;
        form.setError(path as keyof CallValues, { type: "server", message }, { shouldFocus: placedErrors++ === 0 });
      }
      if (!placedErrors) form.setError("root.server", { message: err.status === 424 ? `The engine could not be reached: ${err.message}` : err.message });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Call a number</DialogTitle>
          <DialogDescription>{agent.agent_name} places the call through its engine; it shows up in the call log right away.</DialogDescription>
        </DialogHeader>
        {placed ? (
          <div className="space-y-4" role="status">
            <p className="text-sm">Call queued. Its id:</p>
            <p className="flex items-center gap-1">
              <code className="min-w-0 break-all rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800" data-testid="call-sid">{placed.call_sid}</code>
              <CopyButton value={placed.call_sid} label="Copy the call id" />
            </p>
            <DialogFooter>
              <Button variant="outline" onClick={() => { setPlaced(null); form.reset(form.getValues()); }}>Call another number</Button>
              <Button asChild><Link href={callLogHref({ agent_id: agent.agent_id, call: placed.call_sid })}>Open in call log</Link></Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Call a number">
            <Field label="Number to call" required error={errors.to_number?.message} hint="E.164 (+14155550123) or a national number.">
              <Input type="tel" autoComplete="off" {...form.register("to_number")} />
            </Field>
            <Field label="From number" error={errors.from_number?.message} hint="Optional: the engine's default number when blank.">
              <Input type="tel" autoComplete="off" {...form.register("from_number")} />
            </Field>
            {deployments.length > 1 && (
              <Field label="Engine" error={errors.engine_id?.message}>
                <select className={cn(controlClass, "h-9")} {...form.register("engine_id")}>
                  {deployments.map((d) => <option key={d.engine_id} value={d.engine_id}>{d.engine_name}</option>)}
                </select>
              </Field>
            )}
            {running.pending && <p className="text-sm text-zinc-500 dark:text-zinc-400" aria-busy="true">Loading the variables of v{running.version}…</p>}
            {running.error && <p role="alert" className="text-sm text-red-700 dark:text-red-300">Could not load v{running.version}, the version the engine runs: {running.error.message}</p>}
            {variables.length > 0 && (
              <fieldset className="space-y-3">
                <legend className="mb-1 text-sm font-medium">Prompt variables{running.version !== undefined && ` of v${running.version}, the version the engine runs`}</legend>
                {variables.map((name) => (
                  <Field key={name} label={<code className="text-[13px]">{`{${name}}`}</code>} error={errors.template_variables?.[name]?.message}>
                    <Input autoComplete="off" {...form.register(`template_variables.${name}`)} />
                  </Field>
                ))}
                {warning && (
                  <p aria-live="polite" data-testid="blank-variables" className="flex gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100">
                    <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    <span>{warning}{confirmBlank && ` Fill ${blank.length === 1 ? "it" : "them"} in, or choose Place call anyway.`}</span>
                  </p>
                )}
              </fieldset>
            )}
            {errors.root?.server && (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">{errors.root.server.message}</p>
            )}
            <DialogFooter>
              <DialogClose asChild><Button variant="outline">Cancel</Button></DialogClose>
              <Button type="submit" disabled={isSubmitting || running.pending || Boolean(running.error)}>
                <PhoneOutgoing aria-hidden="true" />
                {isSubmitting ? "Calling…" : confirmBlank ? "Place call anyway" : "Place call"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
