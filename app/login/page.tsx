import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Brand } from "@/components/shell/brand";
import { SignInForm } from "@/components/auth/sign-in-form";
import { currentConsoleAccount } from "@/lib/auth/console-session";
import { readDemoToken } from "@/lib/auth/demo-token";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function LoginPage() {
  if (await currentConsoleAccount()) redirect("/");
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 px-4 dark:bg-zinc-950">
      <div className="w-full max-w-sm">
        <Brand className="mb-6 justify-center" />
        <div className="rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <h1 className="text-lg font-semibold">Sign in to Voxdesk</h1>
          <p className="mt-1 mb-5 text-sm text-zinc-500 dark:text-zinc-400">
            Use an API token of your account. Operators mint one with{" "}
            <code className="rounded bg-zinc-100 px-1 py-0.5 text-xs dark:bg-zinc-800">npm run cli -- token create</code>.
          </p>
          <SignInForm demoToken={readDemoToken()} />
        </div>
      </div>
    </main>
  );
}
