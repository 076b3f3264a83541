DROP TRIGGER orders_save_address ON orders;
DROP FUNCTION save_order_address();
DROP TABLE customer_addresses;
