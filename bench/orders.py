"""Order placement for `just bench`: orders per second and latency at 16 shoppers at once, on distinct products
and on one hot product, beside a floor measured in the same run on the same PostgreSQL (pgbench's built-in
TPC-B-like script at the same concurrency).

Usage: orders.py APP_URL[,APP_URL...] DATABASE_URL SCRATCH_DIR. APP_URL is a running app-server on DATABASE_URL's
database; with several (instances on the same database) the shoppers are split evenly between them, one wrk each
at once, and the orders per second are the sum. The floor uses a database of its own on the same server.
ADMIN_EMAIL and ADMIN_PASSWORD (the server's) sign the owner in: each shopper places thousands of orders, so the
owner's limits on orders (docs/security.md 'Orders') are raised to their bounds for the runs, as the owner would,
and put back afterwards.
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

apps, database_url, scratch = sys.argv[1].split(","), sys.argv[2], Path(sys.argv[3])
app = apps[0]
server_url = database_url.rsplit("/", 1)[0]


def call(method, path, body=None, cookie=None):
    request = urllib.request.Request(app + path, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if cookie:
        request.add_header("Cookie", cookie)
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, answer.headers, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, error.headers, json.load(error)


def shopper(n):
    """A signed-in shopper's session cookie: signed up on the first run, logged in on later ones."""
    account = {"email": f"bench-shopper-{n}@bench.shop", "password": "bench-password-1", "name": f"Shopper {n}"}
    status, headers, _ = call("POST", "/api/auth/signup", account)
    if status == 409:
        status, headers, _ = call("POST", "/api/auth/login", account)
    if status not in (200, 201):
        sys.exit(f"shopper {n} could not sign in: {status}")
    cookie = re.search(r"shop_session=[^;]+", headers["Set-Cookie"]).group(0)
    return cookie, account


def order_limits(cookie, limits=None):
    """The owner's limits on orders as [{key, value}]; with `limits`, saves those first (the rest of the COD
    settings kept as they are)."""
    status, _, settings = call("GET", "/api/cod/settings", cookie=cookie)
    if status != 200:
        sys.exit(f"the COD settings could not be read: {status}")
    if limits is not None:
        settings["limits"] = limits
        status, _, settings = call("PUT", "/api/cod/settings", settings, cookie=cookie)
        if status != 200:
            sys.exit(f"the limits on orders could not be saved: {status} {settings}")
    return [{"key": limit["key"], "value": limit["value"]} for limit in settings["limits"]]


def admin_cookie():
    owner = {"email": os.environ["ADMIN_EMAIL"], "password": os.environ["ADMIN_PASSWORD"]}
    status, headers, _ = call("POST", "/api/admin/login", owner)
    if status != 200:
        sys.exit(f"the owner could not sign in: {status}")
    return re.search(r"shop_admin=[^;]+", headers["Set-Cookie"]).group(0)


def psql(url, sql):
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql], check=True, capture_output=True)


def order(product, delivery_charge, email, n):
    subtotal = product["finalPrice"]
    delivery = 0 if product["freeDelivery"] else delivery_charge
    return {
        "userDetails": {
            "province": "Punjab", "city": "Lahore", "name": f"Shopper {n}", "phone1": f"0300 {1234500 + n}",
            "email": email, "address": "House 12, Street 4, Gulberg III",
        },
        "cart": [{"productId": product["_id"], "quantity": 1, "price": product["finalPrice"]}],
        "subtotal": subtotal, "deliveryCharge": delivery, "coupon": None, "couponDiscount": 0,
        "total": subtotal + delivery,
    }


def plan(name, products, shoppers, delivery_charge):
    path = scratch / f"orders-{name}.plan"
    lines = []
    for i in range(max(len(products), SHOPPERS)):
        cookie, account = shoppers[i % SHOPPERS]
        body = order(products[i % len(products)], delivery_charge, account["email"], i % SHOPPERS)
        lines.append(f"{cookie}\t{json.dumps(body)}")
    path.write_text("\n".join(lines) + "\n")
    return path


def ms(text):
    value, unit = re.match(r"([\d.]+)(ns|us|ms|s|m)$", text).groups()
    return float(value) * {"ns": 0.000001, "us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


def wrk(plan_path, tries=2):
    """Orders per second (summed over the instances), and the p50 and p99 of the slowest instance."""
    runs = [
        subprocess.Popen(
            ["wrk", "-t2", f"-c{SHOPPERS // len(apps)}", f"-d{SECONDS}s", "--latency", "-s", "bench/orders.lua", url,
             "--", str(plan_path), str(part), str(len(apps))],
            stdout=subprocess.PIPE, text=True,
        )
        for part, url in enumerate(apps)
    ]
    outs = [run.communicate()[0] for run in runs]
    if any(run.returncode for run in runs):
        sys.exit("wrk failed:\n" + "\n".join(outs))
    figures = []
    try:
        for out in outs:
            sent, failed = map(int, re.search(r"^orders: (\d+) sent, (\d+) non-2xx$", out, re.M).groups())
            rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
            p50 = ms(re.search(r"^\s+50%\s+(\S+)\s*$", out, re.M).group(1))
            p99 = ms(re.search(r"^\s+99%\s+(\S+)\s*$", out, re.M).group(1))
            figures.append((sent, failed, rps, p50, p99))
    except AttributeError:
        # wrk pads a latency of a second or more ("1.64s "), hence the `\s*`; a report still unreadable is shown
        # and run again once, as the catalogue's runs do.
        print(f"unreadable wrk output for {plan_path.name}:\n" + "\n".join(outs), file=sys.stderr)
        if tries > 1:
            return wrk(plan_path, tries - 1)
        raise
    sent, failed = sum(f[0] for f in figures), sum(f[1] for f in figures)
    if failed:
        sys.exit(f"{failed} of {sent} orders were refused:\n" + "\n".join(outs))
    return sum(f[2] for f in figures), max(f[3] for f in figures), max(f[4] for f in figures)


def pgbench(url):
    logs = scratch / "pgbench"
    logs.mkdir(exist_ok=True)
    for old in logs.iterdir():
        old.unlink()
    out = subprocess.run(
        ["pgbench", "-n", "-b", "tpcb-like", f"-c{SHOPPERS}", "-j2", f"-T{SECONDS}", "--log", f"--log-prefix={logs}/tx", url],
        capture_output=True, text=True, check=True,
    ).stdout
    tps = float(re.search(r"^tps = ([\d.]+)", out, re.M).group(1))
    # Each line of the per-transaction log: client, transaction number, time in microseconds, ...
    times = sorted(int(line.split()[2]) / 1000 for log in logs.iterdir() for line in log.read_text().splitlines())
    return tps, times[len(times) // 2], times[int(len(times) * 0.99)]


owner = admin_cookie()
limits_before = order_limits(owner)
status, _, settings = call("GET", "/api/cod/settings", cookie=owner)
order_limits(owner, [{"key": limit["key"], "value": limit["max"]} for limit in settings["limits"]])
shoppers = [shopper(n) for n in range(SHOPPERS)]
delivery_charge = call("GET", "/api/settings/delivery-charge")[2]["deliveryCharge"]
products = call("GET", f"/api/products?limit={DISTINCT_PRODUCTS}")[2]
ids = ",".join(p["_id"] for p in products)
# Enough stock that no run sells out; the bench's orders are removed afterwards.
psql(database_url, f"UPDATE products SET quantity = 100000000 WHERE id IN ({ids})")
plans = {
    "distinct products": plan("distinct", products, shoppers, delivery_charge),
    "one hot product": plan("hot", products[:1], shoppers, delivery_charge),
}

floor_db = server_url + "/shop_bench_pgbench"
subprocess.run(["psql", "-q", server_url + "/postgres", "-c", "DROP DATABASE IF EXISTS shop_bench_pgbench"], check=True, capture_output=True)
subprocess.run(["psql", "-q", server_url + "/postgres", "-c", "CREATE DATABASE shop_bench_pgbench"], check=True, capture_output=True)
subprocess.run(["pgbench", "-i", "-q", "-s", str(SHOPPERS), floor_db], check=True, capture_output=True)

runs = {"floor": [], **{name: [] for name in plans}}
for _ in range(RUNS):
    runs["floor"].append(pgbench(floor_db))
    for name, path in plans.items():
        runs[name].append(wrk(path))

servers = "1 server worker" if len(apps) == 1 else f"{len(apps)} instances on one database, 1 worker each"
print(f"order placement: {SHOPPERS} shoppers at once, {servers}, median of {RUNS} runs of {SECONDS} s each")
floor_tps = statistics.median(r[0] for r in runs["floor"])
for name, results in runs.items():
    rate, p50, p99 = (statistics.median(r[i] for r in results) for i in range(3))
    label = "floor: pgbench TPC-B-like, same PostgreSQL" if name == "floor" else f"POST /api/orders, {name}"
    unit = "tx/s    " if name == "floor" else "orders/s"
    print(f"{label:48} {rate:9.0f} {unit} p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  {100 * rate / floor_tps:5.1f}% of floor")

# The bench's orders go again, so the benchmark database stays the same size from run to run, and the limits are
# the owner's again.
psql(database_url, "DELETE FROM orders WHERE customer_id IN (SELECT id FROM customers WHERE email LIKE 'bench-shopper-%')")
order_limits(owner, limits_before)
