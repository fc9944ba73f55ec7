import { z } from "zod";

/** The webhook body: Bolna's execution object. Only what identifies it is required; the rest is read leniently. */
export const ExecutionBody = z.object({
  id: z.string().min(1).max(128),
  agent_id: z.string().min(1).max(128),
  status: z.string().min(1).max(64),
}).loose();

