"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while onConfirm runs. */
  pendingLabel?: string;
  /** Runs on confirm; the dialog stays open (buttons disabled) until it settles, and closes on success. */
  onConfirm: () => Promise<unknown>;
};

/** "Are you sure?" for destructive actions; Cancel has focus first so Enter does not destroy. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, pendingLabel = "Deleting…", onConfirm }: ConfirmDialogProps) {
  const [pending, setPending] = React.useState(false);
  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reports the failure (toast); keep the dialog so the operator can retry.
    } finally {
      setPending(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending} autoFocus>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
