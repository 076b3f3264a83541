DROP TABLE password_resets;
DROP TABLE customer_sessions;
DROP TABLE customers;
