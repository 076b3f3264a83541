ALTER TABLE shop_settings DROP COLUMN whatsapp_template_language_ur;
ALTER TABLE orders DROP COLUMN language;
