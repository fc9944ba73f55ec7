// Labels for the API's call_type values (lib/calls/schema.ts CALL_TYPES; a test keeps them in
// step). Kept apart from that module so the browser bundle does not pull in zod for four words.

export const CALL_TYPE_LABELS: Record<string, string> = {
  inbound: "Inbound",
  outbound: "Outbound",
  web_call: "Web call",
};

export const callTypes = Object.keys(CALL_TYPE_LABELS);

/** Known values get their label; anything an import brought in is shown prettified. */
export function callTypeLabel(type: string): string {
  return CALL_TYPE_LABELS[type] ?? type.replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}
