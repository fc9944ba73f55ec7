-- Cost per successful call counts only the calls analysed for success: each outcome keeps its call's
-- cost (kept in step when the call's cost changes later, e.g. a carrier's price), and the daily
-- outcome rollup sums it over the outcomes that have a success value.
ALTER TABLE call_outcomes ADD COLUMN cost double precision NOT NULL DEFAULT 0;
ALTER TABLE call_outcome_daily ADD COLUMN judged_cost double precision NOT NULL DEFAULT 0;
UPDATE call_outcomes SET cost = c.cost FROM calls c WHERE c.account_id = call_outcomes.account_id AND c.call_sid = call_outcomes.call_sid;
UPDATE call_outcome_daily SET judged_cost = s.cost
FROM (SELECT account_id, (created_at AT TIME ZONE 'UTC')::date AS day, agent_id, coalesce(disposition, '') AS disposition, engine_id, provider, sum(cost) AS cost
      FROM call_outcomes WHERE success IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6) s
WHERE call_outcome_daily.account_id = s.account_id AND call_outcome_daily.day = s.day AND call_outcome_daily.agent_id = s.agent_id
  AND call_outcome_daily.disposition = s.disposition AND call_outcome_daily.engine_id = s.engine_id AND call_outcome_daily.provider = s.provider;
