-- wrk script for `just bench` (bench/orders.sh): signed-in shoppers placing orders of one unit at Rs 1000 with
-- free delivery (POST /api/orders). Each request takes the next shopper and the next product in turn, so with
-- as many products as connections the orders in flight are mostly on distinct products, and with one product
-- they all take stock from the same row.
-- Arguments after `--`: PRODUCT_IDS COOKIES, each comma-separated. Prints one line the script reads:
-- "orders: SENT sent, NON2XX non-2xx".

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  products, cookies = {}, {}
  for id in string.gmatch(args[1], "[^,]+") do table.insert(products, id) end
  for cookie in string.gmatch(args[2], "[^,]+") do table.insert(cookies, cookie) end
  sent = 0
end

function request()
  sent = sent + 1
  local product = products[(sent - 1) % #products + 1]
  local cookie = cookies[(sent - 1) % #cookies + 1]
  local body = string.format(
    '{"userDetails":{"name":"Bench Shopper","phone1":"0300 1234567","email":"bench@example.pk",' ..
    '"address":"House 1, Gulberg","province":"Punjab","city":"Lahore"},' ..
    '"cart":[{"productId":"%s","quantity":1,"price":1000}],' ..
    '"subtotal":1000,"deliveryCharge":0,"coupon":null,"couponDiscount":0,"total":1000}', product)
  return wrk.format("POST", "/api/orders", {["Content-Type"] = "application/json", ["Cookie"] = cookie}, body)
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("sent")
  end
  io.write(string.format("orders: %d sent, %d non-2xx\n", total, summary.errors.status))
end
