-- Counters of attempts, one row per key: logins per pair of e-mail and client address, sign-ups and coupon
-- guesses per address, reset mails per address and per e-mail. An attempt is counted under the row's lock
-- before its work is done, so parallel attempts see each other. They replace login_failures, whose
-- count-then-insert let 46 of 60 parallel guesses through a limit of 5.
CREATE TABLE throttles (
    key TEXT PRIMARY KEY,
    count INTEGER NOT NULL CHECK (count >= 0),
    -- When the window began, or (for growing delays) when the last attempt was counted.
    since TIMESTAMPTZ NOT NULL,
    blocked_until TIMESTAMPTZ,
    -- When the row stops mattering; rows past it are deleted as further attempts come.
    forget_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX throttles_forget_at_idx ON throttles (forget_at);

DROP TABLE login_failures;
