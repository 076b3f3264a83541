"""Resident memory of the servers under `just bench`'s load: samples VmRSS of each process every 100 ms from
/proc/PID/status until it gets SIGINT or SIGTERM, then prints one line per process: the highest VmRSS sampled,
the kernel's own high-water mark (VmHWM, which catches a peak between samples) and VmRSS now, after the load.

The last line weighs the highest of them against the bound every instance must stay under under every load
(docs/deploy.md): 128 MB.

Usage: memory.py NAME=PID [NAME=PID ...]
"""

import signal
import sys
import time

BOUND_MB = 128

servers = [arg.split("=", 1) for arg in sys.argv[1:]]
peaks = {name: 0 for name, _ in servers}


def status(pid):
    """VmRSS and VmHWM of `pid` in kB, or None when the process is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            fields = dict(line.split(":", 1) for line in f if line.startswith(("VmRSS", "VmHWM")))
    except FileNotFoundError:
        return None
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def report(*_):
    print("resident memory of each server over the loads above (VmRSS sampled every 100 ms; VmHWM is the kernel's peak)")
    highest = 0
    for name, pid in servers:
        now = status(pid)
        if now is None:
            print(f"{name:48} gone before the end of the run")
            continue
        rss, hwm = now
        highest = max(highest, peaks[name], rss, hwm)
        print(f"{name:48} peak {max(peaks[name], rss) / 1024:6.1f} MB  VmHWM {hwm / 1024:6.1f} MB  after {rss / 1024:6.1f} MB")
    verdict = "under" if highest / 1024 < BOUND_MB else "OVER"
    print(f"{'highest of them (VmHWM or sampled)':48} {highest / 1024:6.1f} MB  {verdict} the {BOUND_MB} MB bound")
    sys.stdout.flush()
    sys.exit(0)


signal.signal(signal.SIGINT, report)
signal.signal(signal.SIGTERM, report)
while True:
    for name, pid in servers:
        now = status(pid)
        if now is not None:
            peaks[name] = max(peaks[name], now[0])
    time.sleep(0.1)
