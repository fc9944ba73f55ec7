-- An account's price table: USD rates that turn a call's reported usage (speech-to-text seconds,
-- text-to-speech characters, LLM tokens) into estimated cost components, for engines that report
-- usage but no money (self-hosted Bolna). One row per account, written on its first change; an
-- account without one prices with the defaults in lib/pricing/schema.ts.
CREATE TABLE account_pricing (
  account_id TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  stt_per_minute REAL NOT NULL,
  tts_per_1k_characters REAL NOT NULL,
  llm_per_1m_input_tokens REAL NOT NULL,
  llm_per_1m_output_tokens REAL NOT NULL,
  updated_at TEXT NOT NULL
);
