-- Pulls of an engine's past calls (POST /api/engines/{id}/sync), run in the background by whichever
-- instance claims them, so a pull outlives the request that asked for it and a restart.
-- status: running | done | failed. range_from/range_to: the created_at range pulled. The counts and
-- the pages fetched are written after each page (a running pull shows its progress); error: why a
-- failed pull stopped, in words. claim/lease_until: a running row's holder and when its hold lapses
-- (its process died: another instance takes it over and pulls the range again); attempts: claims so far.
CREATE TABLE engine_syncs (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  engine_id TEXT NOT NULL REFERENCES engines(id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  range_from TEXT NOT NULL,
  range_to TEXT NOT NULL,
  imported INTEGER NOT NULL DEFAULT 0,
  updated INTEGER NOT NULL DEFAULT 0,
  unchanged INTEGER NOT NULL DEFAULT 0,
  pages INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  claim TEXT,
  lease_until TEXT,
  started_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX engine_syncs_page ON engine_syncs(account_id, engine_id, started_at, id);
CREATE INDEX engine_syncs_due ON engine_syncs(lease_until) WHERE status = 'running';
