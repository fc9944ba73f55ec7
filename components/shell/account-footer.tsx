import { SignOutButton } from "@/components/shell/sign-out-button";
import { ThemeToggle } from "@/components/shell/theme-toggle";

/** Who is signed in, plus the theme switch and sign-out: the bottom of the sidebar and the drawer. */
export function AccountFooter({ accountName }: { accountName: string }) {
  const initial = accountName.trim().charAt(0).toUpperCase() || "?";
  return (
    <div className="flex flex-col gap-1 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      <div className="flex items-center gap-2.5 px-1.5">
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-zinc-200 text-xs font-semibold text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
        >
          {initial}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Account</p>
          <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100" title={accountName}>
            {accountName}
          </p>
        </div>
        <ThemeToggle />
      </div>
      <SignOutButton className="w-full text-zinc-600 dark:text-zinc-400" />
    </div>
  );
}
