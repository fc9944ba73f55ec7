import { z } from "zod";
import { queryInteger } from "@/lib/core/page-query";

// Request shapes of the agent versions endpoints.

/** /api/agent/{id}/versions/{n}: a number that names no version of this agent (or is no number) is a 404. */
export const VersionParams = z.object({
  id: z.string().describe("agent_id returned by POST /agent"),
  n: z.string().describe("Version number, from 1"),
});

export const NoteBody = z.object({
  note: z.string().trim().max(200, "note must be at most 200 characters").nullable()
    .describe("A label for the version (at most 200 characters); null or \"\" clears it"),
}).strict();

const MAX_VERSION = 1_000_000_000;
export const DiffQuery = z.object({
  from: queryInteger(1, MAX_VERSION).describe("The version diffed from"),
  to: queryInteger(1, MAX_VERSION).describe("The version diffed to"),
}).strict();

/** A version path segment as a number; undefined when it is not a whole number from 1. */
export function versionNumber(n: string): number | undefined {
  if (!/^\d{1,9}$/.test(n)) return undefined;
  const v = Number(n);
  return v >= 1 ? v : undefined;
}
