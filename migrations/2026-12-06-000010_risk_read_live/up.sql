-- Risk scores read live (docs/cod.md 'Risk score', docs/decisions/0042-orders-in-one-transaction.md): a pending
-- order stores the score of the rules whose facts are fixed at placement or move only with a status change,
-- and the rule on other pending orders of its phone is applied when the score is read, from the live count
-- (`orders_pending_phone1_idx`). So a placement changes no other order's score, and the two indexes that found
-- the orders a placement moved go.
DROP INDEX orders_pending_counted_phone1_idx;
DROP INDEX orders_pending_uncounted_phone1_idx;

-- While pending, the score once that rule fires (`risk_score` is the score while it does not; the same when
-- the rule is off), which the admin's list sorts and filters by; once the order left pending, its kept score.
ALTER TABLE orders
    ADD COLUMN risk_score_pending SMALLINT NOT NULL DEFAULT 0 CHECK (risk_score_pending BETWEEN 0 AND 100);
UPDATE orders SET risk_score_pending = risk_score;

-- Pending orders stored before: the reason on other pending orders leaves their stored reasons, and their score
-- once it fires is figured with the settings' points (its defaults when the owner never saved the rule).
WITH rule AS (
    SELECT COALESCE(r.enabled, TRUE) AS enabled,
           COALESCE(r.points, 20) AS points
      FROM (SELECT 1) one
      LEFT JOIN risk_rules r ON r.id = 'several_pending'
), kept AS (
    SELECT o.id,
           COALESCE(jsonb_agg(e.reason ORDER BY e.n) FILTER (WHERE e.reason ->> 'rule' <> 'several_pending'), '[]')
               AS reasons,
           COALESCE(SUM((e.reason ->> 'points')::INTEGER) FILTER (WHERE e.reason ->> 'rule' <> 'several_pending'), 0)
               AS points,
           COALESCE(bool_and(e.reason ->> 'rule' = 'new_account')
               FILTER (WHERE e.reason ->> 'rule' <> 'several_pending'), TRUE) AS young_only
      FROM orders o
      LEFT JOIN LATERAL jsonb_array_elements(o.risk_reasons) WITH ORDINALITY AS e (reason, n) ON TRUE
     WHERE o.status = 'pending'
     GROUP BY o.id
)
UPDATE orders o
   SET risk_reasons = k.reasons,
       risk_score = CASE WHEN k.young_only THEN 0 ELSE LEAST(100, k.points) END,
       risk_score_pending = CASE WHEN rule.enabled THEN LEAST(100, k.points + rule.points)
                                 WHEN k.young_only THEN 0 ELSE LEAST(100, k.points) END
  FROM kept k, rule
 WHERE o.id = k.id;
