"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  /** More to read before confirming (a diff), below the description; the dialog widens for it. */
  children?: React.ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while onConfirm runs. */
  pendingLabel?: string;
  /** Default true: a red confirm button. Actions that break something without destroying it (rotating a secret) pass false. */
  destructive?: boolean;
  /** Runs on confirm; the dialog stays open (buttons disabled) until it settles, and closes on success. */
  onConfirm: () => Promise<unknown>;
  /**
   * Runs once the dialog has closed and focus is back on its opener. A step that opens another
   * dialog after confirming goes here: opened from onConfirm, that dialog would take the confirm
   * button (gone a moment later) as its opener, and focus would be lost when it closes.
   */
  onClosed?: (confirmed: boolean) => void;
};

/**
 * "Are you sure?" for every action that destroys or breaks something. Cancel has focus first so
 * Enter does not destroy; a failure is shown inside the dialog (the server's message, e.g. a 409
 * for a tool agents still use) and the dialog stays open so the operator can read it or retry.
 */
export function ConfirmDialog({
  open, onOpenChange, title, description, confirmLabel, pendingLabel = "Deleting…", destructive = true, onConfirm, onClosed, children,
}: ConfirmDialogProps) {
  const [pending, setPending] = React.useState(false);
  const confirmed = React.useRef(false);
  const [error, setError] = React.useState<string | null>(null);
  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      confirmed.current = true;
      onOpenChange(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : "Something went wrong. Try again.");
    } finally {
      setPending(false);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (pending) return;
        if (!o) setError(null);
        onOpenChange(o);
      }}
    >
      <DialogContent
        role="alertdialog"
        className={children ? "max-w-2xl" : "max-w-md"}
        // Focus goes back to the opener right after this handler (components/ui/focus-return.ts).
        onCloseAutoFocus={onClosed && (() => {
          const c = confirmed.current;
          confirmed.current = false;
          setTimeout(() => onClosed(c), 0);
        })}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children && <div className="max-h-[50vh] overflow-y-auto">{children}</div>}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => { setError(null); onOpenChange(false); }} disabled={pending} autoFocus>
            Cancel
          </Button>
          <Button variant={destructive ? "destructive" : "default"} onClick={confirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
