"use client";

import * as React from "react";
import { Popover as PopoverPrimitive } from "radix-ui";
import { Check, ChevronDown, Search } from "lucide-react";
import { controlClass } from "@/components/ui/input";
import { rankMatches } from "@/lib/places/search";
import { cn } from "@/lib/utils";

/** `keywords`: more words it is found by (a code, an old name), ranked below a hit on the label or value. */
export type ComboboxOption = { value: string; label: string; hint?: string; keywords?: string | readonly string[] };

export type ComboboxProps = Omit<React.ComponentProps<"button">, "value" | "onChange" | "children"> & {
  /** An array, or a function called on first open (for long lists that are costly to build). */
  options: readonly ComboboxOption[] | (() => readonly ComboboxOption[]);
  value: string | undefined;
  onValueChange: (value: string | undefined) => void;
  placeholder?: string;
  searchLabel?: string;
  emptyText?: string;
  /** Offer a "Clear" entry that sets the value to undefined. */
  clearable?: boolean;
};

const MAX_SHOWN = 500;

/**
 * A select with a search box (ARIA combobox in a popover), for lists too long to scroll: time zones,
 * countries. Matches are ranked (exact, prefix, word start, substring; see lib/places/search.ts).
 */
export function Combobox({
  options, value, onValueChange, placeholder = "Select…", searchLabel = "Search", emptyText = "No matches",
  clearable = false, className, ...props
}: ComboboxProps) {
  const listId = React.useId();
  const [open, setOpen] = React.useState(false);
  const [query, setQuery] = React.useState("");
  const [active, setActive] = React.useState(0);
  const [loaded, setLoaded] = React.useState<readonly ComboboxOption[] | null>(Array.isArray(options) ? options : null);
  // A chosen value is shown by its label even before the first open (a country, never its bare code);
  // lazy option builders cache their list, so this costs one build.
  const all: readonly ComboboxOption[] = typeof options !== "function" ? options : (loaded ?? (value !== undefined ? options() : []));

  const selected = all.find((o) => o.value === value);
  // Best match first: Enter picks "India" for "India", not "British Indian Ocean Territory".
  const matches = rankMatches(all, query);
  // Long lists: cap what is rendered; searching narrows it down.
  const shown = matches.slice(0, MAX_SHOWN);

  function handleOpenChange(next: boolean) {
    if (next) {
      const list = typeof options === "function" ? (loaded ?? options()) : options;
      if (typeof options === "function" && !loaded) setLoaded(list);
      setQuery("");
      setActive(Math.max(0, list.findIndex((o) => o.value === value)));
    }
    setOpen(next);
  }

  function choose(next: string | undefined) {
    onValueChange(next);
    setOpen(false);
  }

  function handleKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const last = shown.length - 1;
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: last, PageDown: active + 10, PageUp: active - 10 };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.min(Math.max(moves[event.key], 0), Math.max(last, 0)));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (shown[active]) choose(shown[active].value);
    }
  }

  React.useEffect(() => {
    if (open) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, open, listId]);

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={handleOpenChange}>
      <PopoverPrimitive.Trigger asChild>
        <button
          type="button"
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={listId}
          className={cn(controlClass, "flex h-9 items-center justify-between gap-2 text-left", className)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" && !open) {
              event.preventDefault();
              handleOpenChange(true);
            }
          }}
          {...props}
        >
          <span className={cn("truncate", !selected && !value && "text-zinc-500 dark:text-zinc-400")}>
            {selected ? selected.label : (value ?? placeholder)}
          </span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
        </button>
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={4}
          className={cn(
            "z-50 w-(--radix-popover-trigger-width) min-w-64 max-w-[calc(100vw-1rem)] overflow-hidden rounded-md border shadow-lg outline-none",
            "border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100",
            "motion-safe:data-[state=open]:animate-pop-in motion-safe:data-[state=closed]:animate-pop-out",
          )}
        >
          <div className="flex items-center gap-2 border-b border-zinc-200 px-3 dark:border-zinc-800">
            <Search aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
            <input
              role="combobox"
              aria-label={searchLabel}
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={shown[active] ? `${listId}-${active}` : undefined}
              autoComplete="off"
              spellCheck={false}
              placeholder={searchLabel}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={handleKeyDown}
              className="h-9 w-full bg-transparent text-sm outline-none placeholder:text-zinc-500 dark:placeholder:text-zinc-400"
            />
          </div>
          <ul id={listId} role="listbox" aria-label={searchLabel} className="max-h-64 overflow-y-auto p-1">
            {shown.map((o, i) => (
              <li
                key={o.value}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={o.value === value}
                onClick={() => choose(o.value)}
                onMouseMove={() => setActive(i)}
                className={cn(
                  "relative flex cursor-default items-baseline gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm select-none",
                  i === active && "bg-zinc-100 dark:bg-zinc-800",
                )}
              >
                <span className="truncate">{o.label}</span>
                {o.hint && <span className="ml-auto shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{o.hint}</span>}
                {o.value === value && (
                  <Check aria-hidden="true" className="absolute right-2 size-4 self-center text-indigo-600 dark:text-indigo-400" />
                )}
              </li>
            ))}
          </ul>
          {shown.length === 0 && <p className="px-3 pb-3 text-sm text-zinc-500 dark:text-zinc-400">{emptyText}</p>}
          {matches.length > shown.length && (
            <p className="border-t border-zinc-200 px-3 py-2 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
              {matches.length - shown.length} more: keep typing to narrow the list
            </p>
          )}
          {clearable && value !== undefined && (
            <button
              type="button"
              onClick={() => choose(undefined)}
              className="w-full border-t border-zinc-200 px-3 py-2 text-left text-sm text-zinc-600 hover:bg-zinc-50 dark:border-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              Clear
            </button>
          )}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
