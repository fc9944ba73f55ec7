import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { Brand } from "@/components/shell/brand";
import { SignInForm } from "@/components/auth/sign-in-form";
import { currentConsoleAccount } from "@/lib/people/console-session";
import { readDemoToken } from "@/lib/people/demo-token";
import { config } from "@/lib/core/config";
import { readKeptEmail, SIGN_IN_EMAIL_COOKIE } from "@/lib/people/sign-in-email";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

// /auth/sign-in redirects back with one of these codes (never a credential in the URL).
const ERRORS: Record<string, Record<"password" | "token", string>> = {
  invalid: { password: "Email or password is incorrect", token: "Invalid token" },
  missing: { password: "Enter your email and password", token: "API token is required" },
  limited: { password: "Too many failed sign-ins. Try again in 15 minutes.", token: "Too many failed sign-ins. Try again in 15 minutes." },
  origin: { password: "Sign-in must come from this site's own page", token: "Sign-in must come from this site's own page" },
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await currentConsoleAccount()) redirect("/");
  const sp = await searchParams;
  const mode = sp.mode === "token" ? "token" : "password";
  const error = typeof sp.error === "string" ? ERRORS[sp.error]?.[mode] : undefined;
  // The email of a failed attempt, kept by /auth/sign-in for a minute (only after an error).
  const email = error && mode === "password" ? readKeptEmail((await cookies()).get(SIGN_IN_EMAIL_COOKIE)?.value) : undefined;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 px-4 dark:bg-zinc-950">
      <div className="w-full max-w-sm">
        <Brand className="mb-6 justify-center" />
        <div className="rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <h1 className="text-lg font-semibold">Sign in to Voxdesk</h1>
          <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">
            {mode === "token" ? (
              <>Use an API token of your account. Operators mint one with{" "}
                <code className="rounded bg-zinc-100 px-1 py-0.5 text-xs text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100">npm run cli -- token create</code>.</>
            ) : (
              <>Sign in with the email and password of your Voxdesk account.</>
            )}
          </p>
          {sp.notice === "password-reset" && !error && (
            <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200">
              Your password was changed. Sign in with the new one.
            </p>
          )}
          <SignInForm mode={mode} error={error} email={email} mailsResetLinks={Boolean(config().SMTP_URL)} demoToken={readDemoToken({ headers: await headers() })} />
        </div>
      </div>
    </main>
  );
}
