ALTER TABLE shop_settings DROP COLUMN whatsapp_number, DROP COLUMN delivery_time;
