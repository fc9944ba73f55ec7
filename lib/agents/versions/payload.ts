import type { AgentPayload } from "@/lib/agents/schema";
import type { AnalysisPlan } from "@/lib/outcomes/schema";

// An agent's content as stored (JSON text per column), on the agent row and on each version alike.

export interface StoredContent { agent_config: string; agent_prompts: string; analysis_plan: string | null }
export interface Content {
  agent_config: AgentPayload["agent_config"]; agent_prompts: AgentPayload["agent_prompts"]; analysis_plan: AnalysisPlan | null;
}

export const toStored = (p: AgentPayload): StoredContent => ({
  agent_config: JSON.stringify(p.agent_config),
  agent_prompts: JSON.stringify(p.agent_prompts),
  analysis_plan: p.analysis_plan ? JSON.stringify(p.analysis_plan) : null,
});

export const fromStored = (s: StoredContent): Content => ({
  agent_config: JSON.parse(s.agent_config), agent_prompts: JSON.parse(s.agent_prompts),
  analysis_plan: s.analysis_plan ? JSON.parse(s.analysis_plan) : null,
});

/** JSON with object keys sorted: PostgreSQL's jsonb does not keep key order, so order is never a change. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === "object") return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
  return v;
}

export function sameContent(a: StoredContent, b: StoredContent): boolean {
  return JSON.stringify(canonical(fromStored(a))) === JSON.stringify(canonical(fromStored(b)));
}
