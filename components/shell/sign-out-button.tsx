"use client";

import * as React from "react";
import { LogOut } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * Ends the session server-side (DELETE /api/session), then does a full page load of /login so
 * no cached console data survives in memory.
 */
export function SignOutButton({ className }: { className?: string }) {
  const [pending, setPending] = React.useState(false);

  async function signOut() {
    setPending(true);
    try {
      // Any HTTP answer means the server has handled it (401: the session was already gone).
      await fetch("/api/session", { method: "DELETE", headers: { Accept: "application/json" } });
    } catch {
      setPending(false);
      toast.error("Could not sign out: the server is unreachable. Try again.");
      return;
    }
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- full load on purpose, see above
    window.location.href = "/login";
  }

  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn("justify-start", className)}
      onClick={signOut}
      disabled={pending}
    >
      <LogOut aria-hidden="true" />
      {pending ? "Signing out…" : "Sign out"}
    </Button>
  );
}
