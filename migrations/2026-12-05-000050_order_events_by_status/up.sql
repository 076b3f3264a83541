-- The owner's dashboard counts the orders delivered or returned in a day and a week by when their status
-- changed (docs/cod.md 'Dashboard').
CREATE INDEX order_events_status_at_idx ON order_events (status, at) WHERE status IN ('delivered', 'returned');
