-- Tracking numbers saved before the server dropped spaces and dashes on entry (issue 28) are stored as it now
-- reads them (`LE-7788-990011` becomes `LE7788990011`), so a courier's file or a typed number finds them and one
-- number cannot be saved again in another spelling. A number left under 4 characters, or whose undashed form
-- another order already has (the first such order by id keeps it), stays as it was for the owner to correct.
WITH undashed AS (
    SELECT id,
           replace(tracking_number, '-', '') AS number,
           row_number() OVER (PARTITION BY upper(replace(tracking_number, '-', '')) ORDER BY id) AS nth
    FROM orders
    WHERE tracking_number LIKE '%-%'
)
UPDATE orders
SET tracking_number = undashed.number
FROM undashed
WHERE orders.id = undashed.id
  AND undashed.nth = 1
  AND length(undashed.number) >= 4
  AND NOT EXISTS (SELECT 1 FROM orders other WHERE upper(other.tracking_number) = upper(undashed.number));
