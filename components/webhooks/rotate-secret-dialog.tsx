"use client";

import * as React from "react";
import { OneTimeSecret } from "@/components/settings/one-time-secret";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatDateTimeFull } from "@/lib/format/date-time";
import { useRotateWebhookSecret } from "@/lib/webhooks/hooks";

/**
 * "Rotate secret": confirm, then the new secret once, in one dialog, so closing it returns focus to
 * the Rotate button (two dialogs in a row would hand focus from the first to the second's opener).
 */
export function RotateSecretDialog({ endpointId, onClose }: { endpointId: string; onClose: () => void }) {
  const rotate = useRotateWebhookSecret();
  const [rotated, setRotated] = React.useState<{ secret: string; until: string } | null>(null);
  const run = () => rotate.mutate(endpointId, {
    onSuccess: (r) => {
      setRotated({ secret: r.secret, until: r.previous_secret_expires_at });
      // The secret now lives in this dialog's state alone, not in the mutation cache.
      rotate.reset();
    },
  });
  return (
    <Dialog open onOpenChange={(o) => !o && !rotate.isPending && onClose()}>
      <DialogContent role={rotated ? "dialog" : "alertdialog"} className="max-w-xl">
        {rotated ? (
          <>
            <DialogHeader>
              <DialogTitle>New signing secret</DialogTitle>
              <DialogDescription>The old secret keeps signing beside it until {formatDateTimeFull(rotated.until)}.</DialogDescription>
            </DialogHeader>
            <OneTimeSecret label="New signing secret" url={rotated.secret} note="Copy it now: you won't see it again." />
            <DialogFooter><Button onClick={onClose} autoFocus>Done</Button></DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Rotate the signing secret?</DialogTitle>
              <DialogDescription>
                A new secret is made and shown once. For 24 hours every message carries two signatures, old and new, so your receiver can switch without missing one.
              </DialogDescription>
            </DialogHeader>
            {rotate.error && (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">{rotate.error.message}</p>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={onClose} disabled={rotate.isPending} autoFocus>Cancel</Button>
              <Button onClick={run} disabled={rotate.isPending}>{rotate.isPending ? "Rotating…" : "Rotate secret"}</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
