DROP TABLE email_outbox;
