-- The account's default AI provider: the one analysis, the test chat and judges use when none is
-- named. At most one per account (the partial unique index); none set means the oldest is used.
ALTER TABLE ai_providers ADD COLUMN is_default INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX ai_providers_one_default ON ai_providers(account_id) WHERE is_default = 1;
