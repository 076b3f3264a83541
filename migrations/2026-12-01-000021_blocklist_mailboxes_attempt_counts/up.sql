-- Issue 23 (docs/security.md 'Risk, blocklist and texts'): blocked e-mails matched by the mailbox they deliver
-- to, and the checkouts the blocklist refused counted per entry, account and hour instead of one row each.

-- What an entry is compared by: a phone's normal form as it is; for an e-mail, the mailbox that
-- domain::contact::canonical_mailbox gives, which the application computes for every entry it adds. Entries
-- stored before are filled here by the same rule written in SQL (a stored address is lower case, with one
-- '@'), tested against domain/tests/fixtures/mailbox-cases.json by adapters-postgres/tests/cod.rs. Not unique:
-- the owner may have blocked two spellings of one mailbox by hand, and both stay with their reasons; a new
-- entry for a mailbox already blocked is refused by the repository under a lock instead.
ALTER TABLE blocklist ADD COLUMN canonical TEXT;
UPDATE blocklist b
   SET canonical = CASE WHEN m.domain IN ('gmail.com', 'googlemail.com')
                        THEN COALESCE(NULLIF(replace(m.local, '.', ''), ''), m.local) || '@gmail.com'
                        ELSE m.local || '@' || m.domain END
  FROM (SELECT id,
               CASE WHEN position('+' IN local) > 1 THEN split_part(local, '+', 1) ELSE local END AS local,
               domain
          FROM (SELECT id,
                       substring(lower(value) FROM '^(.*)@') AS local,
                       substring(lower(value) FROM '@([^@]*)$') AS domain
                  FROM blocklist
                 WHERE kind = 'email') parts) m
 WHERE m.id = b.id;
UPDATE blocklist SET canonical = value WHERE kind = 'phone';
ALTER TABLE blocklist ALTER COLUMN canonical SET NOT NULL;
CREATE INDEX blocklist_kind_canonical_idx ON blocklist (kind, canonical);

-- One row per entry, account and clock hour (UTC; Pakistan's hours begin at the same instants), `count`
-- refusals in it, with the details of the latest (`at`). A refusal of the same hour adds one to its row in
-- one statement (ON CONFLICT on the key below). Rows written before have no account (NULL, which the key
-- never equates), so each stays a row of its own.
ALTER TABLE blocked_attempts
    ADD COLUMN customer_id BIGINT REFERENCES customers (id) ON DELETE SET NULL,
    ADD COLUMN hour TIMESTAMPTZ,
    ADD COLUMN count INTEGER NOT NULL DEFAULT 1 CHECK (count >= 1);
UPDATE blocked_attempts SET hour = date_trunc('hour', at, 'UTC');
ALTER TABLE blocked_attempts
    ALTER COLUMN hour SET NOT NULL,
    ADD CONSTRAINT blocked_attempts_entry_customer_hour_key UNIQUE (entry_id, customer_id, hour);
