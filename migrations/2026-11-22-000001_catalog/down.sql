DROP TABLE coupons;
DROP TABLE shop_settings;
DROP TABLE product_media;
DROP TABLE products;
DROP TABLE categories;
