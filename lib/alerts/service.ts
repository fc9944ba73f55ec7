import "server-only";
import { getEngine } from "@/lib/engines/db";
import { validationError } from "@/lib/http/errors";
import type { Rule, RuleCreateInput, RulePatchInput } from "./schema";
import { createRule, getRule, listRules, markEvaluated, toRule, updateRule, type RuleRow } from "./db/rules";
import { evaluateRule, ruleValue } from "./evaluator";

// Rules as the API shows them: the stored rule, its state (an open incident) and its value now,
// computed from call_minute as the evaluator does (a sum over the window's rows, not the calls).

const withValue = async (r: RuleRow, now: number): Promise<Rule> => ({ ...toRule(r), value: await ruleValue(r, now) });

export async function ruleView(accountId: string, id: string, now = Date.now()): Promise<Rule | undefined> {
  const r = await getRule(accountId, id);
  return r && withValue(r, now);
}

export async function rulesPage(accountId: string, limit: number, cursor?: string, now = Date.now()) {
  const page = await listRules(accountId, limit, cursor);
  return { rules: await Promise.all(page.rows.map((r) => withValue(r, now))), next_cursor: page.next_cursor, has_more: page.has_more };
}

export async function shownRule(r: RuleRow | undefined, now = Date.now()): Promise<Rule | undefined> {
  return r && withValue(r, now);
}

type EngineScope = Pick<RuleCreateInput, "engine_id" | "provider">;

/**
 * A rule's engine must be one of the account's: another account's or an unknown id is a 422 naming
 * `engine_id`, as a campaign's agent is checked. A provider beside it must be that engine's kind (a
 * 422 naming `provider`), since the rule could count no call. Only an engine the request names is
 * looked up: a stored rule keeps watching its engine after the engine is deleted (its calls keep
 * their engine_id), so a PATCH of its threshold still succeeds.
 */
async function checkEngine(accountId: string, body: EngineScope, stored?: RuleRow) {
  const engineId = body.engine_id !== undefined ? body.engine_id : (stored?.engine_id ?? null);
  const provider = body.provider !== undefined ? body.provider : (stored?.provider ?? null);
  if (!engineId || (body.engine_id === undefined && body.provider === undefined)) return;
  const engine = await getEngine(accountId, engineId);
  if (!engine) {
    if (body.engine_id) throw validationError([{ path: "engine_id", message: "no engine with this id in your account" }], 422);
    return;
  }
  if (provider && engine.provider !== provider) {
    throw validationError([{ path: "provider", message: `the engine is a ${engine.provider} engine: leave provider out, or name that kind` }], 422);
  }
}

/**
 * A created or changed rule is evaluated at once, as a tick would (an incident opens or resolves now,
 * with its event and mail), so the answer and the console show its state as of now rather than "ok"
 * until the next tick.
 */
async function evaluatedNow(accountId: string, r: RuleRow | undefined, now: number): Promise<RuleRow | undefined> {
  if (!r) return undefined;
  await evaluateRule(r, now, { evaluated: 0, opened: [], resolved: [] });
  await markEvaluated([r.id], new Date(now).toISOString());
  return getRule(accountId, r.id);
}

export async function addRule(accountId: string, body: RuleCreateInput, now = Date.now()): Promise<RuleRow | undefined> {
  await checkEngine(accountId, body);
  return evaluatedNow(accountId, await createRule(accountId, body), now);
}

/** undefined: no such rule in the account (a 404 before any field is checked). */
export async function changeRule(accountId: string, id: string, body: RulePatchInput, now = Date.now()): Promise<RuleRow | undefined> {
  const stored = await getRule(accountId, id);
  if (!stored) return undefined;
  await checkEngine(accountId, body, stored);
  return evaluatedNow(accountId, await updateRule(accountId, id, body), now);
}
