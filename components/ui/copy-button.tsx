"use client";

import * as React from "react";
import { Check, Copy } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export type CopyButtonProps = Omit<ButtonProps, "onClick" | "children" | "asChild"> & {
  /** The text put on the clipboard. */
  value: string;
  /** What is being copied, for the accessible name: "Copy call id". */
  label?: string;
  /** Show "Copy"/"Copied" next to the icon instead of an icon-only button. */
  showText?: boolean;
};

/** Falls back to a hidden textarea where the async Clipboard API is missing (non-secure origins). */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission denied or unfocused document: try the legacy path below.
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("Copy failed");
}

export function CopyButton({
  value,
  label = "Copy",
  showText = false,
  variant = "ghost",
  size,
  className,
  ...props
}: CopyButtonProps) {
  const [state, setState] = React.useState<"idle" | "copied" | "failed">("idle");
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  React.useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await writeClipboard(value);
      setState("copied");
    } catch {
      setState("failed");
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 1500);
  }

  const Icon = state === "copied" ? Check : Copy;
  const status = state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "";
  return (
    <>
      <Button
        variant={variant}
        size={size ?? (showText ? "sm" : "icon")}
        className={cn(!showText && !size && "size-7", className)}
        onClick={copy}
        aria-label={showText ? undefined : label}
        title={showText ? undefined : label}
        {...props}
      >
        <Icon aria-hidden="true" className={cn(state === "copied" && "text-emerald-600 dark:text-emerald-400")} />
        {showText && (state === "copied" ? "Copied" : "Copy")}
      </Button>
      {/* Announces the result; the icon swap alone is invisible to screen readers. */}
      <span role="status" className="sr-only">
        {status}
      </span>
    </>
  );
}
