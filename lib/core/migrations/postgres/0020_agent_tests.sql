-- PostgreSQL twin of sqlite/0020_agent_tests.sql (agent test cases). passed and errored are 0/1
-- integers as on SQLite: one shape for the code that reads them.
CREATE TABLE agent_tests (
  id text COLLATE "C" PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  agent_id text COLLATE "C" NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  name text NOT NULL,
  variables jsonb NOT NULL,
  turns jsonb NOT NULL,
  expect jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX agent_tests_agent ON agent_tests(account_id, agent_id, created_at, id);

CREATE TABLE agent_test_runs (
  id text COLLATE "C" PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  agent_id text COLLATE "C" NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  version integer NOT NULL,
  status text NOT NULL,
  total integer NOT NULL,
  done integer NOT NULL DEFAULT 0,
  passed integer NOT NULL DEFAULT 0,
  errored integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX agent_test_runs_page ON agent_test_runs(account_id, agent_id, created_at, id);
CREATE INDEX agent_test_runs_version ON agent_test_runs(agent_id, version, finished_at) WHERE finished_at IS NOT NULL;

CREATE TABLE agent_test_results (
  run_id text COLLATE "C" NOT NULL REFERENCES agent_test_runs(id) ON DELETE CASCADE,
  position integer NOT NULL,
  account_id text NOT NULL,
  test_id text COLLATE "C" NOT NULL,
  name text NOT NULL,
  test_def jsonb NOT NULL,
  state text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  lease_until timestamptz,
  claim text,
  passed integer,
  failures jsonb,
  transcript jsonb,
  errored integer,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (run_id, position)
);
CREATE INDEX agent_test_results_due ON agent_test_results(state, lease_until) WHERE state <> 'done';
