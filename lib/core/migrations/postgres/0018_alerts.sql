-- PostgreSQL twin of sqlite/0018_alerts.sql (alerts).
CREATE TABLE call_minute (
  account_id text COLLATE "C" NOT NULL,
  minute bigint NOT NULL,
  agent_id text COLLATE "C" NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  duration double precision NOT NULL DEFAULT 0,
  cost double precision NOT NULL DEFAULT 0,
  analyzed integer NOT NULL DEFAULT 0,
  judged integer NOT NULL DEFAULT 0,
  succeeded integer NOT NULL DEFAULT 0,
  negative integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, minute, agent_id)
);
CREATE INDEX call_minute_age ON call_minute(minute);

INSERT INTO call_minute (account_id, minute, agent_id, calls, failed, duration, cost)
SELECT account_id, floor(extract(epoch FROM created_at) / 60)::bigint, agent_id, count(*),
  count(CASE WHEN status IN ('stopped', 'failed', 'error', 'balance-low') THEN 1 END), sum(duration), sum(cost)
FROM calls WHERE created_at >= now() - interval '2 days'
GROUP BY 1, 2, 3;
INSERT INTO call_minute (account_id, minute, agent_id, analyzed, judged, succeeded, negative)
SELECT account_id, floor(extract(epoch FROM created_at) / 60)::bigint, agent_id, count(*), count(success),
  count(CASE WHEN success THEN 1 END), count(CASE WHEN sentiment = 'negative' THEN 1 END)
FROM call_outcomes WHERE created_at >= now() - interval '2 days'
GROUP BY 1, 2, 3
ON CONFLICT (account_id, minute, agent_id) DO UPDATE SET analyzed = excluded.analyzed, judged = excluded.judged,
  succeeded = excluded.succeeded, negative = excluded.negative;

CREATE TABLE alert_rules (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  metric text NOT NULL,
  agent_id text COLLATE "C",
  comparator text NOT NULL,
  threshold double precision NOT NULL,
  window_minutes integer NOT NULL,
  relative integer NOT NULL DEFAULT 0,
  severity text NOT NULL,
  notify_emails text NOT NULL,
  notify_webhook integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX alert_rules_page ON alert_rules(account_id, created_at, id);

CREATE TABLE alert_incidents (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  rule_id text COLLATE "C" NOT NULL REFERENCES alert_rules(id) ON DELETE CASCADE,
  status text NOT NULL,
  value double precision NOT NULL,
  call_sids text NOT NULL,
  opened_at timestamptz NOT NULL,
  resolved_at timestamptz
);
CREATE UNIQUE INDEX alert_incidents_one_open ON alert_incidents(rule_id) WHERE status = 'open';
CREATE INDEX alert_incidents_page ON alert_incidents(account_id, opened_at, id);
CREATE INDEX alert_incidents_rule ON alert_incidents(rule_id, opened_at);
