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

-- A phone's pending orders, counted from this index alone, and split by whether their stored score counts the
-- rule on other pending orders: a new order moves the score of only those stored the other way, which are
-- found here without reading the rest. The expression must stay written as the queries of
-- adapters-postgres/src/cod.rs write it, or they no longer use this index.
CREATE INDEX orders_pending_phone1_idx ON orders (phone1_normalized, (risk_reasons @> '[{"rule": "several_pending"}]'))
    WHERE status = 'pending';
