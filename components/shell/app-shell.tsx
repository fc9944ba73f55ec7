import * as React from "react";
import { AccountFooter } from "@/components/shell/account-footer";
import { Brand } from "@/components/shell/brand";
import { MobileNav } from "@/components/shell/mobile-nav";
import { ReadOnlyBanner } from "@/components/shell/read-only-banner";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import { ThemeToggle } from "@/components/shell/theme-toggle";

export type AppShellProps = {
  /** Shown in the sidebar footer and the mobile drawer. */
  accountName: string;
  children: React.ReactNode;
};

/**
 * The console frame: a fixed sidebar from the lg breakpoint up, a top bar with a drawer below it.
 * A server component; only the interactive pieces inside it ship JavaScript.
 */
export function AppShell({ accountName, children }: AppShellProps) {
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>

      <aside className="hidden border-r border-zinc-200 bg-zinc-50 lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:gap-5 lg:p-3 dark:border-zinc-800 dark:bg-zinc-900/60">
        <Brand className="mt-1 px-1.5 py-1" />
        <div className="flex-1 overflow-y-auto">
          <SidebarNav />
        </div>
        <AccountFooter accountName={accountName} />
      </aside>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-zinc-200 bg-white/85 px-4 backdrop-blur lg:hidden dark:border-zinc-800 dark:bg-zinc-950/85">
          <MobileNav accountName={accountName} />
          <Brand />
          <ThemeToggle className="ml-auto" />
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          <ReadOnlyBanner />
          {children}
        </main>
      </div>
    </div>
  );
}
