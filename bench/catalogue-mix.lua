-- wrk script for `just bench`: the storefront's catalogue reads in turn (featured list, a product, the
-- category list, a category page, a search); with EVERY above 0, every EVERY-th request counts a view of
-- the category instead (PUT /api/categories/increment-view/CATEGORY), as shoppers opening it do.
-- Arguments after `--`: PRODUCT_ID CATEGORY_ID EVERY. Prints one line the recipe reads:
-- "mix: SENT sent, VIEWS views, NON2XX non-2xx".

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  local product, category = args[1], args[2]
  every = tonumber(args[3])
  sent, views, read = 0, 0, 0
  reads = {
    wrk.format("GET", "/api/products/featured"),
    wrk.format("GET", "/api/products/" .. product),
    wrk.format("GET", "/api/categories"),
    wrk.format("GET", "/api/categories/with-products/" .. category),
    wrk.format("GET", "/api/products/search?q=chargr"),
  }
  view = wrk.format("PUT", "/api/categories/increment-view/" .. category)
end

function request()
  sent = sent + 1
  if every > 0 and sent % every == 0 then
    views = views + 1
    return view
  end
  read = read + 1
  return reads[read % #reads + 1]
end

function done(summary, latency, requests)
  local total, counted = 0, 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("sent")
    counted = counted + thread:get("views")
  end
  io.write(string.format("mix: %d sent, %d views, %d non-2xx\n", total, counted, summary.errors.status))
end
