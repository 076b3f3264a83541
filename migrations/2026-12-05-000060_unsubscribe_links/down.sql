ALTER TABLE email_outbox DROP COLUMN unsubscribe_url;
DROP TABLE unsubscribe_links;
ALTER TABLE customers DROP COLUMN unsubscribed_at;
