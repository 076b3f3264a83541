-- The facts of orders' risk (docs/cod.md 'Risk score', docs/production.md 'Order placement first') read from
-- indexes, so that placing an order costs the same however many orders its phone or e-mail already has.

-- A contact's returns and rejections are counted from its returned and rejected orders alone (by either
-- phone and by e-mail), never by reading its pending or delivered ones.
CREATE INDEX orders_returned_rejected_phone1_idx ON orders (phone1_normalized)
    WHERE status IN ('returned', 'rejected');
CREATE INDEX orders_returned_rejected_phone2_idx ON orders (phone2_normalized)
    WHERE status IN ('returned', 'rejected');
CREATE INDEX orders_returned_rejected_email_idx ON orders (lower(email))
    WHERE status IN ('returned', 'rejected');

-- A phone's pending orders, counted from this index alone.
CREATE INDEX orders_pending_phone1_idx ON orders (phone1_normalized) WHERE status = 'pending';
-- The same, split by whether their stored score counts the rule on other pending orders: a new order moves the
-- score of only those stored the other way (a few, while thousands may be stored the right way), found here
-- without reading the rest. Each key is the phone of such an order and NULL otherwise (left out), so a query
-- on the key alone can only be answered here: with `status = 'pending'` and the phone as separate conditions
-- the planner, misjudging how many pending orders of a phone are stored each way, read every pending order
-- through `orders_pending_idx` instead. The expressions must stay written as `PENDING_COUNTED` and
-- `PENDING_UNCOUNTED` in adapters-postgres/src/cod.rs write them, or they no longer match these indexes.
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
