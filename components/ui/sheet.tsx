"use client";

import * as React from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { DialogCloseButton, DialogOverlay, DialogPortal } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { useFocusReturn } from "./focus-return";

// A dialog that slides in from the right edge: for reading one record next to the list it came
// from. Radix Dialog underneath, so focus is trapped and Esc closes; focus returns to the opener
// (components/ui/focus-return.ts), even when a table row opened it through the URL.

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export function SheetContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: React.ComponentProps<typeof DialogPrimitive.Content>) {
  const focusReturn = useFocusReturn(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "fixed inset-y-0 right-0 z-50 flex w-full max-w-2xl flex-col border-l border-zinc-200 bg-white text-zinc-900 shadow-xl outline-none",
          "dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100",
          "motion-safe:data-[state=open]:animate-slide-in-right motion-safe:data-[state=closed]:animate-slide-out-right",
          className,
        )}
        {...props}
        {...focusReturn}
      >
        {children}
        <DialogCloseButton />
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function SheetHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 border-b border-zinc-200 px-5 py-4 pr-12 dark:border-zinc-800", className)} {...props} />;
}

export function SheetBody({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex-1 overflow-y-auto px-5 py-4", className)} {...props} />;
}

// Same title and description as dialogs: a sheet is a dialog that slides in from the side.
export { DialogTitle as SheetTitle, DialogDescription as SheetDescription } from "@/components/ui/dialog";
