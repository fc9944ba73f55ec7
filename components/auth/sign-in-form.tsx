"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ApiError, fetchJson } from "@/lib/http/fetch-json";
import { SignIn } from "@/lib/schemas/session";

/** Trades the token for an httpOnly session cookie; the token is not kept anywhere in the page. */
export function SignInForm({ demoToken }: { demoToken?: string }) {
  const router = useRouter();
  const form = useForm<SignIn>({ resolver: zodResolver(SignIn), defaultValues: { token: demoToken ?? "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await fetchJson("/api/session", { method: "POST", body: values });
      router.replace("/");
      router.refresh();
    } catch (err) {
      const message = err instanceof ApiError && err.status === 401 ? "Invalid token" : "Could not reach the server. Try again.";
      form.setError("token", { message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label="API token" error={errors.token?.message} hint={demoToken ? "Demo mode: the demo account's token is filled in." : undefined}>
        {(p) => <Input {...p} type="password" autoComplete="off" spellCheck={false} placeholder="sk_…" autoFocus {...form.register("token")} />}
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
