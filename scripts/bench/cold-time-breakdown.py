#!/usr/bin/env python3
"""Where a cold query's and a first visit's time goes, from the site benchmark's timelines.

    python3 scripts/bench/cold-time-breakdown.py [out/bench-site/browser.json] [RTT_MS] [MBIT_S]

Reads the rows `scripts/bench/bench-site.sh` writes (each cold query and each first visit
of rangefind and Pagefind: its time to results and every request with its bytes, start and
end in ms from the query's start) and prints, per tool and kind, medians over the rows of:

- the floor: the query's waves × the round trip, plus its bytes at the link's rate (default
  100 ms and 10 Mbit/s, the harness's), and the time to results over it;
- where the time beyond it goes: before the first request (the page hands the query to the
  engine's worker, which parses it and plans the reads), between a wave's last answer and
  the next wave's first request (the engine decodes and decides), after the last answer (the
  engine scores, cuts snippets, answers; the page renders), and on the network beyond the
  floor (a request's time over its round trip and transfer: connections, queueing).
"""
import json
import statistics
import sys


def waves_of(timeline):
    """Requests grouped in waves: a request starting after every earlier one has ended
    starts a new wave."""
    waves = []
    for request in sorted(timeline, key=lambda r: r[2]):
        if waves and request[2] < max(r[3] for r in waves[-1]):
            waves[-1].append(request)
        else:
            waves.append([request])
    return waves


def breakdown(row, rtt, bytes_per_ms):
    timeline = row.get("timeline") or []
    waves = waves_of(timeline)
    floor = len(waves) * rtt + row["bytes"] / bytes_per_ms
    parts = {"ms": row["ms"], "floor": floor, "over floor": row["ms"] / floor if floor else None}
    if not waves:
        return parts
    parts["before the first request"] = waves[0][0][2]
    parts["between waves"] = sum(
        min(r[2] for r in later) - max(r[3] for r in earlier)
        for earlier, later in zip(waves, waves[1:]))
    parts["after the last answer"] = row["ms"] - max(r[3] for r in waves[-1])
    # A wave's time on the network beyond one round trip and its bytes' transfer.
    parts["network beyond the floor"] = sum(
        (max(r[3] for r in wave) - min(r[2] for r in wave))
        - rtt - sum(r[1] for r in wave) / bytes_per_ms for wave in waves)
    return parts


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "out/bench-site/browser.json"
    rtt = float(sys.argv[2]) if len(sys.argv) > 2 else 100.0
    mbit = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0
    bytes_per_ms = mbit * 1e6 / 8 / 1000
    results = json.load(open(path))
    print(f"{path}: round trip {rtt:.0f} ms, {mbit:g} Mbit/s")
    kinds = (("cold", "cold queries"), ("first_visit", "first visits (the engine's start in them)"))
    for tool in ("rangefind", "pagefind"):
        for kind, named in kinds:
            rows = results.get(tool, {}).get(kind, {}).get("rows", [])
            if not rows:
                continue
            parts = [breakdown(row, rtt, bytes_per_ms) for row in rows]
            keys = [key for key in parts[0] if all(key in p and p[key] is not None for p in parts)]
            print(f"\n{tool}: {len(rows)} {named}, medians")
            for key in keys:
                value = statistics.median(p[key] for p in parts)
                print(f"  {key:28s} {value:8.2f}{'×' if key == 'over floor' else ' ms'}")


if __name__ == "__main__":
    main()
