import { z } from "zod";
import { parseContactPhone } from "@/lib/contacts/schema";

// Fields every kind of engine's schema shares (schema.ts and lib/engines/<provider>/schema.ts).

export const BaseUrl = z
  .string()
  .trim()
  .url("must be an http(s) URL, e.g. https://api.bolna.ai")
  .refine((v) => /^https?:\/\//i.test(v), "must be an http(s) URL, e.g. https://api.bolna.ai")
  .transform((v) => v.replace(/\/+$/, ""));

export const ApiKey = z.string().trim().min(8, "must be the engine's API key (8 characters or more)").max(512);
export const Name = z.string().trim().min(1, "Name is required").max(100);

/** A number calls come from, read in any notation and stored in E.164; `what` says which number it must be. */
export const PhoneNumber = (what: string) => z.string().trim().min(1, "is required").max(64).transform((v, ctx) => {
  const p = parseContactPhone(v, null);
  if (p.ok) return p.e164;
  ctx.addIssue({ code: "custom", message: `${what}, in E.164 (+14155550100): ${p.reason}` });
  return z.NEVER;
});
