-- wrk script for `just bench`: cash-on-delivery orders placed by many signed-in shoppers at once.
-- Arguments after `--`: a plan file written by bench/orders.py, one request per line as
-- "COOKIE<TAB>BODY", then optionally PART and PARTS (this wrk is part PART, from 0, of PARTS running at once
-- against as many instances); the requests are sent in turn, each with its shopper's session cookie.
-- Prints one line the recipe reads: "orders: SENT sent, NON2XX non-2xx".

local threads = {}

function setup(thread)
  thread:set("offset", #threads)
  table.insert(threads, thread)
end

function init(args)
  plan = {}
  for line in io.lines(args[1]) do
    local cookie, body = line:match("^([^\t]+)\t(.+)$")
    table.insert(plan, wrk.format("POST", "/api/orders",
      { ["Content-Type"] = "application/json", ["Cookie"] = cookie }, body))
  end
  -- Threads (of every wrk at once) start at different places in the plan, so on distinct products they do not
  -- collide.
  local part, parts = tonumber(args[2] or "0"), tonumber(args[3] or "1")
  sent = math.floor(#plan * (part * 2 + offset) / (parts * 2))
  start = sent
end

function request()
  sent = sent + 1
  return plan[sent % #plan + 1]
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("sent") - thread:get("start")
  end
  io.write(string.format("orders: %d sent, %d non-2xx\n", total, summary.errors.status))
end
