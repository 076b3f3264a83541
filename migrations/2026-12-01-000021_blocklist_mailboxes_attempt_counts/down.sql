ALTER TABLE blocked_attempts
    DROP CONSTRAINT blocked_attempts_entry_customer_hour_key,
    DROP COLUMN count,
    DROP COLUMN hour,
    DROP COLUMN customer_id;
DROP INDEX blocklist_kind_canonical_idx;
ALTER TABLE blocklist DROP COLUMN canonical;
