#!/usr/bin/env bash
# Rewrites the citations of the two specification files that once lived beside the repository (the
# product's and the server's contract, upper-case names) into their restatements inside it, docs/spec.md
# and docs/contract.md, which keep the same section numbers: "<SPEC>.md §5 'Coupon apply'" becomes
# "docs/spec.md §5 'Coupon apply'", likewise for the contract; a "../shared" directory before either is dropped.
#
# Run it once from anywhere in the clone, after merging; it touches tracked text files only, is idempotent,
# and prints each file it changed and the count left (0). app-server/tests/docs.rs then checks that every
# citation names a section that exists. Generated files (openapi.yaml, frontend/src/api/generated) are
# rewritten the same way, so they stay equal to what `just openapi` makes from the rewritten sources.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

spec='SPEC[.]md'
contract='CONTRACT[.]md'
self='scripts/rewrite-spec-refs.sh'

mapfile -d '' files < <(git ls-files -z | grep -zv "^$self\$" | xargs -0 grep -lIZ -E "$spec|$contract" -- || true)
for file in "${files[@]}"; do
    sed -i -E \
        -e "s#(\.\./shared/)?$spec#docs/spec.md#g" \
        -e "s#(\.\./shared/)?$contract#docs/contract.md#g" \
        "$file"
    echo "rewrote $file"
done
left=$(git ls-files -z | grep -zv "^$self\$" | xargs -0 grep -IE "$spec|$contract" -- | wc -l || true)
echo "${#files[@]} files rewritten; $left citations of the old names left"
