-- wrk script for `just bench`: the storefront's catalogue reads in turn (featured list, a product, the
-- category list, a category page, a search); with EVERY above 0, every EVERY-th request counts a view of
-- the category instead (PUT /api/categories/increment-view/CATEGORY), as shoppers opening it do: each
-- view from a shopper of its own, named in X-Forwarded-For (the recipe trusts wrk as the shop's proxy), as
-- a client's further views of a category within the hour count nothing.
-- Arguments after `--`: PRODUCT_ID CATEGORY_ID EVERY. Prints one line the recipe reads:
-- "mix: SENT sent, VIEWS views, NON2XX non-2xx".

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
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
  view = "/api/categories/increment-view/" .. category
  math.randomseed(os.time() * 1000 + id)
end

function request()
  sent = sent + 1
  if every > 0 and sent % every == 0 then
    views = views + 1
    local shopper = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))
    return wrk.format("PUT", view, { ["X-Forwarded-For"] = shopper })
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
