-- PostgreSQL twin of sqlite/0029_alert_minutes_mail.sql: call_minute rebuilt with a call in the minute
-- it ended (start plus duration for a final status) and an outcome in the minute it was analysed; the
-- rule's last evaluation; alert mail's outbox.
DELETE FROM call_minute;
INSERT INTO call_minute (account_id, minute, agent_id, engine_id, provider, calls, failed, duration, cost)
SELECT account_id, floor((extract(epoch FROM created_at) * 1000
    + CASE WHEN status IN ('completed', 'no-answer', 'busy', 'rejected', 'canceled', 'stopped', 'failed', 'error', 'balance-low')
      THEN duration * 1000 ELSE 0 END) / 60000)::bigint,
  agent_id, coalesce(engine_id, ''), coalesce(provider, ''), count(*),
  count(CASE WHEN status IN ('stopped', 'failed', 'error', 'balance-low') THEN 1 END), coalesce(sum(duration), 0), coalesce(sum(cost), 0)
FROM calls WHERE status_rank > 0 AND created_at >= now() - interval '4380 minutes'
GROUP BY 1, 2, 3, 4, 5;
INSERT INTO call_minute (account_id, minute, agent_id, engine_id, provider, analyzed, judged, succeeded, negative)
SELECT account_id, floor(extract(epoch FROM analyzed_at) / 60)::bigint, agent_id, engine_id, provider, count(*), count(success),
  count(CASE WHEN success THEN 1 END), count(CASE WHEN sentiment = 'negative' THEN 1 END)
FROM call_outcomes WHERE analyzed_at >= now() - interval '2940 minutes'
GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (account_id, minute, agent_id, engine_id, provider) DO UPDATE SET analyzed = excluded.analyzed, judged = excluded.judged,
  succeeded = excluded.succeeded, negative = excluded.negative;

ALTER TABLE alert_rules ADD COLUMN evaluated_at timestamptz;

CREATE TABLE alert_mails (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  incident_id text COLLATE "C" NOT NULL REFERENCES alert_incidents(id) ON DELETE CASCADE,
  kind text NOT NULL,
  recipients text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  status text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL,
  lease_until bigint,
  lease_token text,
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE UNIQUE INDEX alert_mails_once ON alert_mails(incident_id, kind);
CREATE INDEX alert_mails_due ON alert_mails(next_attempt_at) WHERE status = 'pending';
