"use client";

import * as React from "react";
import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * A form posting to /auth/sign-out: it works before the page's scripts load (a click during
 * hydration is not lost) and with JavaScript off. The server ends the session and answers with a
 * full page load of /login, so no cached console data survives in memory.
 */
export function SignOutButton({ className }: { className?: string }) {
  const [pending, setPending] = React.useState(false);
  return (
    <form method="post" action="/auth/sign-out" onSubmit={() => setPending(true)} className="contents">
      <Button type="submit" variant="ghost" size="sm" className={cn("justify-start", className)} disabled={pending}>
        <LogOut aria-hidden="true" />
        {pending ? "Signing out…" : "Sign out"}
      </Button>
    </form>
  );
}
