-- The courier hand-off (docs/cod.md 'Courier hand-off'): the courier and consignment number an approved order
-- is booked under, shown to the shopper from then on.

ALTER TABLE orders
    ADD COLUMN courier TEXT CHECK (length(courier) BETWEEN 1 AND 40),
    ADD COLUMN tracking_number TEXT CHECK (tracking_number ~ '^[A-Za-z0-9-]{4,40}$'),
    -- A consignment is a courier and its number: both or neither.
    ADD CONSTRAINT orders_consignment_whole CHECK ((courier IS NULL) = (tracking_number IS NULL));

-- A consignment number names one parcel: no two orders share one, whatever its case. This index, not a
-- look-up before the write, decides between two admins saving the same number at once; the application
-- answers its violation with the other order's id.
CREATE UNIQUE INDEX orders_tracking_number_key ON orders (upper(tracking_number));
