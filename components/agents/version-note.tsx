"use client";

import * as React from "react";
import { Pencil } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useVersionNote } from "@/lib/agents/versions/hooks";

/**
 * A version's note, edited in place: Enter saves, Esc cancels (without closing the sheet around it),
 * and focus goes back to the Edit button either way.
 */
export function VersionNote({ agentId, version, note, canEdit }: { agentId: string; version: number; note: string | null; canEdit: boolean }) {
  const [editing, setEditing] = React.useState(false);
  const [draft, setDraft] = React.useState(note ?? "");
  const [error, setError] = React.useState<string>();
  const save = useVersionNote(agentId);
  const editButton = React.useRef<HTMLButtonElement>(null);
  const errorId = React.useId();

  function stop() {
    setEditing(false);
    setError(undefined);
    requestAnimationFrame(() => editButton.current?.focus());
  }
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const next = draft.trim();
    if (next === (note ?? "")) return stop();
    try {
      await save.mutateAsync({ version, note: next === "" ? null : next });
      toast.success(next ? `Note saved on v${version}` : `Note cleared on v${version}`);
      stop();
    } catch (err) {
      setError(err instanceof Error ? err.message : "Could not save the note.");
    }
  }

  if (editing) {
    return (
      <form onSubmit={submit} className="flex flex-col gap-1" aria-label={`Note of v${version}`} data-escape-local>
        <div className="flex items-center gap-2">
          <Input
            autoFocus
            value={draft}
            maxLength={200}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => { if (e.key === "Escape") { e.preventDefault(); stop(); } }}
            aria-label={`Note for v${version}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder="e.g. Shorter greeting"
            className="h-8"
          />
          <Button type="submit" size="sm" disabled={save.isPending}>{save.isPending ? "Saving…" : "Save"}</Button>
          <Button type="button" size="sm" variant="ghost" onClick={stop} disabled={save.isPending}>Cancel</Button>
        </div>
        {error && <p id={errorId} role="alert" className="text-xs text-red-700 dark:text-red-300">{error}</p>}
      </form>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-1">
      <p className={note ? "min-w-0 text-sm break-words" : "text-sm text-zinc-500 italic dark:text-zinc-400"}>{note ?? "No note"}</p>
      {canEdit && (
        <Button ref={editButton} size="icon" variant="ghost" className="size-7 shrink-0" aria-label={`Edit the note of v${version}`}
          onClick={() => { setDraft(note ?? ""); setEditing(true); }}>
          <Pencil aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
