"use client";

import * as React from "react";
import { X } from "lucide-react";
import { controlClass } from "@/components/ui/input";
import { cn, focusRing } from "@/lib/utils";

export type TagInputProps = Omit<React.ComponentProps<"input">, "value" | "onChange" | "defaultValue"> & {
  value: string[];
  onChange: (tags: string[]) => void;
  /** What one entry is called, for the remove buttons' names ("Remove tag weather"). */
  itemLabel?: string;
};

/**
 * A list of short strings as chips: type and press Enter or a comma (pasting "a, b, c" adds
 * three), Backspace in the empty input removes the last chip, leaving the field adds what is
 * typed. Duplicates and blanks are dropped. Field wiring props (id, aria-*) go to the text input.
 */
export function TagInput({ value, onChange, itemLabel = "tag", className, onBlur, onKeyDown, placeholder, ...props }: TagInputProps) {
  const [draft, setDraft] = React.useState("");

  function add(parts: string[]) {
    const next = [...value];
    for (const part of parts.map((p) => p.trim()).filter(Boolean)) if (!next.includes(part)) next.push(part);
    if (next.length !== value.length) onChange(next);
  }

  function change(text: string) {
    if (!text.includes(",")) return setDraft(text);
    const parts = text.split(",");
    setDraft(parts.pop() ?? "");
    add(parts);
  }

  function keyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    if (e.key === "Enter" && draft.trim()) {
      // Inside a form, Enter would submit it half-typed.
      e.preventDefault();
      add([draft]);
      setDraft("");
    } else if (e.key === "Backspace" && !draft && value.length) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    // The box is the control: its outline shows focus on the text input inside it (data-focus-frame
    // tells the keyboard check in e2e/a11y.spec.ts where the indicator is drawn).
    <div
      data-focus-frame=""
      className={cn(
        controlClass,
        "flex min-h-9 flex-wrap items-center gap-1.5 px-2 py-1.5",
        "focus-within:border-indigo-500 focus-within:outline-2 focus-within:outline-solid focus-within:-outline-offset-1 focus-within:outline-indigo-500",
        "dark:focus-within:border-indigo-400 dark:focus-within:outline-indigo-400",
        "has-[input[aria-invalid=true]]:border-red-500",
        className,
      )}
    >
      {value.map((tag) => (
        <span
          key={tag}
          className="inline-flex max-w-full items-center gap-1 rounded bg-zinc-100 py-0.5 pr-0.5 pl-2 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
        >
          <span className="truncate">{tag}</span>
          <button
            type="button"
            onClick={() => onChange(value.filter((t) => t !== tag))}
            className={cn("rounded p-0.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 dark:hover:bg-zinc-700 dark:hover:text-zinc-100", focusRing)}
            aria-label={`Remove ${itemLabel} ${tag}`}
          >
            <X aria-hidden="true" className="size-3" />
          </button>
        </span>
      ))}
      <input
        {...props}
        value={draft}
        onChange={(e) => change(e.target.value)}
        onKeyDown={keyDown}
        onBlur={(e) => {
          if (draft.trim()) add([draft]);
          setDraft("");
          onBlur?.(e);
        }}
        placeholder={value.length ? undefined : placeholder}
        className="min-w-24 flex-1 bg-transparent py-0.5 text-sm outline-none placeholder:text-zinc-500 dark:placeholder:text-zinc-400"
      />
    </div>
  );
}
