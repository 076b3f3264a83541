UPDATE customers SET name = 'Customer' WHERE name = '';
ALTER TABLE customers ALTER COLUMN name SET DEFAULT 'Customer';
