"use client";

import * as React from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** What a control needs to be tied to its label, hint and error. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
};

export type FieldProps = {
  label: React.ReactNode;
  /** Help text under the control. */
  hint?: React.ReactNode;
  /** The message shown beside the field (client validation or a server `fieldErrors` entry). */
  error?: string;
  /** Marks the label and sets aria-required; validation itself stays with the zod schema. */
  required?: boolean;
  /** Fixed id for the control (defaults to a generated one). */
  id?: string;
  className?: string;
  /**
   * Either one element (Input, Textarea, SelectTrigger…), which receives the wiring props, or a
   * function that spreads them where they belong: `{(p) => <Input {...p} {...register("name")} />}`.
   */
  children: React.ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => React.ReactNode);
};

/**
 * Label + control + hint + error, wired for assistive tech: the label points at the control,
 * and the control is described by the error (read first) and the hint.
 */
export function Field({ label, hint, error, required = false, id, className, children }: FieldProps) {
  const generated = React.useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;

  const control: FieldControlProps = {
    id: controlId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    "aria-required": required ? true : undefined,
  };

  let rendered: React.ReactNode;
  if (typeof children === "function") {
    rendered = children(control);
  } else {
    const own = children.props["aria-describedby"];
    rendered = React.cloneElement(children, {
      ...control,
      "aria-describedby": [describedBy, own].filter(Boolean).join(" ") || undefined,
    });
  }

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={controlId}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
            *
          </span>
        )}
      </Label>
      {rendered}
      {error && (
        <p id={errorId} className="text-[13px] leading-snug text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-[13px] leading-snug text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
