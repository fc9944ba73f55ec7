import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft, SearchX } from "lucide-react";
import { Brand } from "@/components/shell/brand";
import { navItems } from "@/components/shell/nav-items";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page not found" };

// Any URL no page serves (and notFound() from a page). It reads no session, so it can be served to
// anyone: the links lead into the console, which sends a signed-out visitor to sign in.
const PLACES = navItems.filter((i) => !i.minRole && i.href !== "/");

export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      <header className="flex h-14 items-center gap-2 border-b border-zinc-200 bg-white px-4 dark:border-zinc-800 dark:bg-zinc-950">
        <Brand />
        <ThemeToggle className="ml-auto" />
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-md rounded-xl border border-zinc-200 bg-white p-6 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <div className="mx-auto mb-3 flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
            <SearchX aria-hidden="true" className="size-5" />
          </div>
          <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">Error 404</p>
          <h1 className="mt-1 text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">Page not found</h1>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            There is nothing at this address. It may have been mistyped, or what it showed was deleted.
          </p>
          <Button asChild className="mt-5">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Back to the dashboard
            </Link>
          </Button>
          <nav aria-label="Console sections" className="mt-5 border-t border-zinc-100 pt-4 dark:border-zinc-800">
            <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
              {PLACES.map((i) => (
                <li key={i.href}>
                  <Link href={i.href} className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">{i.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </main>
    </div>
  );
}
