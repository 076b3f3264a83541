DROP TABLE login_failures;
DROP TABLE admin_sessions;
DROP TABLE admins;
