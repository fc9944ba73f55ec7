-- PostgreSQL twin of sqlite/0030_webhook_attempt_headers.sql: the request headers each delivery attempt sent.
ALTER TABLE webhook_attempts ADD COLUMN request_headers TEXT;
