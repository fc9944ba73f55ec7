-- PostgreSQL twin of sqlite/0032_default_ai_provider.sql: at most one default AI provider per account.
ALTER TABLE ai_providers ADD COLUMN is_default INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX ai_providers_one_default ON ai_providers(account_id) WHERE is_default = 1;
