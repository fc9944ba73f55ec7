"use client";

import * as React from "react";
import { usePathname } from "next/navigation";
import { Dialog as DialogPrimitive } from "radix-ui";
import { Menu, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DialogOverlay, DialogPortal } from "@/components/ui/dialog";
import { AccountFooter } from "@/components/shell/account-footer";
import { Brand } from "@/components/shell/brand";
import { SidebarNav } from "@/components/shell/sidebar-nav";

/** Below the lg breakpoint the sidebar lives in a left drawer (a Radix Dialog: focus trap, Esc). */
export function MobileNav({ accountName }: { accountName: string }) {
  const [open, setOpen] = React.useState(false);
  const pathname = usePathname();
  const [shownFor, setShownFor] = React.useState(pathname);
  // Close on any route change, including back/forward, not only on a nav-link click.
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" className="-ml-1.5 size-8" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPortal>
        <DialogOverlay />
        <DialogPrimitive.Content
          className={
            "fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 border-r border-zinc-200 bg-zinc-50 p-3 shadow-xl outline-none " +
            "motion-safe:data-[state=open]:animate-slide-in-left motion-safe:data-[state=closed]:animate-slide-out-left " +
            "dark:border-zinc-800 dark:bg-zinc-900"
          }
        >
          <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">Go to a section of the console</DialogPrimitive.Description>
          <div className="flex h-10 items-center justify-between px-1">
            <Brand />
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" className="size-8" aria-label="Close menu">
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto">
            <SidebarNav onNavigate={() => setOpen(false)} />
          </div>
          <AccountFooter accountName={accountName} />
        </DialogPrimitive.Content>
      </DialogPortal>
    </DialogPrimitive.Root>
  );
}
