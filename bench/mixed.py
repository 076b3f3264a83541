"""A shop under mixed load, for `just bench`: shoppers browsing the catalogue (bench/catalogue-mix.lua, 64
connections, a category view on every 20th request) while 16 other shoppers place orders (bench/orders.lua on
distinct products), against one instance; each load also alone, in alternating runs. Prints the catalogue
reads' rate under the orders as % of their rate alone (target 90% or more), order placement's rate under the
reads as % of its rate alone (target 80% or more), and the catalogue cache's hit rate during the mixed runs,
read from the instance's /metrics (`cache_requests_total`, METRICS_TOKEN) before and after each.

Usage: mixed.py APP_URL DATABASE_URL PRODUCT_ID CATEGORY_ID SCRATCH_DIR. METRICS_TOKEN, ADMIN_EMAIL and
ADMIN_PASSWORD are the server's. The owner's limits on orders are raised to their bounds for the runs and put
back afterwards; the runs' orders are deleted, as bench/orders.py does with its own.
"""

import json
import os
import re
import statistics
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

SHOPPERS = 16
DISTINCT_PRODUCTS = 64
RUNS = 3
SECONDS = 5

app, database_url, product_id, category_id, scratch = sys.argv[1:6]
scratch = Path(scratch)


def call(method, path, body=None, cookie=None, token=None):
    request = urllib.request.Request(app + path, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if cookie:
        request.add_header("Cookie", cookie)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request) as answer:
            text = answer.read().decode()
            return answer.status, answer.headers, text
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def call_json(method, path, body=None, cookie=None):
    status, headers, text = call(method, path, body, cookie)
    return status, headers, json.loads(text) if text else None


def signed_in(path, account, cookie_name):
    status, headers, _ = call_json("POST", path, account)
    if status not in (200, 201):
        return None
    return re.search(cookie_name + r"=[^;]+", headers["Set-Cookie"]).group(0)


def shopper(n):
    account = {"email": f"bench-mixed-{n}@bench.shop", "password": "bench-password-1", "name": f"Browser {n}"}
    cookie = signed_in("/api/auth/signup", account, "shop_session") or signed_in("/api/auth/login", account, "shop_session")
    if cookie is None:
        sys.exit(f"shopper {n} could not sign in")
    return cookie, account


def order_limits(cookie, limits=None):
    status, _, settings = call_json("GET", "/api/cod/settings", cookie=cookie)
    if status != 200:
        sys.exit(f"the COD settings could not be read: {status}")
    if limits is not None:
        settings["limits"] = limits
        status, _, settings = call_json("PUT", "/api/cod/settings", settings, cookie=cookie)
        if status != 200:
            sys.exit(f"the limits on orders could not be saved: {status} {settings}")
    return settings["limits"]


def psql(sql):
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", database_url, "-c", sql], check=True, capture_output=True)


def ms(text):
    value, unit = re.match(r"([\d.]+)(ns|us|ms|s|m)$", text).groups()
    return float(value) * {"ns": 0.000001, "us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


def start_reads():
    return subprocess.Popen(
        ["wrk", "-t1", "-c64", f"-d{SECONDS}s", "--latency", "-s", "bench/catalogue-mix.lua", app, "--",
         product_id, category_id, "20"],
        stdout=subprocess.PIPE, text=True,
    )


def start_orders(plan):
    return subprocess.Popen(
        ["wrk", "-t2", f"-c{SHOPPERS}", f"-d{SECONDS}s", "--latency", "-s", "bench/orders.lua", app, "--", str(plan)],
        stdout=subprocess.PIPE, text=True,
    )


def figures(run, kind):
    """Requests per second (reads alone for the catalogue), p50 and p99 of a finished wrk."""
    out = run.communicate()[0]
    try:
        rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
        p50 = ms(re.search(r"^\s+50%\s+(\S+)\s*$", out, re.M).group(1))
        p99 = ms(re.search(r"^\s+99%\s+(\S+)\s*$", out, re.M).group(1))
        if kind == "reads":
            sent, views, failed = map(int, re.search(r"^mix: (\d+) sent, (\d+) views, (\d+) non-2xx$", out, re.M).groups())
            rps = rps * (sent - views) / sent
        else:
            sent, failed = map(int, re.search(r"^orders: (\d+) sent, (\d+) non-2xx$", out, re.M).groups())
    except AttributeError:
        sys.exit(f"unreadable wrk output ({kind}):\n{out}")
    if failed:
        sys.exit(f"{failed} of {sent} requests ({kind}) were refused:\n{out}")
    return rps, p50, p99


def cache_counts():
    status, _, text = call("GET", "/metrics", token=os.environ["METRICS_TOKEN"])
    if status != 200:
        sys.exit(f"/metrics answered {status}")
    counts = {}
    for result in ("hit", "miss"):
        line = re.search(r'^cache_requests_total\{[^}]*result="' + result + r'"[^}]*\} (\d+)', text, re.M)
        counts[result] = int(line.group(1)) if line else 0
    return counts


owner = signed_in("/api/admin/login", {"email": os.environ["ADMIN_EMAIL"], "password": os.environ["ADMIN_PASSWORD"]}, "shop_admin")
if owner is None:
    sys.exit("the owner could not sign in")
limits = order_limits(owner)
limits_before = [{"key": limit["key"], "value": limit["value"]} for limit in limits]
order_limits(owner, [{"key": limit["key"], "value": limit["max"]} for limit in limits])
shoppers = [shopper(n) for n in range(SHOPPERS)]
delivery_charge = call_json("GET", "/api/settings/delivery-charge")[2]["deliveryCharge"]
products = call_json("GET", f"/api/products?limit={DISTINCT_PRODUCTS}")[2]
psql(f"UPDATE products SET quantity = 100000000 WHERE id IN ({','.join(p['_id'] for p in products)})")
lines = []
for i, product in enumerate(products):
    cookie, account = shoppers[i % SHOPPERS]
    n = i % SHOPPERS
    delivery = 0 if product["freeDelivery"] else delivery_charge
    body = {
        "userDetails": {
            "province": "Punjab", "city": "Lahore", "name": f"Browser {n}", "phone1": f"0301 {2234500 + n}",
            "email": account["email"], "address": "House 9, Street 2, Model Town",
        },
        "cart": [{"productId": product["_id"], "quantity": 1, "price": product["finalPrice"]}],
        "subtotal": product["finalPrice"], "deliveryCharge": delivery, "coupon": None, "couponDiscount": 0,
        "total": product["finalPrice"] + delivery,
    }
    lines.append(f"{cookie}\t{json.dumps(body)}")
plan = scratch / "mixed-orders.plan"
plan.write_text("\n".join(lines) + "\n")

runs = {"reads alone": [], "orders alone": [], "reads mixed": [], "orders mixed": []}
counted = {"hit": 0, "miss": 0}
try:
    for _ in range(RUNS):
        runs["reads alone"].append(figures(start_reads(), "reads"))
        runs["orders alone"].append(figures(start_orders(plan), "orders"))
        before = cache_counts()
        reads, orders = start_reads(), start_orders(plan)
        runs["reads mixed"].append(figures(reads, "reads"))
        runs["orders mixed"].append(figures(orders, "orders"))
        after = cache_counts()
        for result in counted:
            counted[result] += after[result] - before[result]
finally:
    psql("DELETE FROM orders WHERE customer_id IN (SELECT id FROM customers WHERE email LIKE 'bench-mixed-%')")
    order_limits(owner, limits_before)

print(f"a shop under mixed load: 64 connections browsing (catalogue-mix, a view every 20th request) while {SHOPPERS}")
print(f"shoppers place orders on distinct products, 1 server worker; median of {RUNS} runs of {SECONDS} s each, alternating")
median = {kind: [statistics.median(r[i] for r in rs) for i in range(3)] for kind, rs in runs.items()}
for kind, unit in (("reads alone", "req/s   "), ("reads mixed", "req/s   "), ("orders alone", "orders/s"), ("orders mixed", "orders/s")):
    rate, p50, p99 = median[kind]
    label = ("catalogue reads, " if kind.startswith("reads") else "POST /api/orders, ") + kind.split()[1]
    print(f"{label:48} {rate:9.0f} {unit} p50 {p50:6.2f} ms  p99 {p99:6.2f} ms")
reads = 100 * median["reads mixed"][0] / median["reads alone"][0]
orders = 100 * median["orders mixed"][0] / median["orders alone"][0]
verdict = lambda share, bound: f"target {bound}%: {'met' if share >= bound else 'NOT met'}"
print(f"{'catalogue reads under orders':48} {reads:8.1f}% of their rate alone        {verdict(reads, 90)}")
print(f"{'order placement under reads':48} {orders:8.1f}% of its rate alone          {verdict(orders, 80)}")
total = counted["hit"] + counted["miss"]
rate = 100 * counted["hit"] / total if total else 0
print(f"{'catalogue cache during the mixed runs':48} {rate:8.1f}% hits ({counted['hit']} hits, {counted['miss']} misses)")
