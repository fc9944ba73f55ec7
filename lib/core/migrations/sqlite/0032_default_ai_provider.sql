-- The account's default AI provider: the one analysis, the test chat and judges use when none is
-- named. At most one per account (the partial unique index); the first provider connected becomes it.
ALTER TABLE ai_providers ADD COLUMN is_default INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX ai_providers_one_default ON ai_providers(account_id) WHERE is_default = 1;
-- An account that already has providers keeps using the one it used so far: its oldest.
UPDATE ai_providers SET is_default = 1 WHERE NOT EXISTS (
  SELECT 1 FROM ai_providers q WHERE q.account_id = ai_providers.account_id
    AND (q.created_at < ai_providers.created_at OR (q.created_at = ai_providers.created_at AND q.id < ai_providers.id))
);
