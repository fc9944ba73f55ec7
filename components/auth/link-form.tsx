"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const MESSAGES: Record<string, { field: "name" | "password" | "form"; text: string }> = {
  name: { field: "name", text: "Enter your name" },
  password: { field: "password", text: "Use at least 12 characters" },
  origin: { field: "form", text: "The form must be sent from this site's own page. Reload and try again." },
  used: { field: "form", text: "This link cannot be used. Ask your admin for a new one, or sign in if you already have a Voxdesk account." },
};

/**
 * The invite and reset pages' form: a plain `<form method="post">`, so it works before scripts load
 * and with JavaScript off. The token goes in the POST body; errors come back as a code in the URL.
 */
export function LinkForm({ kind, token, email, error }: { kind: "invite" | "reset"; token: string; email: string; error?: string }) {
  const [submitting, setSubmitting] = useState(false);
  const e = error ? MESSAGES[error] : undefined;
  const at = (field: string) => (e?.field === field ? e.text : undefined);
  return (
    <form method="post" action={kind === "invite" ? "/auth/accept-invite" : "/auth/reset-password"} className="space-y-4" onSubmit={() => setSubmitting(true)}>
      <input type="hidden" name="token" value={token} />
      {e?.field === "form" && <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">{e.text}</p>}
      <Field label="Email">
        <Input name="email" type="email" autoComplete="username" value={email} readOnly />
      </Field>
      {kind === "invite" && (
        <Field label="Your name" required error={at("name")}>
          <Input name="name" autoComplete="name" autoFocus required maxLength={200} />
        </Field>
      )}
      <Field label={kind === "invite" ? "Password" : "New password"} required error={at("password")} hint={at("password") ? undefined : "At least 12 characters."}>
        <Input name="password" type="password" autoComplete="new-password" autoFocus={kind === "reset"} required minLength={12} maxLength={1024} />
      </Field>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Saving…" : kind === "invite" ? "Join and sign in" : "Set new password"}
      </Button>
    </form>
  );
}
