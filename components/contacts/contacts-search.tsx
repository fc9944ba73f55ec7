"use client";

import * as React from "react";
import { Loader2, Search } from "lucide-react";
import { Input } from "@/components/ui/input";

/**
 * The list's search box. Typing updates the URL (`?q=`) after a pause, so a search can be shared
 * and survives a reload, without a request per keystroke.
 */
export function ContactsSearch({ value, onChange, busy }: { value: string; onChange: (q: string) => void; busy: boolean }) {
  const [draft, setDraft] = React.useState(value);
  const [synced, setSynced] = React.useState(value);
  const onChangeRef = React.useRef(onChange);
  React.useEffect(() => {
    onChangeRef.current = onChange;
  });
  // The URL changed from outside (back/forward, "Clear search"): show it, unless the box already
  // says the same (keeps a trailing space the operator is still typing).
  if (value !== synced) {
    setSynced(value);
    if (draft.trim() !== value) setDraft(value);
  }
  React.useEffect(() => {
    if (draft.trim() === value) return;
    const t = setTimeout(() => onChangeRef.current(draft.trim()), 300);
    return () => clearTimeout(t);
  }, [draft, value]);

  return (
    <div className="relative max-w-sm">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" />
      <Input
        type="search"
        aria-label="Search contacts"
        placeholder="Search numbers or variables"
        className="pl-8"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      {busy && <Loader2 aria-hidden="true" className="absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-zinc-400 motion-safe:animate-spin" />}
    </div>
  );
}
