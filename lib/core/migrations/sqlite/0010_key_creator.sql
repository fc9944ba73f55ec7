-- A key acts for the member who created it, with at most that member's role at the time of each
-- request (lib/people/db/accounts.ts): kind 'member'. Only keys minted by the operator (CLI
-- tokens) or by such a key are account-level keys with owner power: kind 'account'.
ALTER TABLE api_tokens ADD COLUMN kind TEXT NOT NULL DEFAULT 'account';

-- Keys made in the console before: those with a creator act for it. A named key without one was
-- made either by a member removed since (ON DELETE SET NULL) or through a CLI token; only the
-- audit row of its creation tells which, and without that row it is taken as a member's key.
UPDATE api_tokens SET kind = 'member'
WHERE created_by IS NOT NULL
   OR (name <> '' AND NOT EXISTS (
        SELECT 1 FROM audit_log l JOIN api_tokens c ON c.id = l.actor_id
        WHERE l.action = 'keys.create' AND l.actor_type = 'key' AND l.resource_id = api_tokens.id
          AND l.account_id = api_tokens.account_id AND c.name = ''));

-- A member's key whose member is gone can never act again: revoke it (its console sessions end).
UPDATE api_tokens SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE kind = 'member' AND created_by IS NULL AND revoked_at IS NULL;
