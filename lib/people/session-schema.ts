import { z } from "zod";

/** Token sign-in (form "Use an API token" and POST /api/session `{token}`). */
export const SignIn = z.object({ token: z.string().trim().min(1, "API token is required") });
export type SignIn = z.infer<typeof SignIn>;

/** Email + password sign-in (the default form and POST /api/session `{email, password}`). */
export const PasswordSignIn = z.object({
  email: z.string().trim().min(1, "Email is required").max(320).pipe(z.email("Enter an email address")),
  password: z.string().min(1, "Password is required").max(1024),
});
export type PasswordSignIn = z.infer<typeof PasswordSignIn>;

export const SessionCreate = z.union([SignIn, PasswordSignIn]);
export type SessionCreate = z.infer<typeof SessionCreate>;
