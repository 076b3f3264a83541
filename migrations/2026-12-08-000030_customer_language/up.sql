-- The language a customer chose (issue 30): set when they sign up from an Urdu or an English page and when
-- they switch languages signed in; a login sets the browser's `lang` cookie from it. NULL: never chosen.
ALTER TABLE customers ADD COLUMN language text CHECK (language IN ('en', 'ur'));
