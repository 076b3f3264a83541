DROP INDEX orders_tracking_number_key;
ALTER TABLE orders
    DROP CONSTRAINT orders_consignment_whole,
    DROP COLUMN tracking_number,
    DROP COLUMN courier;
