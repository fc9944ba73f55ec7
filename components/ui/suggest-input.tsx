"use client";

import * as React from "react";
import { ChevronsUpDown } from "lucide-react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export type Suggestion = { value: string; hint?: string };

export type SuggestInputProps = Omit<React.ComponentProps<"input">, "value" | "onChange" | "defaultValue"> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Known values offered in a list; anything else may still be typed. */
  suggestions: readonly Suggestion[];
};

/**
 * A text input with a list of known values (ARIA 1.2 combobox with list autocomplete): type freely,
 * or open the list with ↓ or the chevron and pick one. The list filters as you type.
 * Rendered in place (not in a portal) so it scrolls with the form and needs no focus juggling.
 */
export function SuggestInput({ value, onValueChange, suggestions, className, onKeyDown, onBlur, ref, ...props }: SuggestInputProps) {
  const listId = React.useId();
  const inputRef = React.useRef<HTMLInputElement | null>(null);
  const [open, setOpen] = React.useState(false);
  const [filtering, setFiltering] = React.useState(false);
  const [active, setActive] = React.useState(-1);

  const needle = value.trim().toLowerCase();
  const shown = filtering && needle ? suggestions.filter((s) => s.value.toLowerCase().includes(needle)) : suggestions;
  const expanded = open && shown.length > 0;

  const setRefs = React.useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  function openAll() {
    setFiltering(false);
    setOpen(true);
    setActive(Math.max(0, suggestions.findIndex((s) => s.value === value)));
  }

  function choose(next: string) {
    onValueChange(next);
    setOpen(false);
    setActive(-1);
  }

  function handleKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!expanded) return openAll();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + shown.length) % shown.length);
    } else if (event.key === "Enter" && expanded && active >= 0 && active < shown.length) {
      // Picking from the list must not submit the form.
      event.preventDefault();
      choose(shown[active].value);
    } else if (event.key === "Escape" && expanded) {
      // Close the list only; an enclosing dialog stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  React.useEffect(() => {
    if (!expanded || active < 0) return;
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, expanded, listId]);

  return (
    <div className="relative">
      <Input
        ref={setRefs}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setFiltering(true);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={handleKeyDown}
        onBlur={(event) => {
          setOpen(false);
          onBlur?.(event);
        }}
        className={cn("pr-8", className)}
        {...props}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label="Show suggestions"
        disabled={props.disabled}
        // Keep focus (and the open list) in the input.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (expanded) setOpen(false);
          else openAll();
          inputRef.current?.focus();
        }}
        className="absolute inset-y-0 right-0 flex w-8 items-center justify-center text-zinc-400 hover:text-zinc-600 dark:hover:text-zinc-300"
      >
        <ChevronsUpDown aria-hidden="true" className="size-3.5" />
      </button>
      {expanded && (
        <ul
          id={listId}
          role="listbox"
          className={cn(
            "absolute top-full right-0 left-0 z-50 mt-1 max-h-60 overflow-y-auto rounded-md border p-1 shadow-lg",
            "border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100",
          )}
        >
          {shown.map((s, i) => (
            <li
              key={s.value}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={s.value === value}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(s.value)}
              onMouseMove={() => setActive(i)}
              className={cn(
                "flex cursor-default items-baseline justify-between gap-3 rounded-sm px-2 py-1.5 text-sm select-none",
                i === active && "bg-zinc-100 dark:bg-zinc-800",
                s.value === value && "font-medium text-indigo-700 dark:text-indigo-300",
              )}
            >
              <span className="truncate">{s.value}</span>
              {s.hint && <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">{s.hint}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
