-- wrk script for `just bench`: searches as shoppers type them, each request a different query in turn (words,
-- typos, two-word searches, a synonym), so no answer is the same twice in a row. Against an instance without
-- the catalogue cache (CATALOG_CACHE_MS=0) this is what a crawler or many shoppers typing different words cost.
-- Prints one line the recipe reads, in catalogue-mix.lua's shape: "mix: SENT sent, 0 views, NON2XX non-2xx".

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function init(args)
  sent = 0
  local words = {
    "chargr", "black case", "earbuds", "power bank", "tempered glass", "braided cable", "fast charger white",
    "wireless earbudz", "glass protector", "red cable", "purple power", "case model 12", "cabel", "airpods",
  }
  searches = {}
  for _, q in ipairs(words) do
    table.insert(searches, wrk.format("GET", "/api/products/search?q=" .. q:gsub(" ", "+")))
  end
  sent = id
end

function request()
  sent = sent + 1
  return searches[sent % #searches + 1]
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("sent") - thread:get("id")
  end
  io.write(string.format("mix: %d sent, 0 views, %d non-2xx\n", total, summary.errors.status))
end
