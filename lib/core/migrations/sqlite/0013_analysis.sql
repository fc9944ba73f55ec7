-- Voxdesk's own post-call analysis (lib/analysis). One job per call that still has to be
-- analysed, or whose last analysis failed; a success deletes it in the transaction that writes the
-- outcome (call_outcomes only ever holds analysed outcomes). A call's "pending"/"failed" on
-- /api/details is read from here.
CREATE TABLE analysis_jobs (
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  call_sid TEXT NOT NULL,
  -- The run that asked for it; NULL for calls queued at ingest or re-analysed one by one.
  run_id TEXT,
  -- NULL: the account's oldest provider when the job runs.
  provider_id TEXT,
  -- queued | running | failed
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Queued: not tried before this instant (backoff after a provider error).
  next_at TEXT NOT NULL,
  -- Running: the claim lapses at this instant (a worker that died); another worker may then take it.
  lease_until TEXT,
  -- A fresh value per claim: only the worker holding it may finish the job.
  claim TEXT,
  -- Why the last attempt failed, in words safe to show.
  reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (account_id, call_sid)
) WITHOUT ROWID;
-- The worker's due scan reads only the rows it may claim: queued ones by next_at, running ones by lease.
CREATE INDEX analysis_jobs_due ON analysis_jobs(next_at) WHERE state = 'queued';
CREATE INDEX analysis_jobs_lease ON analysis_jobs(lease_until) WHERE state = 'running';
-- What is left of a run (progress, "done" when nothing is), and cancel's delete of its queued jobs.
CREATE INDEX analysis_jobs_run ON analysis_jobs(run_id, state) WHERE run_id IS NOT NULL;

-- A bulk analysis asked for with the call log's filters. total is fixed at creation; done and
-- failed count the run's jobs as they end.
CREATE TABLE analysis_runs (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  -- running | done | canceled
  status TEXT NOT NULL,
  total INTEGER NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  -- The filters as sent (JSON), for the record.
  filters TEXT NOT NULL,
  provider_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX analysis_runs_page ON analysis_runs(account_id, created_at, id);
-- The worker's sweep for runs with nothing left.
CREATE INDEX analysis_runs_live ON analysis_runs(status) WHERE status = 'running';
