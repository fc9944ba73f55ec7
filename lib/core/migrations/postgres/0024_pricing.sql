-- PostgreSQL twin of sqlite/0024_pricing.sql (an account's price table for estimated costs).
CREATE TABLE account_pricing (
  account_id text COLLATE "C" PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  stt_per_minute double precision NOT NULL,
  tts_per_1k_characters double precision NOT NULL,
  llm_per_1m_input_tokens double precision NOT NULL,
  llm_per_1m_output_tokens double precision NOT NULL,
  updated_at timestamptz NOT NULL
);
