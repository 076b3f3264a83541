#!/usr/bin/env bash
# Order placement for `just bench`: orders per second and p99 with 16 signed-in shoppers at once, on 16
# distinct products and on one hot product, beside a floor measured in the same run on the same PostgreSQL:
# pgbench's built-in TPC-B-like script at the same concurrency. Each figure is the median of 3 runs of 5 s.
# Usage: bench/orders.sh APP_SERVER_BINARY POSTGRES_BASE_URL
set -euo pipefail
bin=$1
pg_base=${2%/}
root=$(cd "$(dirname "$0")/.." && pwd)
database=shop_bench_orders
floor_database=shop_bench_pgbench
port=18582
base="http://127.0.0.1:$port"
shoppers=16
scratch=$(mktemp -d)
app=""
cleanup() {
    if [ -n "$app" ]; then
        kill "$app" 2> /dev/null && wait "$app" 2> /dev/null || true
    fi
    psql -q "$pg_base/postgres" -c "DROP DATABASE IF EXISTS $floor_database WITH (FORCE)" \
        -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" > /dev/null 2>&1 || true
    rm -rf "$scratch"
}
trap cleanup EXIT

psql -q "$pg_base/postgres" -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" > /dev/null
mkdir -p "$scratch/spa"
echo '<!doctype html><title>Shop</title>' > "$scratch/spa/index.html"
export DATABASE_URL="$pg_base/$database" BIND_ADDR="127.0.0.1:$port" PUBLIC_URL="$base" RUST_LOG=warn WORKERS=1
export MEDIA_DIR="$scratch/media" MAIL_OUTBOX_DIR="$scratch/outbox" FRONTEND_DIST="$scratch/spa"
# The shop owner's mail is queued in every order's transaction, as in the shop.
export ORDER_NOTIFY_EMAIL=owner@bench.test SIGNUP_MAX_PER_ADDRESS=1000
"$bin" migrate > /dev/null 2>&1
# 16 products and one hot one, Rs 1000 each, shipping free, with stock that outlasts the runs.
psql -q "$DATABASE_URL" > /dev/null <<'SQL'
INSERT INTO categories (name) VALUES ('Bench');
INSERT INTO products (name, category_id, price_paisa, description, quantity, free_delivery)
SELECT 'Bench product ' || n, (SELECT id FROM categories LIMIT 1), 100000, 'For the order benchmark', 1000000000, TRUE
FROM generate_series(1, 17) AS n;
SQL
products=$(psql -At "$DATABASE_URL" -c "SELECT string_agg(id::text, ',' ORDER BY id) FROM (SELECT id FROM products ORDER BY id LIMIT 16) p")
hot=$(psql -At "$DATABASE_URL" -c "SELECT max(id) FROM products")
"$bin" serve & app=$!
until curl -sf "$base/healthz" > /dev/null; do sleep 0.2; done
cookies=""
for n in $(seq 1 "$shoppers"); do
    cookie=$(curl -sf -o /dev/null -D - -H 'Content-Type: application/json' \
        -d "{\"email\": \"shopper$n@bench.test\", \"password\": \"bench-password-$n\"}" "$base/api/auth/signup" \
        | tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \(shop_session=[^;]*\).*/\1/p')
    cookies="${cookies:+$cookies,}$cookie"
done

psql -q "$pg_base/postgres" -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $floor_database WITH (FORCE)" \
    -c "CREATE DATABASE $floor_database" > /dev/null
pgbench -q -i -s 1 "$pg_base/$floor_database" > /dev/null 2>&1

python3 - "$root/bench/orders.lua" "$base" "$products" "$hot" "$cookies" "$pg_base/$floor_database" "$shoppers" <<'PY'
import re, statistics, subprocess, sys
script, base, products, hot, cookies, floor_url, clients = sys.argv[1:]
def ms(text):
    value, unit = re.match(r"([\d.]+)(ns|us|ms|s|m)$", text).groups()
    return float(value) * {"ns": 0.000001, "us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]
def orders(ids):
    out = subprocess.run(["wrk", "-t1", f"-c{clients}", "-d5s", "--latency", "-s", script, base, "--", ids, cookies],
                         capture_output=True, text=True, check=True).stdout
    line = re.search(r"^orders: (\d+) sent, (\d+) non-2xx$", out, re.M)
    if line is None or int(line.group(2)) > 0:
        sys.exit(f"orders were refused:\n{out}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)), ms(re.search(r"^\s+99%\s+(\S+)$", out, re.M).group(1))
def floor():
    out = subprocess.run(["pgbench", "-n", f"-c{clients}", "-j2", "-T5", "-P1", floor_url], capture_output=True, text=True, check=True)
    text = out.stdout + out.stderr
    tps = float(re.search(r"tps = ([\d.]+)", text).group(1))
    latency = float(re.search(r"latency average = ([\d.]+) ms", text).group(1))
    return tps, latency
print(f"order placement: {clients} signed-in shoppers at once, 1 server worker; median of 3 runs of 5 s each")
floor_runs = [floor() for _ in range(3)]
floor_tps = statistics.median(r[0] for r in floor_runs)
print(f"{'floor: pgbench TPC-B-like, same concurrency':48} {floor_tps:9.0f} tx/s   avg {statistics.median(r[1] for r in floor_runs):6.2f} ms")
for name, ids in (("POST /api/orders, distinct products", products), ("POST /api/orders, one hot product", hot)):
    runs = [orders(ids) for _ in range(3)]
    rps, p99 = (statistics.median(r[i] for r in runs) for i in range(2))
    print(f"{name:48} {rps:9.0f} orders/s  p99 {p99:6.2f} ms  {100 * rps / floor_tps:5.1f}% of floor")
PY
