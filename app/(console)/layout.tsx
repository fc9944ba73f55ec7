import { AppShell } from "@/components/shell/app-shell";
import { requireConsoleAccount } from "@/lib/people/console-session";

// Reads the session cookie on every request: console pages are never statically prerendered.
export const dynamic = "force-dynamic";

/** Every console page sits in the shell, and only with a live session (otherwise: /login). */
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const account = await requireConsoleAccount();
  return <AppShell accountName={account.name}>{children}</AppShell>;
}
