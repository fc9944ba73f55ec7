"use client";

import * as React from "react";
import { FileJson } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import type { AgentFormValues } from "./agent-form-values";
import { importPayload } from "./import-payload";

/** Paste a POST /api/agent body (or a stored agent) to fill the whole form with it. */
export function ImportJsonDialog({ onImport, disabled }: { onImport: (values: AgentFormValues, valid: boolean) => void; disabled?: boolean }) {
  const [open, setOpen] = React.useState(false);
  const [text, setText] = React.useState("");
  const [error, setError] = React.useState<string>();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // React bubbles events through portals: never let this submit reach an enclosing form.
    event.stopPropagation();
    const result = importPayload(text);
    if (!result.ok) return setError(result.error);
    onImport(result.values, result.valid);
    setOpen(false);
    setText("");
    setError(undefined);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => { setOpen(next); if (!next) setError(undefined); }}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <FileJson aria-hidden="true" />
          Import JSON
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Import JSON</DialogTitle>
            <DialogDescription>
              Paste a <code className="font-mono text-[12px]">POST /api/agent</code> body. It replaces everything in the form; nothing is saved until you save.
            </DialogDescription>
          </DialogHeader>
          <Field label="Agent JSON" error={error}>
            {(p) => (
              <Textarea
                {...p}
                rows={14}
                value={text}
                onChange={(e) => setText(e.target.value)}
                spellCheck={false}
                placeholder={'{\n  "agent_config": { "agent_name": "…", "tasks": [ … ] },\n  "agent_prompts": { "task_1": { "system_prompt": "…" } }\n}'}
                className="font-mono text-[12px]"
              />
            )}
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={!text.trim()}>Import</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
