DROP TABLE customer_identities;
