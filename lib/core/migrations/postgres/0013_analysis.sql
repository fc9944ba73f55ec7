-- PostgreSQL twin of sqlite/0013_analysis.sql (Voxdesk's own analysis, lib/analysis).
CREATE TABLE analysis_jobs (
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  call_sid text COLLATE "C" NOT NULL,
  run_id text COLLATE "C",
  provider_id text COLLATE "C",
  state text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_at timestamptz NOT NULL,
  lease_until timestamptz,
  claim text,
  reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, call_sid)
);
CREATE INDEX analysis_jobs_due ON analysis_jobs(next_at) WHERE state = 'queued';
CREATE INDEX analysis_jobs_lease ON analysis_jobs(lease_until) WHERE state = 'running';
CREATE INDEX analysis_jobs_run ON analysis_jobs(run_id, state) WHERE run_id IS NOT NULL;

CREATE TABLE analysis_runs (
  id text COLLATE "C" PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  status text NOT NULL,
  total integer NOT NULL,
  done integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  filters jsonb NOT NULL,
  provider_id text COLLATE "C",
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX analysis_runs_page ON analysis_runs(account_id, created_at, id);
CREATE INDEX analysis_runs_live ON analysis_runs(status) WHERE status = 'running';
