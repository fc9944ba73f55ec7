-- The request headers each delivery attempt sent (JSON object: content-type, user-agent and the three
-- Standard Webhooks headers), shown beside its body in the delivery log. The signature is an HMAC of
-- the message, not the secret. Attempts from before this column have none (null).
ALTER TABLE webhook_attempts ADD COLUMN request_headers TEXT;
