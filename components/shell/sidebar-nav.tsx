"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { isActive, navItems } from "@/components/shell/nav-items";
import { atLeast } from "@/lib/people/roles";
import { useMe } from "@/lib/people/hooks/members";
import { cn, focusRing } from "@/lib/utils";

/** The console's main navigation; `onNavigate` lets the mobile drawer close itself on a click. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname() ?? "/";
  const role = useMe().data?.role;
  // Until the role is known every item shows; pages below the reader's role are hidden after.
  const items = navItems.filter((i) => !i.minRole || !role || atLeast(role, i.minRole));
  return (
    <nav aria-label="Main" className="flex flex-col gap-0.5">
      {items.map(({ href, label, icon: Icon }) => {
        const active = isActive(pathname, href);
        return (
          <Link
            key={href}
            href={href}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={cn(
              "group flex h-8 items-center gap-2.5 rounded-md px-2.5 text-sm font-medium transition-colors",
              active
                ? "bg-white text-zinc-900 shadow-xs ring-1 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-50 dark:ring-zinc-700/60"
                : "text-zinc-600 hover:bg-zinc-200/50 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100",
              focusRing,
              // Items sit 2px apart; an offset ring would overlap the neighbour.
              "focus-visible:outline-offset-0",
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn(
                "size-4 shrink-0",
                active
                  ? "text-indigo-600 dark:text-indigo-400"
                  : "text-zinc-400 group-hover:text-zinc-600 dark:text-zinc-500 dark:group-hover:text-zinc-300",
              )}
            />
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
