import "server-only";
import type { Rule } from "./schema";
import { getRule, listRules, toRule, type RuleRow } from "./db/rules";
import { ruleValue } from "./evaluator";

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
