-- What a cash-on-delivery shopper needs to know (docs/decisions/0033): how long delivery takes, and the
-- shop's WhatsApp number. The checks repeat the domain's rules (domain/src/shop_info.rs), so a row written
-- past them cannot be read back as a setting the pages would show: one line of 1 to 40 characters, and
-- '92' with a mobile's ten national digits, or none.
ALTER TABLE shop_settings
    ADD COLUMN delivery_time TEXT NOT NULL DEFAULT '3–4 working days'
        CONSTRAINT shop_settings_delivery_time_length
        CHECK (char_length(delivery_time) BETWEEN 1 AND 40 AND delivery_time !~ '[[:cntrl:]]'),
    ADD COLUMN whatsapp_number TEXT
        CONSTRAINT shop_settings_whatsapp_number_shape CHECK (whatsapp_number ~ '^923[0-9]{9}$');
