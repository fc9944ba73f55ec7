import { AppShell } from "@/components/shell/app-shell";

/**
 * Every console page sits in the shell. The account name is a plain prop of AppShell: once the
 * session lookup exists, this layout reads the signed-in account and passes its name here.
 */
export default function ConsoleLayout({ children }: { children: React.ReactNode }) {
  return <AppShell accountName="Account">{children}</AppShell>;
}
