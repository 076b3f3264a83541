-- The language an order was placed in (issue 30, docs/decisions/0048-urdu.md): its e-mails and WhatsApp
-- messages speak it. Orders placed before were English. Set by the placement's own INSERT.
ALTER TABLE orders
    ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ur'));
-- The language code of the WhatsApp templates Urdu orders are sent (the same template names, approved by Meta
-- in this language too); `whatsapp_template_language` stays the English orders'.
ALTER TABLE shop_settings
    ADD COLUMN whatsapp_template_language_ur TEXT NOT NULL DEFAULT 'ur'
        CHECK (whatsapp_template_language_ur ~ '^[a-z]{2,3}(_[A-Z]{2})?$');
