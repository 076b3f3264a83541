# The shop's commands. `just run` serves the demo shop at http://127.0.0.1:8080; `just test` runs every test.
# Both install what they need (npm packages, Chromium for the browser tests) and prepare PostgreSQL:
# DATABASE_URL when set, else the server on 127.0.0.1:5432 when it answers, else a project-local cluster
# under ./data/ made with the machine's PostgreSQL binaries.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Cargo's output lives outside the clone so repeated runs and fresh clones on one machine reuse it.
export CARGO_TARGET_DIR := env_var_or_default("CARGO_TARGET_DIR", home_directory() / ".cache/phone-shop/target")
export CARGO_TERM_COLOR := "never"

app_server := CARGO_TARGET_DIR / "debug/app-server"
# The tests' OpenID Connect issuer (adapters-identity's test_support) for the browser tests.
fake_oidc_issuer := CARGO_TARGET_DIR / "debug/fake-oidc-issuer"
# The tests' fake Graph API (adapters-whatsapp's test_support) for the browser tests.
fake_graph_api := CARGO_TARGET_DIR / "debug/fake-graph-api"

# List the recipes.
default:
    @just --list

# It logs text lines for a person at a terminal (LOG_FORMAT=text unless set; servers keep the JSON default).
# Serve the demo shop at http://127.0.0.1:8080 (seeded on first start).
run: _frontend-deps
    #!/usr/bin/env bash
    set -euo pipefail
    base=$(just _postgres)
    export DATABASE_URL="${DATABASE_URL:-$base/shop_dev}" LOG_FORMAT="${LOG_FORMAT:-text}"
    # The demo's admin; set both variables to choose your own.
    export ADMIN_EMAIL="${ADMIN_EMAIL:-admin@demo.shop}" ADMIN_PASSWORD="${ADMIN_PASSWORD:-demo-admin-2025}"
    just build-frontend
    cargo build -q -p app-server
    "{{app_server}}" seed-demo
    exec "{{app_server}}" serve

# After `checks`: Rust unit, PostgreSQL and HTTP API tests, then the system tier (the built server under
# abuse, races, two instances, S3 and the demo seed), schemathesis against the API, frontend unit tests,
# browser end-to-end tests.
# Run every test.
test: checks _frontend-deps _chromium _system-deps
    #!/usr/bin/env bash
    set -euo pipefail
    base=$(just _postgres)
    export TEST_DATABASE_URL="${TEST_DATABASE_URL:-$base/postgres}"
    echo "== Rust: domain, application, PostgreSQL and HTTP API tests"
    cargo test -q --workspace
    echo "== Rust system tier: the built server under abuse, races, two instances, S3 (moto) and the demo seed"
    cargo test -q -p app-server --test system
    echo "== Fuzzing: schemathesis against the served OpenAPI document (no session, customer, admin)"
    PG_BASE_URL="$base" scripts/schemathesis.sh
    echo "== Frontend: unit tests (vitest)"
    (cd frontend && npm run -s test)
    echo "== Browser: end-to-end tests in headless Chromium against the real server"
    just build-frontend
    cargo build -q -p app-server
    cargo build -q -p adapters-identity --features test-support --bin fake-oidc-issuer
    cargo build -q -p adapters-whatsapp --features test-support --bin fake-graph-api
    cd frontend && APP_SERVER_BIN="{{app_server}}" FAKE_OIDC_BIN="{{fake_oidc_issuer}}" \
        FAKE_GRAPH_BIN="{{fake_graph_api}}" PG_BASE_URL="$base" \
        node --test --test-concurrency=1 e2e/

# Fuzz the API against its served OpenAPI document with schemathesis (every check; unauthenticated, as a customer and as the
# admin) on a fresh, seeded database; see scripts/schemathesis.sh for its knobs.
fuzz:
    #!/usr/bin/env bash
    set -euo pipefail
    PG_BASE_URL="$(just _postgres)" scripts/schemathesis.sh

# Regenerate openapi.yaml from the handlers, the typed client from openapi.yaml, and the frontend's rules
# module (limits, thresholds and texts) from the domain.
openapi: _frontend-deps
    cargo run -q -p app-server -- openapi > openapi.yaml
    cargo run -q -p app-server -- rules frontend/src/api/rules
    cd frontend && npm run -s generate

# Format Rust and TypeScript.
fmt: _frontend-deps
    cargo fmt --all
    cd frontend && npx prettier --write --log-level warn "src/**/*.{ts,tsx,css}" "e2e/**/*.mjs" || true

# Check formatting, then `lint`: what `test` runs first, failing fast.
checks: _fmt-check lint

# eslint also checks that features never import each other and that no import circle exists; the system
# tier's binary (test = false) is named, since --all-targets leaves it out.
# Clippy with warnings denied, tsc and eslint.
lint: _frontend-deps
    cargo clippy -q --workspace --all-targets -- -D warnings
    cargo clippy -q -p app-server --test system -- -D warnings
    cd frontend && npm run -s typecheck && npm run -s lint

_fmt-check:
    cargo fmt --all --check

# Benchmark the catalogue reads against the framework's floor with wrk, the same reads on an instance without
# the catalogue cache (CATALOG_CACHE_MS=0; search with distinct queries, bench/searches.lua), the reads while
# one request in twenty counts a category view (bench/catalogue-mix.lua), order placement against pgbench's
# floor (bench/orders.py), the catalogue reads and order placement again on two instances on the same database,
# shoppers browsing while others place orders and the cache's hit rate then (bench/mixed.py), the servers'
# resident memory under all of it (bench/memory.py), and weigh the home page's JavaScript.
# BENCH_DB names the benchmark's database (default shop_bench_10k).
bench: build-frontend
    #!/usr/bin/env bash
    set -euo pipefail
    node frontend/e2e/home-page-js.mjs
    command -v wrk > /dev/null || { apt-get update -qq > /dev/null && apt-get install -y -qq wrk > /dev/null; }
    cargo build --release -q -p app-server
    bin="$CARGO_TARGET_DIR/release/app-server"
    base=$(just _postgres)
    scratch=$(mktemp -d)
    mkdir -p data
    db="${BENCH_DB:-shop_bench_10k}"
    export DATABASE_URL="$base/$db" MEDIA_DIR="$PWD/data/bench-media" WORKERS=1 RUST_LOG=warn
    # The bench shop's pictures live in this checkout: without them (another checkout seeded the database)
    # every picture is a 404 and the browser's console fills with errors, so the shop is seeded afresh.
    if [ -z "$(ls -A "$MEDIA_DIR" 2> /dev/null)" ]; then
        psql -q "$base/postgres" -c "DROP DATABASE IF EXISTS \"$db\"" > /dev/null
    fi
    "$bin" seed-bench
    # Fresh statistics: right after seeding, the planner's estimates are autovacuum's guesses (10,374 featured
    # rows estimated for 200), which makes runs of the same code differ.
    psql -q "$base/$db" -c "ANALYZE" > /dev/null
    # wrk stands for the proxy the shop is deployed behind (TRUSTED_PROXIES): its 64 connections are not
    # bound per address, and each view it counts names a shopper of its own (bench/catalogue-mix.lua).
    export SIGNUP_MAX_PER_ADDRESS=100 TRUSTED_PROXIES=127.0.0.1 ADMIN_EMAIL=owner@bench.shop ADMIN_PASSWORD=bench-owner-1
    # The first instance's /metrics (the catalogue cache's hits and misses) answers this token.
    export METRICS_TOKEN=bench-metrics-token-0123456789
    BIND_ADDR=127.0.0.1:18580 MAIL_OUTBOX_DIR="$scratch/outbox" "$bin" serve & app=$!
    trap 'kill $app ${app2:-} ${app3:-} ${floor:-} ${sampler:-} 2> /dev/null; rm -rf "$scratch"' EXIT
    until curl -sf http://127.0.0.1:18580/healthz > /dev/null; do sleep 0.2; done
    # A second instance on the same database (idle until the two-instance runs), as behind a load balancer.
    BIND_ADDR=127.0.0.1:18582 MAIL_OUTBOX_DIR="$scratch/outbox2" "$bin" serve & app2=$!
    until curl -sf http://127.0.0.1:18582/healthz > /dev/null; do sleep 0.2; done
    # A third without the catalogue cache: every answer read from the database, as a cold instance's first
    # visitors and a crawler get them.
    BIND_ADDR=127.0.0.1:18583 MAIL_OUTBOX_DIR="$scratch/outbox3" CATALOG_CACHE_MS=0 "$bin" serve & app3=$!
    until curl -sf http://127.0.0.1:18583/healthz > /dev/null; do sleep 0.2; done
    python3 bench/memory.py "server on :18580 (every run)=$app" "server on :18582 (two-instance runs)=$app2" \
        "server on :18583 (uncached runs)=$app3" & sampler=$!
    curl -sf http://127.0.0.1:18580/api/products/featured > "$scratch/featured.json"
    id=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[0]["_id"])' "$scratch/featured.json")
    BIND_ADDR=127.0.0.1:18581 "$bin" bench-floor "$scratch/featured.json" & floor=$!
    until curl -sf http://127.0.0.1:18581/floor > /dev/null; do sleep 0.2; done
    python3 - "$id" <<'PY'
    import re, statistics, subprocess, sys
    pid = sys.argv[1]
    targets = [
        ("floor (constant JSON, same size as featured)", "http://127.0.0.1:18581/floor"),
        ("GET /api/products/featured", "http://127.0.0.1:18580/api/products/featured"),
        (f"GET /api/products/{pid}", f"http://127.0.0.1:18580/api/products/{pid}"),
        ("GET /api/categories", "http://127.0.0.1:18580/api/categories"),
        ("GET /api/categories/with-products/2", "http://127.0.0.1:18580/api/categories/with-products/2"),
        ("GET /api/products/search?q=chargr", "http://127.0.0.1:18580/api/products/search?q=chargr"),
    ]
    def ms(text):
        value, unit = re.match(r"([\d.]+)(ns|us|ms|s|m)$", text).groups()
        return float(value) * {"ns": 0.000001, "us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]
    def wrk(url, script, connections):
        return subprocess.Popen(["wrk", "-t1", f"-c{connections}", "-d5s", "--latency", *script[:2], url, *script[2:]], stdout=subprocess.PIPE, text=True)
    def once(url, script=(), tries=2, out=None):
        out = out or wrk(url, script, 64).communicate()[0]
        try:
            rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
            p50 = ms(re.search(r"^\s+50%\s+(\S+)\s*$", out, re.M).group(1))
            p99 = ms(re.search(r"^\s+99%\s+(\S+)\s*$", out, re.M).group(1))
            mix = re.search(r"^mix: (\d+) sent, (\d+) views, (\d+) non-2xx$", out, re.M) if script else None
            if script and (mix is None or int(mix.group(3)) > 0):
                raise KeyError("mix")
        except (AttributeError, KeyError):
            print(f"unreadable wrk output for {url}:\n{out}", file=sys.stderr)
            if tries > 1:
                return once(url, script, tries - 1)
            raise
        if script:
            sent, views = int(mix.group(1)), int(mix.group(2))
            return rps * (sent - views) / sent, p50, p99, rps * views / sent
        return rps, p50, p99
    print("10,000 products in 200 categories; median of 3 runs of 5 s each, 64 connections, 1 server worker, wrk on the other core")
    floor_rps = None
    for name, url in targets:
        runs = [once(url) for _ in range(3)]
        rps, p50, p99 = (statistics.median(r[i] for r in runs) for i in range(3))
        floor_rps = floor_rps or rps
        print(f"{name:48} {rps:9.0f} req/s  p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  {100 * rps / floor_rps:5.1f}% of floor")
    print("without the catalogue cache (CATALOG_CACHE_MS=0, the instance on :18583), every answer read from the")
    print("database; target: each at least 10% of the floor with p99 under 50 ms")
    uncached = [
        ("featured, uncached", "http://127.0.0.1:18583/api/products/featured", ()),
        (f"product {pid}, uncached", f"http://127.0.0.1:18583/api/products/{pid}", ()),
        ("category page 2, uncached", "http://127.0.0.1:18583/api/categories/with-products/2", ()),
        ("search, 14 distinct queries in turn, uncached", "http://127.0.0.1:18583", ("-s", "bench/searches.lua")),
    ]
    for name, url, script in uncached:
        runs = [once(url, script) for _ in range(3)]
        rps, p50, p99 = (statistics.median(r[i] for r in runs) for i in range(3))
        share = 100 * rps / floor_rps
        verdict = "target met" if share >= 10 and p99 < 50 else "target NOT met"
        print(f"{name:48} {rps:9.0f} req/s  p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  {share:5.1f}% of floor  {verdict}")
    print("the five reads above in turn, without and with a category view counted on every 20th request;")
    print("runs alternate; read req/s are the reads alone, p50 and p99 cover every request of the run")
    mix = lambda every: ("-s", "bench/catalogue-mix.lua", "--", pid, "2", str(every))
    runs = {"read-only": [], "mixed": []}
    for _ in range(3):
        runs["read-only"].append(once("http://127.0.0.1:18580", mix(0)))
        runs["mixed"].append(once("http://127.0.0.1:18580", mix(20)))
    figures = {kind: [statistics.median(r[i] for r in rs) for i in range(3)] for kind, rs in runs.items()}
    views = statistics.median(r[3] for r in runs["mixed"])
    for kind, (rps, p50, p99) in figures.items():
        extra = f"  + {views:.0f} views/s" if kind == "mixed" else ""
        print(f"{'catalogue reads, ' + kind:48} {rps:9.0f} req/s  p50 {p50:6.2f} ms  p99 {p99:6.2f} ms{extra}")
    change = [100 * (m - r) / r for r, m in zip(figures["read-only"], figures["mixed"])]
    verdict = "read req/s within 10%" if change[0] >= -10 else "read req/s OVER the 10% bound"
    print(f"{'mixed against read-only':48} {change[0]:+8.1f}%       p50 {change[1]:+6.1f}%   p99 {change[2]:+6.1f}%    {verdict}")
    print("two instances on the same database, 1 worker each, wrk against both at once (32 connections each);")
    print("req/s summed, p50 and p99 of the slower; the servers and the load share this machine's cores")
    two = []
    for _ in range(3):
        runs = [wrk(url, mix(0), 32) for url in ("http://127.0.0.1:18580", "http://127.0.0.1:18582")]
        results = [once(None, mix(0), 1, run.communicate()[0]) for run in runs]
        two.append((sum(r[0] for r in results), max(r[1] for r in results), max(r[2] for r in results)))
    rps, p50, p99 = (statistics.median(r[i] for r in two) for i in range(3))
    scale = rps / figures["read-only"][0]
    print(f"{'catalogue reads, read-only, two instances':48} {rps:9.0f} req/s  p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  {100 * rps / floor_rps:5.1f}% of floor  {scale:.2f}x one instance")
    PY
    python3 bench/orders.py http://127.0.0.1:18580 "$DATABASE_URL" "$scratch"
    python3 bench/orders.py http://127.0.0.1:18580,http://127.0.0.1:18582 "$DATABASE_URL" "$scratch"
    python3 bench/mixed.py http://127.0.0.1:18580 "$DATABASE_URL" "$id" 2 "$scratch"
    lh="$HOME/.cache/phone-shop/lighthouse"
    [ -x "$lh/node_modules/.bin/lighthouse" ] || npm install --prefix "$lh" --no-audit --no-fund --loglevel=error lighthouse@12.8.2 > /dev/null
    # The first department: its page draws a grid for each of its ranges, 12 cards each at first.
    category=$(curl -sf http://127.0.0.1:18580/api/categories | python3 -c 'import json,sys; print(next(c["_id"] for c in json.load(sys.stdin) if c["parent"] is None))')
    python3 bench/lighthouse.py "$lh/node_modules/.bin/lighthouse" "$scratch" 3 http://127.0.0.1:18580 / "/product/$id" "/category/$category" /cart
    kill -TERM $sampler && wait $sampler
    kill $app $app2 $app3 2> /dev/null && wait $app $app2 $app3 2> /dev/null || true

# Write what the home page's JavaScript holds, by package, source folder and file, into docs/frontend-bundle.md.
bundle-report: _frontend-deps
    cd frontend && node scripts/bundle-report.mjs --write ../docs/frontend-bundle.md

# Build the front end into frontend/dist when its sources changed.
build-frontend: _frontend-deps
    #!/usr/bin/env bash
    set -euo pipefail
    cd frontend
    stamp=dist/index.html
    if [ ! -f "$stamp" ] || [ -n "$(find src build index.html package-lock.json vite.config.ts -newer "$stamp" -print -quit 2>/dev/null)" ]; then
        npm run -s build > /dev/null
    fi

# Install the front end's npm packages when package-lock.json changed.
_frontend-deps:
    #!/usr/bin/env bash
    set -euo pipefail
    cd frontend
    if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
        npm ci --no-audit --no-fund --loglevel=error > /dev/null
    fi

# Install what the system tier needs when it is missing: moto's S3 server (PyPI moto[server]) in a venv under
# ~/.cache/phone-shop, which app-server/tests/system/media_s3.rs runs (it installs nothing itself).
_system-deps:
    #!/usr/bin/env bash
    set -euo pipefail
    version=5.2.5
    venv="$HOME/.cache/phone-shop/moto-venv"
    mkdir -p "${venv%/*}"
    exec 9> "$venv.lock"
    flock 9
    if [ ! -f "$venv/installed-moto-$version" ] || [ ! -x "$venv/bin/moto_server" ]; then
        echo "installing moto[server]==$version into $venv for the system tier" >&2
        rm -rf "$venv"
        python3 -m venv "$venv"
        "$venv/bin/pip" install -q --disable-pip-version-check "moto[server]==$version"
        touch "$venv/installed-moto-$version"
    fi

# Install Debian's Chromium for the browser tests when it is missing.
_chromium:
    #!/usr/bin/env bash
    set -euo pipefail
    if ! command -v chromium > /dev/null; then
        echo "installing Debian's chromium for the browser tests" >&2
        apt-get update -qq > /dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
    fi

# Print the base URL (no database name) of a PostgreSQL server to use, starting a local one if needed.
_postgres:
    #!/usr/bin/env bash
    set -euo pipefail
    if [ -n "${DATABASE_URL:-}" ]; then
        echo "${DATABASE_URL%/*}"; exit 0
    fi
    if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
        echo "postgres://postgres@127.0.0.1:5432"; exit 0
    fi
    bin=$(dirname "$(command -v pg_ctl 2>/dev/null || ls -d /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n1)")
    if [ ! -x "$bin/pg_ctl" ]; then
        echo "PostgreSQL is needed: install it (apt-get install postgresql) or set DATABASE_URL." >&2; exit 1
    fi
    dir="$PWD/data/postgres"; port=55432
    as=(); if [ "$(id -u)" = 0 ]; then as=(runuser -u postgres --); fi
    if [ ! -f "$dir/PG_VERSION" ]; then
        mkdir -p "$dir"; [ ${#as[@]} -eq 0 ] || chown postgres "$dir"
        "${as[@]}" "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 > /dev/null
    fi
    if ! "${as[@]}" "$bin/pg_ctl" -D "$dir" status > /dev/null 2>&1; then
        "${as[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1" start > /dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$port"
