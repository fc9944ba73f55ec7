import { EnginePatch } from "@/lib/engines/schema";
import { secretWouldMove } from "@/lib/outbound/secret-binding";
import { vendorNumberPatch, type NumberField } from "./vendor-engine-values";

/** The edit form: the common fields, and a Vapi or Retell engine's number (the other stays unset). */
export type EngineFormValues = { name: string; base_url: string; api_key: string } & Partial<Record<NumberField, string>>;
export type EngineFormField = keyof EngineFormValues;
type Stored = { name: string; base_url: string; provider?: string } & Partial<Record<NumberField, string | null>>;

const FIELDS: readonly EngineFormField[] = ["name", "base_url", "api_key", "phone_number_id", "from_number"];
export const isEngineField = (p: string): p is EngineFormField => (FIELDS as readonly string[]).includes(p);

/**
 * The PATCH body for an edit: only what changed, so an untouched field is never re-validated or
 * re-sealed, and a blank key means "keep the stored key" (the form never holds the stored one).
 * Normalised by the server's own schema, so "https://x/" and "https://x" count as the same URL.
 */
export function enginePatchBody(stored: Stored, values: EngineFormValues): Record<string, string | null> {
  const body: Record<string, string | null> = {};
  const name = values.name.trim();
  const baseUrl = values.base_url.trim();
  if (name !== stored.name) body.name = name;
  const parsed = EnginePatch.safeParse({ base_url: baseUrl });
  const normalised = parsed.success ? parsed.data.base_url : baseUrl;
  if (normalised !== stored.base_url) body.base_url = baseUrl;
  if (values.api_key.trim() !== "") body.api_key = values.api_key;
  return { ...body, ...vendorNumberPatch(stored, values) };
}

/** Whether saving would move the stored key to another origin: the server's own rule, so the form asks for the key first. */
export function keyNeededAgain(stored: Stored, values: EngineFormValues): boolean {
  const body = enginePatchBody(stored, values);
  return secretWouldMove({ storedUrl: stored.base_url, nextUrl: body.base_url ?? undefined, hasStoredSecret: true, secretSent: body.api_key !== undefined });
}
