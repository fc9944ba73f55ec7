import { z } from "zod";

/** Sign-in form and POST /api/session body. */
export const SignIn = z.object({ token: z.string().trim().min(1, "API token is required") });
export type SignIn = z.infer<typeof SignIn>;
