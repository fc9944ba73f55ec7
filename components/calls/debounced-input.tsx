"use client";

import * as React from "react";
import { Input } from "@/components/ui/input";

const DELAY_MS = 300;

export type DebouncedInputProps = Omit<React.ComponentProps<typeof Input>, "value" | "onChange" | "defaultValue"> & {
  /** The value in the URL (null: not set). */
  value: string | null;
  /** Called once typing pauses, with the trimmed text (null when blank). */
  onCommit: (value: string | null) => void;
};

/**
 * A filter box whose text reaches the URL (and the API) once typing pauses, so typing "1200" does
 * not fire four requests. When the URL changes under it (Clear filters, back/forward) it shows that.
 */
export function DebouncedInput({ value, onCommit, ...input }: DebouncedInputProps) {
  const [text, setText] = React.useState(value ?? "");
  const [shown, setShown] = React.useState(value);
  if (shown !== value) {
    setShown(value);
    if ((value ?? "") !== text.trim()) setText(value ?? "");
  }
  const commit = React.useEffectEvent((next: string | null) => onCommit(next));
  React.useEffect(() => {
    const next = text.trim() || null;
    if (next === (value ?? null)) return;
    const t = setTimeout(() => commit(next), DELAY_MS);
    return () => clearTimeout(t);
  }, [text, value]);
  return <Input {...input} value={text} onChange={(e) => setText(e.target.value)} />;
}
