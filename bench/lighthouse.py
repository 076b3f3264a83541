#!/usr/bin/env python3
"""Lighthouse (mobile, all four categories) on a shop's pages, each run RUNS times; prints the medians.

usage: lighthouse.py LIGHTHOUSE_BIN SCRATCH_DIR RUNS BASE_URL PATH...

One line per page: the four scores, then LCP, TBT and CLS (medians of the runs); under a page whose median
score in a category is below 95, the audits of that category that failed in the median run. The last line
is the verdict: every score at 95 or more, or which are not. Exit status 0 either way (a bench reports, it
does not gate); 2 when Lighthouse itself fails.
"""
import json
import os
import statistics
import subprocess
import sys

CATEGORIES = [("performance", "perf"), ("accessibility", "a11y"), ("best-practices", "best"), ("seo", "seo")]
METRICS = [("LCP", "largest-contentful-paint"), ("TBT", "total-blocking-time"), ("CLS", "cumulative-layout-shift")]
TARGET = 95
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking "
    "--disable-component-update --disable-sync"
)


def run(lighthouse, scratch, url, index):
    out = os.path.join(scratch, f"lh-{index}.json")
    profile = os.path.join(scratch, f"chromium-{index}")
    subprocess.run(
        [
            lighthouse, url, "--quiet", "--form-factor=mobile", "--output=json", f"--output-path={out}",
            "--only-categories=" + ",".join(name for name, _ in CATEGORIES),
            f"--chrome-flags={CHROME_FLAGS} --user-data-dir={profile}",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")},
    )
    with open(out) as file:
        return json.load(file)


def scores(report):
    return {name: round((report["categories"][name]["score"] or 0) * 100) for name, _ in CATEGORIES}


def metric(report, key):
    return report["audits"][key]["numericValue"]


def failed_audits(report, category):
    audits = report["audits"]
    for ref in report["categories"][category]["auditRefs"]:
        audit = audits[ref["id"]]
        # A category's weighted audits that are not perfect; for performance also its diagnostics that fail.
        bar = 1 if ref["weight"] > 0 else 0.9
        if (ref["weight"] > 0 or category == "performance") and audit["score"] is not None and audit["score"] < bar:
            shown = f" ({audit['displayValue']})" if audit.get("displayValue") else ""
            yield f"{ref['id']} {round(audit['score'] * 100)}{shown}"


def main():
    lighthouse, scratch, runs, base, *paths = sys.argv[1:]
    runs = int(runs)
    below = []
    print(f"Lighthouse 12 mobile (simulated slow 4G, 4x CPU slowdown), median of {runs} run(s) per page")
    index = 0
    for path in paths:
        reports = []
        for _ in range(runs):
            index += 1
            try:
                reports.append(run(lighthouse, scratch, base + path, index))
            except subprocess.CalledProcessError as error:
                print(f"Lighthouse failed on {path}: {error}", file=sys.stderr)
                sys.exit(2)
        medians = {name: statistics.median(scores(r)[name] for r in reports) for name, _ in CATEGORIES}
        lcp, tbt, cls = (statistics.median(metric(r, key) for r in reports) for _, key in METRICS)
        shown = "  ".join(f"{short} {medians[name]:3.0f}" for name, short in CATEGORIES)
        print(f"{path:32} {shown}   LCP {lcp / 1000:4.1f} s  TBT {tbt:4.0f} ms  CLS {cls:.3f}")
        # The run whose performance score is the median one stands for the page's failed audits.
        middle = sorted(reports, key=lambda r: scores(r)["performance"])[len(reports) // 2]
        for name, short in CATEGORIES:
            if medians[name] < TARGET:
                below.append(f"{path} {short} {medians[name]:.0f}")
                for line in failed_audits(middle, name):
                    print(f"{'':34}{short}: {line}")
    if below:
        print(f"Lighthouse verdict: BELOW {TARGET}: " + ", ".join(below))
    else:
        print(f"Lighthouse verdict: every score at {TARGET} or more")


if __name__ == "__main__":
    main()
