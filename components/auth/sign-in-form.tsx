"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

export type SignInMode = "password" | "token";

/**
 * Plain `<form method="post">` to /auth/sign-in: signs in before the page's scripts load and with
 * JavaScript off, and a secret never lands in a URL. The server answers with a redirect; on an
 * error it sends the browser back here with an error code that the page turns into `error`.
 */
export function SignInForm({ mode, error, email, mailsResetLinks = false, demoToken }: {
  mode: SignInMode;
  error?: string;
  /** The email of the failed attempt, kept so only the password is retyped. */
  email?: string;
  /** SMTP_URL is set: reset links an admin creates are also mailed. */
  mailsResetLinks?: boolean;
  demoToken?: string;
}) {
  const [submitting, setSubmitting] = useState(false);
  const common = { method: "post", action: "/auth/sign-in", className: "space-y-4", onSubmit: () => setSubmitting(true) } as const;
  const submit = (
    <Button type="submit" className="w-full" disabled={submitting}>
      {submitting ? "Signing in…" : "Sign in"}
    </Button>
  );
  if (mode === "token") {
    return (
      <form {...common}>
        <Field label="API token" required error={error} hint={demoToken ? "Demo mode: the demo account's token is filled in." : undefined}>
          <Input name="token" type="password" autoComplete="off" spellCheck={false} placeholder="sk_…" autoFocus required defaultValue={demoToken ?? ""} />
        </Field>
        {submit}
        <p className="text-center text-sm">
          <Link href="/login" className="underline underline-offset-4">Sign in with email and password</Link>
        </p>
      </form>
    );
  }
  return (
    <form {...common}>
      <Field label="Email" required>
        <Input name="email" type="email" autoComplete="username" autoFocus={!email} required maxLength={320} defaultValue={email ?? ""} />
      </Field>
      <Field label="Password" required error={error}>
        <Input name="password" type="password" autoComplete="current-password" autoFocus={Boolean(email)} required maxLength={1024} />
      </Field>
      {submit}
      <ForgotPassword mailsResetLinks={mailsResetLinks} />
      <p className="text-center text-sm">
        <Link href="/login?mode=token" className="underline underline-offset-4">Use an API token</Link>
      </p>
    </form>
  );
}

/**
 * There is no self-service reset (a reset mail anyone could trigger would be a way to probe who
 * has an account): an admin creates the link. A <details> so it works before scripts load.
 */
function ForgotPassword({ mailsResetLinks }: { mailsResetLinks: boolean }) {
  return (
    <details className="text-sm text-zinc-600 dark:text-zinc-400">
      <summary className="cursor-pointer text-center font-medium text-zinc-900 underline underline-offset-4 dark:text-zinc-100">Forgot password?</summary>
      <p className="mt-2" data-testid="forgot-password-help">
        Ask an admin or owner of your account for a password reset link: they create it under Members → Reset link.
        {mailsResetLinks
          ? " It is mailed to your sign-in address; open it within an hour to set a new password."
          : " They pass it on to you; open it within an hour to set a new password. It works once."}
      </p>
    </details>
  );
}
