-- Browsers that signed in to a login with its password, by the digest of the token in their device cookie
-- (`shop_device`). A login is a realm and an e-mail (`admin:owner@shop.pk`, `customer:ayesha@example.pk`),
-- not an account id: the limits it spares a device from (failed logins per client address and per e-mail,
-- docs/security.md) are counted per e-mail, known account or not. One browser may be remembered for several
-- logins; each sign-in moves its rows to the cookie's new token.
CREATE TABLE known_devices (
    -- SHA-256 of the cookie's token, hex: a copy of this table cannot be replayed as cookies.
    digest TEXT NOT NULL,
    login TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (digest, login)
);
-- Every sign-in deletes the rows past their time.
CREATE INDEX known_devices_expires_at_idx ON known_devices (expires_at);
