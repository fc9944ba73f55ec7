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
export function SignInForm({ mode, error, demoToken }: { mode: SignInMode; error?: string; demoToken?: string }) {
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
        <Input name="email" type="email" autoComplete="username" autoFocus required maxLength={320} />
      </Field>
      <Field label="Password" required error={error}>
        <Input name="password" type="password" autoComplete="current-password" required maxLength={1024} />
      </Field>
      {submit}
      <p className="text-center text-sm">
        <Link href="/login?mode=token" className="underline underline-offset-4">Use an API token</Link>
      </p>
    </form>
  );
}
