-- Agent test cases (lib/agents/tests). A test is a scripted conversation (user turns) and
-- what must happen in it; a run plays every test of an agent against one version in the background.
CREATE TABLE agent_tests (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  -- JSON as sent: {name: value}, [user message, …], [expectation, …].
  variables TEXT NOT NULL,
  turns TEXT NOT NULL,
  expect TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX agent_tests_agent ON agent_tests(account_id, agent_id, created_at, id);

-- total is fixed at creation; done, passed and errored count the results as they end; status leaves
-- "running" (for passed | failed | error) with the last of them.
CREATE TABLE agent_test_runs (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  status TEXT NOT NULL,
  total INTEGER NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  passed INTEGER NOT NULL DEFAULT 0,
  errored INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX agent_test_runs_page ON agent_test_runs(account_id, agent_id, created_at, id);
-- The versions list's "last finished run of each version".
CREATE INDEX agent_test_runs_version ON agent_test_runs(agent_id, version, finished_at) WHERE finished_at IS NOT NULL;

-- One leased job per test of a run. The test is copied in (test_def): deleting or changing a test
-- later changes neither a run under way nor a finished run's record.
CREATE TABLE agent_test_results (
  run_id TEXT NOT NULL REFERENCES agent_test_runs(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  account_id TEXT NOT NULL,
  test_id TEXT NOT NULL,
  name TEXT NOT NULL,
  test_def TEXT NOT NULL,
  -- queued | running | done
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Running: the claim lapses at this instant (its worker died); another worker may then take it.
  lease_until TEXT,
  -- A fresh value per claim: only the worker holding it may record the result.
  claim TEXT,
  -- Done: 0/1, the failures (JSON [string]), the conversation (JSON), and whether a provider error ended it.
  passed INTEGER,
  failures TEXT,
  transcript TEXT,
  errored INTEGER,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (run_id, position)
) WITHOUT ROWID;
CREATE INDEX agent_test_results_due ON agent_test_results(state, lease_until) WHERE state <> 'done';
