-- PostgreSQL twin of sqlite/0026_engine_syncs.sql (engine syncs run in the background, claimed with a lease).
CREATE TABLE engine_syncs (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  engine_id text COLLATE "C" NOT NULL REFERENCES engines(id) ON DELETE CASCADE,
  status text NOT NULL,
  range_from timestamptz NOT NULL,
  range_to timestamptz NOT NULL,
  imported integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  pages integer NOT NULL DEFAULT 0,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  claim text,
  lease_until timestamptz,
  started_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX engine_syncs_page ON engine_syncs(account_id, engine_id, started_at, id);
CREATE INDEX engine_syncs_due ON engine_syncs(lease_until) WHERE status = 'running';
