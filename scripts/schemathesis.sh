#!/usr/bin/env bash
# Fuzzes the API against the OpenAPI document it serves (GET /api/openapi.json) with schemathesis, every check
# on, every phase (examples, coverage, fuzzing, and the stateful phase walking the document's links), three
# times: without a session, as a customer who signed up through the API, and as the admin. The debug app-server runs on a
# free loopback port against a fresh database seeded with the demo shop, with scratch media, mail outbox and
# front end; everything is removed at the end. Prints each run's case counts and failures; exits non-zero
# when any run found a failure.
#
# Environment (all optional):
#   PG_BASE_URL          PostgreSQL server URL without a database name (default: postgres://postgres@127.0.0.1:5432)
#   FUZZ_MAX_EXAMPLES    test cases per operation and phase (default 20)
#   FUZZ_MAX_TIME        seconds for each identity's examples, coverage and fuzzing (default 80; fuzzing repeats
#                        until it is spent)
#   FUZZ_STATEFUL_TIME   seconds for each identity's stateful phase, run on its own so that it gets them
#                        (default 40); the three identities take about 3 x (the two) in all
#   FUZZ_SEED            schemathesis' random seed, to repeat a run
#   FUZZ_REPORT_DIR      keep the JUnit and NDJSON reports here (default: a scratch directory, removed)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/phone-shop/target}"
venv="$HOME/.cache/phone-shop/schemathesis-venv"
schemathesis_version="4.32.5"
max_examples="${FUZZ_MAX_EXAMPLES:-20}"
max_time="${FUZZ_MAX_TIME:-80}"
stateful_time="${FUZZ_STATEFUL_TIME:-40}"
pg_base="${PG_BASE_URL:-postgres://postgres@127.0.0.1:5432}"
pg_base="${pg_base%/}"

if [ ! -x "$venv/bin/schemathesis" ] || ! "$venv/bin/schemathesis" --version | grep -qF "$schemathesis_version"; then
    echo "installing schemathesis $schemathesis_version into $venv" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$schemathesis_version"
fi

cargo build -q -p app-server
bin="$CARGO_TARGET_DIR/debug/app-server"

scratch=$(mktemp -d)
reports="${FUZZ_REPORT_DIR:-$scratch/reports}"
mkdir -p "$scratch/media" "$scratch/outbox" "$scratch/spa" "$reports"
echo '<!doctype html><title>Shop</title><div id=root></div>' > "$scratch/spa/index.html"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
database="shop_fuzz_${port}_$$"
server=""

cleanup() {
    if [ -n "$server" ]; then
        kill "$server" 2> /dev/null && wait "$server" 2> /dev/null || true
    fi
    psql -q "$pg_base/postgres" -c "DROP DATABASE IF EXISTS \"$database\" WITH (FORCE)" > /dev/null 2>&1 || true
    rm -rf "$scratch"
}
trap cleanup EXIT

export DATABASE_URL="$pg_base/$database" BIND_ADDR="127.0.0.1:$port" PUBLIC_URL="$base"
export ADMIN_EMAIL="fuzz-admin@shop.test" ADMIN_PASSWORD="fuzz-admin-$$-password"
export MEDIA_DIR="$scratch/media" MAIL_OUTBOX_DIR="$scratch/outbox" FRONTEND_DIST="$scratch/spa"
export SESSION_SECRET="$(python3 -c 'import secrets; print(secrets.token_hex(64))')"
export WORKERS=2 RUST_LOG="${RUST_LOG:-warn}"
# Failed logins are part of the fuzzing; the throttle's 429 is documented, but it must not lock out the
# admin whose session the third run uses before that run has signed in, nor (the caps per address and per
# e-mail) turn every later login of the fuzzer's one address into a 429 that checks nothing.
export LOGIN_MAX_FAILURES=1000000 LOGIN_MAX_FAILURES_PER_ADDRESS=1000000 LOGIN_MAX_FAILURES_PER_EMAIL=1000000
unset SMTP_URL GOOGLE_CLIENT_ID GOOGLE_CLIENT_SECRET OIDC_ISSUER

"$bin" seed-demo > "$scratch/seed.log" 2>&1 || { cat "$scratch/seed.log" >&2; exit 1; }
"$bin" serve > "$scratch/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do
    curl -sf "$base/readyz" > /dev/null && break
    kill -0 "$server" 2> /dev/null || { cat "$scratch/server.log" >&2; exit 1; }
    sleep 0.2
done

# The value of cookie $1 the JSON call $2 with body $3 sets.
session_cookie() {
    curl -sf -o /dev/null -D - -H 'content-type: application/json' -d "$3" "$base$2" \
        | tr -d '\r' | sed -n "s/^set-cookie: \($1=[^;]*\);.*/\1/Ip" | head -n1
}
customer=$(session_cookie shop_session /api/auth/signup \
    "{\"email\": \"fuzz-customer-$$@shop.test\", \"password\": \"fuzz-customer-password\", \"name\": \"Fuzz Customer\"}")
admin=$(session_cookie shop_admin /api/admin/login "{\"email\": \"$ADMIN_EMAIL\", \"password\": \"$ADMIN_PASSWORD\"}")
[ -n "$customer" ] || { echo "signing up the fuzzing customer failed" >&2; exit 1; }
[ -n "$admin" ] || { echo "the admin login failed" >&2; exit 1; }

# The customer places orders all through its run: the owner's limits on orders (docs/security.md 'Orders') are
# raised to their bounds first, as the owner would, so its orders are judged on their figures rather than
# refused for their number (the admin run may set them anew; it comes last).
python3 - "$base" "$admin" <<'PY' || { echo "raising the limits on orders failed" >&2; exit 1; }
import json, sys, urllib.request
base, cookie = sys.argv[1:]
def call(method, path, body=None):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"cookie": cookie, "content-type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)
settings = call("GET", "/api/cod/settings")
settings["limits"] = [{"key": limit["key"], "value": limit["max"]} for limit in settings["limits"]]
call("PUT", "/api/cod/settings", settings)
PY

# Three orders of the customer, so the admin run finds orders to move from its first list (adminOrders and its
# links): each is placed once with figures of 0, which answers 409 with the server's own figures (`quote`),
# and then again with those, as a shopper's retry does (the document's link placeOrder 409 -> placeOrder).
python3 - "$base" "$customer" <<'PY' || { echo "placing the customer's orders failed" >&2; exit 1; }
import json, sys, urllib.error, urllib.request
base, cookie = sys.argv[1:]
def call(method, path, body=None):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"cookie": cookie, "content-type": "application/json"})
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)
me = call("GET", "/api/auth/me")[1]
products = [p for p in call("GET", "/api/products?limit=50")[1] if p["stock"] > 0][:3]
details = {"name": "Fuzz Customer", "phone1": "03001234567", "email": me["email"], "address": "House 1, Street 2",
           "province": "Punjab", "city": "Lahore"}
for product in products:
    body = {"userId": me["uid"], "userDetails": details, "cart": [{"productId": product["_id"], "quantity": 1, "price": 0}],
            "subtotal": 0, "deliveryCharge": 0, "couponDiscount": 0, "total": 0}
    status, answer = call("POST", "/api/orders", body)
    assert status == 409, (status, answer)
    quote = answer["quote"]
    body.update(cart=quote["cart"], subtotal=quote["subtotal"], deliveryCharge=quote["deliveryCharge"],
                couponDiscount=quote["couponDiscount"], total=quote["total"])
    status, answer = call("POST", "/api/orders", body)
    assert status == 201, (status, answer)
print(f"placed {len(products)} orders for the admin run", file=sys.stderr)
PY

status=0
summary=""
# One run: name, time budget in seconds, phases, then schemathesis options.
run() {
    local name=$1 budget=$2 phases=$3
    shift 3
    echo "== schemathesis, $name"
    local code=0
    # One worker: scenarios of the stateful phase running side by side on the one database delete each other's
    # resources (a category made in one is deleted by another's DELETE of the same small id), which schemathesis
    # then reports as a resource missing right after it was made.
    "$venv/bin/schemathesis" --config-file "$root/scripts/schemathesis.toml" run "$base/api/openapi.json" --checks all \
        --max-examples "$max_examples" --max-time "$budget" --phases "$phases" --workers 1 --no-color \
        --generation-database none ${FUZZ_SEED:+--seed "$FUZZ_SEED"} \
        --report junit,ndjson --report-junit-path "$reports/$name.xml" --report-ndjson-path "$reports/$name.ndjson" \
        "$@" > "$reports/$name.log" 2>&1 || code=$?
    # The sections after the progress lines: errors, failures and warnings (their first 300 lines; the whole
    # output is in the reports directory), then the summary.
    sed -n '/^=\+ \(ERRORS\|FAILURES\|WARNINGS\) =\+$/,/^=\+ SUMMARY =\+$/p' "$reports/$name.log" | sed -n '1,300p'
    sed -n '/^=\+ SUMMARY =\+$/,$p' "$reports/$name.log"
    local counts
    counts=$(grep -A1 '^Test cases:' "$reports/$name.log" | tail -n1 | sed 's/^ *//')
    summary+="$name: ${counts:-no summary} (schemathesis exit $code)"$'\n'
    [ "$code" = 0 ] || status=1
}

# Each identity twice: examples, coverage and fuzzing, then the stateful phase alone (in one run it gets only
# what fuzzing leaves of the budget). A run with a session skips the logout of that session, which would end it
# for the rest of the run.
identity() {
    local name=$1
    shift
    run "$name" "$max_time" examples,coverage,fuzzing "$@"
    run "$name-stateful" "$stateful_time" stateful "$@"
}
identity unauthenticated
identity customer -H "Cookie: $customer" --exclude-operation-id logOut
identity admin -H "Cookie: $admin" --exclude-operation-id adminLogout

# What the runs did to the orders (the admin's list, first 100): the stateful phase moves them through the
# document's links.
curl -sf -H "Cookie: $admin" "$base/api/orders?limit=100" | python3 -c '
import collections, json, sys
answer = json.load(sys.stdin)
counts = collections.Counter(order["status"] for order in answer["orders"])
print("== orders after the runs:", answer["total"], "(" + ", ".join(f"{status} {n}" for status, n in sorted(counts.items())) + ")")
' || echo "== orders after the runs: the admin list could not be read"

# Any ERROR line, in the text format (` ERROR `) or as JSON (`"level":"ERROR"`), and any panic. actix-http logs
# a request it cannot parse (a header schemathesis made invalid) as an ERROR of its own and answers it 400: the
# client's fault, not the server's, so those lines do not count.
errors=$(grep -E ' ERROR |"level": ?"ERROR"|panicked' "$scratch/server.log" | grep -v 'stream error: request parse error' || true)
if [ -n "$errors" ]; then
    echo "== server log errors (the first 40)"
    printf '%s\n' "$errors" | sed -n '1,40p'
    status=1
fi
echo "== summary (max $max_examples examples per operation and phase; $max_time s of examples, coverage and fuzzing, $stateful_time s of stateful phase per identity)"
printf '%s' "$summary"
exit "$status"
