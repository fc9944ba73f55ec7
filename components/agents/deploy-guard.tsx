"use client";

import * as React from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { VersionSummary } from "@/lib/agents/versions/hooks";

type Tests = VersionSummary["tests"];
interface Pending { version: number; explicit: boolean; failed: number; total: number }

/**
 * The one guard before a deploy, wherever deploy is offered (the header's Deploy, History's
 * "Deploy this version"): a version whose last test run did not pass is deployed only after a
 * confirmation naming the failures. `open(version?)` opens the deploy dialog (no version: the latest).
 */
export function useDeployGuard(open: (version?: number) => void) {
  const [pending, setPending] = React.useState<Pending | null>(null);
  const [asking, setAsking] = React.useState(false);
  const confirmed = React.useRef<Pending | null>(null);

  /** `explicit`: the version was picked (History), else the latest is meant (the header). */
  const request = (version: number | undefined, tests: Tests | undefined, explicit: boolean) => {
    if (version !== undefined && tests && tests.status !== "passed") {
      // Kept after closing, so the title does not change while the dialog fades out.
      setPending({ version, explicit, failed: tests.total - tests.passed, total: tests.total });
      setAsking(true);
    } else open(explicit ? version : undefined);
  };

  const dialog = (
    <ConfirmDialog
      open={asking}
      onOpenChange={setAsking}
      title={`Deploy v${pending?.version} with failing tests?`}
      description={pending && <>Its last test run failed {pending.failed} of {pending.total} {pending.total === 1 ? "test" : "tests"}. Deploy it anyway?</>}
      confirmLabel="Deploy anyway"
      onConfirm={async () => { confirmed.current = pending; }}
      onClosed={(ok) => {
        const p = confirmed.current;
        confirmed.current = null;
        if (ok && p) open(p.explicit ? p.version : undefined);
      }}
    />
  );
  return { request, dialog };
}
