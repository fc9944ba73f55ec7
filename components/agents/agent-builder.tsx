"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormProvider, useForm } from "react-hook-form";
import { toast } from "sonner";
import { Loader2 } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { useCreateAgent, useUpdateAgent } from "@/lib/agents/hooks";
import { isApiError } from "@/lib/http/fetch-json";
import { useCan } from "@/lib/people/hooks/use-can";
import { AgentPayload } from "@/lib/agents/schema";
import { serverPathToField, type AgentFormOutput, type AgentFormValues } from "./agent-form-values";
import { BasicsSection } from "./basics-section";
import type { FieldName } from "./form-fields";
import { ImportJsonDialog } from "./import-json-dialog";
import { JsonPreview } from "./json-preview";
import { RoleReason } from "@/components/ui/role-reason";
import { OutcomesSection } from "./outcomes-section";
import { PromptsSection } from "./prompts-section";
import { TasksSection } from "./tasks-section";

type Issue = { code: string; origin?: string; expected?: string; minimum?: unknown; input?: unknown };

/** Plainer words than zod's defaults for the form; messages the schema spells out itself win. */
function friendlyError(issue: Issue): string | undefined {
  if (issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1) return "Required";
  if (issue.code === "invalid_type" && issue.expected === "number") return "Enter a number";
  if (issue.code === "invalid_type" && issue.input === undefined) return "Required";
  return undefined;
}

const resolver = zodResolver(AgentPayload, { error: friendlyError });

export type AgentBuilderProps = {
  /** Set when editing a stored agent (PUT); absent for a new one (POST). */
  agentId?: string;
  initialValues: AgentFormValues;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Extra header buttons (clone, delete) before Import JSON and Save. */
  actions?: React.ReactNode;
};

export function AgentBuilder({ agentId, initialValues, title, description, actions }: AgentBuilderProps) {
  const router = useRouter();
  const form = useForm<AgentFormValues, unknown, AgentFormOutput>({ resolver, defaultValues: initialValues });
  const create = useCreateAgent();
  const update = useUpdateAgent(agentId ?? "");
  const [formError, setFormError] = React.useState<string>();
  const formId = React.useId();
  const formRef = React.useRef<HTMLFormElement>(null);
  const saving = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(
    async (body) => {
      setFormError(undefined);
      try {
        if (agentId) {
          await update.mutateAsync(body);
          toast.success("Agent saved");
          form.reset(body);
        } else {
          const res = await create.mutateAsync(body);
          toast.success("Agent created");
          router.push(`/agents/${res.agent_id}`);
        }
      } catch (err) {
        showServerError(err);
      }
    },
    () => toast.error("Some fields need attention", { description: "They are marked in the form." }),
  );

  function showServerError(err: unknown) {
    if (!isApiError(err)) {
      setFormError(err instanceof Error ? err.message : String(err));
      return;
    }
    const entries = Object.entries(err.fieldErrors);
    for (const [path, message] of entries) {
      // The server names fields like `tasks[0].x`; the form calls them `tasks.0.x`.
      form.setError(serverPathToField(path) as FieldName, { type: "server", message });
    }
    setFormError(entries.length ? `The server refused the agent: ${entries.length === 1 ? "one field needs" : `${entries.length} fields need`} attention.` : err.message);
    toast.error(agentId ? "Agent not saved" : "Agent not created", {
      description: entries.length ? "Fix the marked fields and save again." : err.message,
    });
    if (entries.length) requestAnimationFrame(revealFirstError);
  }

  /** Scrolls to the first marked field and focuses it (or the first control in a marked group). */
  function revealFirstError() {
    const el = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    if (!el) return;
    el.scrollIntoView({ block: "center" });
    const target = el.matches("input, textarea, button, select") ? el : el.querySelector<HTMLElement>("input, textarea, button");
    target?.focus({ preventScroll: true });
  }

  function importValues(values: AgentFormValues, valid: boolean) {
    // Keep the stored agent as the baseline, so the form counts as changed until saved.
    form.reset(values, { keepDefaultValues: true });
    setFormError(undefined);
    if (valid) toast.success("JSON imported", { description: "Review it, then save." });
    else {
      void form.trigger();
      toast.warning("JSON imported with problems", { description: "The fields to fix are marked." });
    }
  }

  const saveLabel = agentId ? "Save" : "Create agent";
  const can = useCan("editor");
  const saveButton = (
    <Button type="submit" form={formId} disabled={saving || !can.allowed} title={can.reason}>
      {saving && <Loader2 aria-hidden="true" className="motion-safe:animate-spin" />}
      {saving ? "Saving…" : saveLabel}
    </Button>
  );

  return (
    <FormProvider {...form}>
      <PageHeader
        title={title}
        description={description}
        // A stored agent has a toolbar (deploy, call, clone, delete, import, save, and why a button is
        // off): it goes under the title as its own wrapping row. Beside the title it was squeezed
        // until "Deploy first to place calls" broke into four lines.
        className={actions ? "sm:flex-col sm:items-stretch" : undefined}
        actions={
          // A new agent: one row from sm up, beside the title.
          <div className="flex flex-col gap-1.5">
            <div className={cn("flex flex-wrap items-center gap-2", !actions && "sm:flex-nowrap")}>
              {actions}
              <ImportJsonDialog onImport={importValues} disabled={!can.allowed} />
              {saveButton}
            </div>
            <RoleReason can={can} />
          </div>
        }
      />
      {formError && (
        <div role="alert" className="mb-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200">
          {formError}
        </div>
      )}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
        <form ref={formRef} id={formId} onSubmit={onSubmit} noValidate aria-label={agentId ? "Edit agent" : "New agent"} className="@container flex min-w-0 flex-col gap-6">
          {/* Read-only for a role that cannot save: every field and button inside (Add task too) is disabled. */}
          <fieldset disabled={!can.allowed} className="contents">
            <BasicsSection />
            <PromptsSection />
            <TasksSection />
            <OutcomesSection />
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="outline" asChild>
              <Link href="/agents">Cancel</Link>
            </Button>
            {saveButton}
          </div>
        </form>
        <aside aria-label="Request preview" className="min-w-0 xl:sticky xl:top-8 xl:flex xl:max-h-[calc(100dvh-4rem)] xl:flex-col">
          <JsonPreview control={form.control} method={agentId ? "PUT" : "POST"} path={agentId ? `/api/agent/${agentId}` : "/api/agent"} />
        </aside>
      </div>
    </FormProvider>
  );
}
