import { z } from "zod";

// Fields every kind of engine's schema shares (schema.ts and lib/engines/<provider>/schema.ts).

export const BaseUrl = z
  .string()
  .trim()
  .url("must be an http(s) URL, e.g. https://api.bolna.ai")
  .refine((v) => /^https?:\/\//i.test(v), "must be an http(s) URL, e.g. https://api.bolna.ai")
  .transform((v) => v.replace(/\/+$/, ""));

export const ApiKey = z.string().trim().min(8, "must be the engine's API key (8 characters or more)").max(512);
export const Name = z.string().trim().min(1, "Name is required").max(100);
