import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { deleteRule } from "@/lib/alerts/db/rules";
import { RuleIdParams as Params, RulePatch } from "@/lib/alerts/schema";
import { changeRule, ruleView, shownRule } from "@/lib/alerts/service";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ params, auth }) => {
  const rule = await ruleView(auth.accountId, params.rule_id);
  if (!rule) throw notFound("Alert rule");
  return rule;
});

export const PATCH = route({ params: Params, body: RulePatch, role: "admin" }, async ({ params, body, auth }) => {
  const rule = await shownRule(await changeRule(auth.accountId, params.rule_id, body));
  if (!rule) throw notFound("Alert rule");
  return rule;
});

export const DELETE = route({ params: Params, role: "admin" }, async ({ params, auth }) => {
  if (!(await deleteRule(auth.accountId, params.rule_id))) throw notFound("Alert rule");
  return { rule_id: params.rule_id, status: "deleted" };
});

export const { POST, PUT, OPTIONS } = otherMethods({ GET, PATCH, DELETE });
