-- AI providers: an account's OpenAI-compatible chat-completions APIs, used for its own
-- post-call analysis. The api_key is sealed like engines' keys (lib/core/secrets.ts), bound to the
-- provider's id and account by associated data, and to the origin of base_url by the PATCH rule
-- (lib/outbound/secret-binding.ts).
CREATE TABLE ai_providers (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  base_url TEXT NOT NULL,            -- e.g. 'https://api.openai.com/v1'
  model TEXT NOT NULL,
  key_ciphertext BLOB NOT NULL,
  key_iv BLOB NOT NULL,
  key_tag BLOB NOT NULL,
  key_key_id TEXT NOT NULL,
  api_key_hint TEXT NOT NULL,        -- e.g. '…9f3a'; '' when the key is too short to hint safely
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX ai_providers_page ON ai_providers(account_id, created_at, id);
