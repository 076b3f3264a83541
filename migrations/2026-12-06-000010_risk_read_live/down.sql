-- Pending orders keep the reasons of their fixed rules; the reason on other pending orders comes back with the
-- next rescoring of their phone (a status change of one of its orders, or saved settings).
ALTER TABLE orders DROP COLUMN risk_score_pending;
CREATE INDEX orders_pending_counted_phone1_idx
    ON orders ((CASE WHEN status = 'pending' AND risk_reasons @> '[{"rule": "several_pending"}]'
                     THEN phone1_normalized END))
    WHERE (CASE WHEN status = 'pending' AND risk_reasons @> '[{"rule": "several_pending"}]'
                THEN phone1_normalized END) IS NOT NULL;
CREATE INDEX orders_pending_uncounted_phone1_idx
    ON orders ((CASE WHEN status = 'pending' AND NOT risk_reasons @> '[{"rule": "several_pending"}]'
                     THEN phone1_normalized END))
    WHERE (CASE WHEN status = 'pending' AND NOT risk_reasons @> '[{"rule": "several_pending"}]'
                THEN phone1_normalized END) IS NOT NULL;
