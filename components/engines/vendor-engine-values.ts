import { z } from "zod";
import { VendorEngineCreate } from "@/lib/engines/schema";

// The console's forms for engines whose agents live in the vendor's dashboard: the server's own
// schemas, with the optional number field allowed blank (the form always holds a string).

export type VendorProvider = keyof typeof VendorEngineCreate;
export const VENDOR_PROVIDERS = Object.keys(VendorEngineCreate) as VendorProvider[];
export const isVendorProvider = (p: string): p is VendorProvider => (VENDOR_PROVIDERS as readonly string[]).includes(p);

/** The setting naming where the engine's calls come from, per vendor. */
export type NumberField = "phone_number_id" | "from_number";

/**
 * Blank, or what `schema` accepts, with the schema's own messages. Not a union: zod reports a
 * union's failure as "Invalid input", losing the message that says what the number must be.
 */
export function blankOr(schema: z.ZodType<unknown, string>) {
  return z.string().superRefine((v, ctx) => {
    if (v.trim() === "") return;
    for (const issue of schema.safeParse(v).error?.issues ?? []) ctx.addIssue({ code: "custom", message: issue.message });
  });
}

const { vapi: VapiCreate, retell: RetellCreate } = VendorEngineCreate;
const vapiNumber = VapiCreate.shape.phone_number_id.unwrap();
const retellNumber = RetellCreate.shape.from_number.unwrap();

export const VENDOR_FORMS = {
  vapi: {
    numberField: "phone_number_id",
    numberSchema: vapiNumber,
    schema: VapiCreate.extend({ phone_number_id: blankOr(vapiNumber) }),
    namePlaceholder: "Vapi production",
    keyLabel: "Private API key",
    keyHint: "Your Vapi organisation's private key (Vapi dashboard → API Keys), not the public one. Stored encrypted; only its last 4 characters are shown afterwards.",
    numberLabel: "Phone number id",
    numberHint: "The id of the Vapi phone number calls are placed from (Vapi dashboard → Phone Numbers). Optional: without it the engine cannot place calls.",
    numberPlaceholder: "e.g. 3c6f0b0e-…",
  },
  retell: {
    numberField: "from_number",
    numberSchema: retellNumber,
    schema: RetellCreate.extend({ from_number: blankOr(retellNumber) }),
    namePlaceholder: "Retell production",
    keyLabel: "API key",
    keyHint: "The Retell key with the \"webhook\" badge (Retell dashboard → Keys): Retell signs its webhooks with it. Stored encrypted; only its last 4 characters are shown afterwards.",
    numberLabel: "From number",
    numberHint: "A number bought from or imported into Retell, with its country code: +14155550100. Optional: without it the engine cannot place calls.",
    numberPlaceholder: "+14155550100",
  },
} as const satisfies Record<VendorProvider, { numberField: NumberField; [k: string]: unknown }>;

/** What the create form holds: every field a string. */
export interface VendorFormValues { name: string; provider: VendorProvider; api_key: string; base_url: string; phone_number_id?: string; from_number?: string }

/** The POST body: a blank number is left out (the engine then has none). */
export function vendorCreateBody(v: VendorFormValues) {
  const field = VENDOR_FORMS[v.provider].numberField;
  const number = v[field]?.trim();
  return { name: v.name, provider: v.provider, api_key: v.api_key, base_url: v.base_url, ...(number ? { [field]: number } : {}) };
}

type Numbers = Partial<Record<NumberField, string | null>>;

/**
 * The number's part of an edit's PATCH body: nothing when unchanged (read as the server stores it,
 * so "+1 415 555 0100" is the stored "+14155550100"), null when cleared, else the value as typed
 * (a malformed one too, so the server's message lands beside the field).
 */
export function vendorNumberPatch(stored: { provider?: string } & Numbers, values: Numbers): Numbers {
  if (!stored.provider || !isVendorProvider(stored.provider)) return {};
  const { numberField, numberSchema } = VENDOR_FORMS[stored.provider];
  const typed = values[numberField];
  if (typed == null) return {};
  const value = typed.trim();
  const current = stored[numberField] ?? null;
  if (value === "") return current === null ? {} : { [numberField]: null };
  const parsed = numberSchema.safeParse(value);
  return (parsed.success ? parsed.data : value) === current ? {} : { [numberField]: value };
}
