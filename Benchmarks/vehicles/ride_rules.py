#!/usr/bin/env python3
"""Variants of the in-vehicle state machine on the executable's own evidence windows.

`vehicle_state.py` recomputes the evidence in Python and approximates `--resample auto`; on the
throttled TMD logs that approximation is far off (TMD Claudio car 1481824701328: 95 % of its
windows in a ride in the prototype, 0 % in the executable). This script reads instead the windows
that `VehicleEvidence` itself emits on the samples `locomotion analyze` gives it
(`window_probe/`, a package of its own on the public API), and runs the state machine of
`vehicle_state.py` and variants of it over them. Time in a ride is the windows' time
(`vehicle_state.intervals`), not the timeline's, so its figures are close to but not equal to
`evaluate.py`'s (TMD car 84.3 % here, 82.8 % there on main).

Usage:
    swift build --package-path Benchmarks/vehicles/window_probe
    python3 Benchmarks/vehicles/ride_rules.py ../shared/data --probe \
        Benchmarks/vehicles/window_probe/.build/debug/VehicleWindowProbe --cache /tmp/ride-windows [-v]

The recordings are those of `evaluate.py`'s gravity-included rows (the same accelerometer-only
rewrite). Standard library and numpy.
"""

from __future__ import annotations

import argparse
import csv
import glob
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import evaluate  # noqa: E402
import vehicle_state as vs  # noqa: E402

KIND = {"on-foot": "F", "vehicle-like": "V", "quiet": "Q", "unknown": "U"}


def windows_of(data: str, probe: str, cache: str):
    """(source name, in a vehicle, recording name, window columns) for every gravity-included row."""
    os.makedirs(cache, exist_ok=True)
    for source in evaluate.SOURCES:
        if source.remove_gravity or source.prefer_linear:
            continue
        paths = sorted(glob.glob(os.path.join(data, source.folder, source.pattern)))
        if source.exclude:
            paths = [p for p in paths if source.exclude not in p]
        for path in paths:
            name = os.path.basename(path)[:-4]
            out = os.path.join(cache, f"{source.folder}__{name}.csv")
            if not os.path.exists(out):
                with tempfile.TemporaryDirectory() as directory:
                    trimmed, _ = evaluate.accelerometer_only(path, source, directory, None)
                    subprocess.run([probe, trimmed, out], check=True)
            with open(out, newline="") as handle:
                rows = list(csv.DictReader(handle))
            columns = {key: np.array([float(r[key]) for r in rows]) for key in rows[0] if key != "kind"} if rows else {}
            columns["kind"] = [KIND[r["kind"]] for r in rows]
            yield source.name, source.in_vehicle, name, columns


def machine(enter=30, fraction=0.95, lookback=30, exit_span=14, exit_on_foot=13, still=300,
            jolt=0, slow_exit=None, quiet_share=None):
    """The state machine of vehicle_state.states, with variants:
    jolt: entering tolerates on-foot runs of at most this many windows (marked 'J' by the classes),
        none at the span's edges, at most `jolt` of them; the fraction is over the other windows;
    slow_exit: (span, count): on-foot windows marked 'J' end a ride only with `count` of `span`
        (periodic or violent ones 'F' with the default 13 of 14);
    quiet_share: (span, share): a ride ends when that share of the last `span` windows are quiet."""

    def states(classes, durations):
        n = len(classes)
        flag = np.zeros(n, bool)
        inside, quiet, since, entered = False, 0, 0, -1
        on_foot = lambda x: x in "FJ"  # noqa: E731
        for k, c in enumerate(classes):
            long_gap = c == "U" and durations[k] >= vs.GAP_EXIT_S
            since = 0 if long_gap else since + 1
            if not inside:
                lo = max(0, k - enter + 1)
                run = classes[lo:k + 1]
                if since < enter or "F" in run:
                    continue
                tolerated = run.count("J")
                longest, current = 0, 0
                for x in run:
                    current = current + 1 if x == "J" else 0
                    longest = max(longest, current)
                ok = tolerated == 0 or (tolerated <= jolt and longest <= jolt and run[0] != "J" and run[-1] != "J")
                if ok and run.count("V") >= fraction * (len(run) - tolerated):
                    inside, quiet, entered = True, 0, k
                    flag[vs.seated_start(classes, lo, since, enter, lookback):k + 1] = True
            else:
                flag[k] = True
                quiet = quiet + 1 if c == "Q" else 0
                recent = classes[max(0, k - exit_span + 1):k + 1]
                fast = sum(on_foot(x) for x in recent) >= exit_on_foot
                if slow_exit:
                    fast = fast and recent.count("F") > 0
                    longer = classes[max(0, k - slow_exit[0] + 1):k + 1]
                    if not fast and sum(on_foot(x) for x in longer) >= slow_exit[1]:
                        recent, fast = longer, True
                last = classes[max(0, k - (quiet_share or (1, 0))[0] + 1, entered + 1):k + 1]
                if fast:
                    first = k - len(recent) + 1 + min(i for i, x in enumerate(recent) if on_foot(x))
                    flag[first:k + 1] = False
                    inside = False
                elif quiet >= still or long_gap:
                    inside = False
                elif quiet_share and len(last) >= quiet_share[0] and last.count("Q") >= quiet_share[1] * quiet_share[0]:
                    inside = False
        return flag

    return states


def aperiodic_on_foot(w):
    """On-foot windows that are neither periodic nor violent (the vertical rule alone) as 'J'."""
    out = list(w["kind"])
    for i, k in enumerate(out):
        if k == "F" and not (w["dynamic_rms_g"][i] >= 0.12 and w["periodicity"][i] >= 0.4) and w["dynamic_rms_g"][i] < 0.6:
            out[i] = "J"
    return out


def any_on_foot_jolt(w):
    return ["J" if k == "F" else k for k in w["kind"]]


def tilt_quiet(ratio, below):
    """Vehicle-like windows whose horizontal motion exceeds `ratio` times the vertical and whose
    vertical vibration is under `below` g (a phone turned in a hand at rest) as quiet."""

    def classes(w):
        out = list(w["kind"])
        horizontal = np.sqrt(np.maximum(w["dynamic_rms_g"] ** 2 - w["vibration_g"] ** 2, 0))
        for i, k in enumerate(out):
            if k == "V" and horizontal[i] > ratio * w["vibration_g"][i] and w["vibration_g"][i] < below:
                out[i] = "Q"
        return out

    return classes


def horizontal_test(ratio):
    """On-foot windows of the vertical rule alone (neither periodic nor violent) whose horizontal
    motion is below `ratio` times the vertical vibration as vehicle-like: the rule of
    `VehicleEvidence.Configuration.onFootHorizontalRatio`, for windows made without it."""

    def classes(w):
        out = list(w["kind"])
        rms, vertical = w["dynamic_rms_g"], w["vibration_g"]
        horizontal = np.sqrt(np.maximum(rms**2 - vertical**2, 0))
        for i, k in enumerate(out):
            periodic = rms[i] >= 0.12 and w["periodicity"][i] >= 0.4
            if k == "F" and not periodic and rms[i] < 0.6 and horizontal[i] < ratio * vertical[i]:
                out[i] = "V"
        return out

    return classes


VARIANTS = [
    ("as the windows are", None, {}),
    ("vertical rule needs horizontal >= 0.8 x vertical", horizontal_test(0.8), {}),
    ("vertical rule needs horizontal >= vertical", horizontal_test(1.0), {}),
    ("entering tolerates on-foot runs <= 12", any_on_foot_jolt, dict(jolt=12)),
    ("entering tolerates aperiodic on-foot runs <= 12", aperiodic_on_foot, dict(jolt=12)),
    ("leaving on foot: 24 of 25", None, dict(exit_span=25, exit_on_foot=24)),
    ("leaving on foot: 38 of 40", None, dict(exit_span=40, exit_on_foot=38)),
    ("aperiodic on foot leaves with 38 of 40", aperiodic_on_foot, dict(slow_exit=(40, 38))),
    ("ride ends at 80 % quiet of 300 s", None, dict(quiet_share=(300, 0.8))),
    ("ride ends at 80 % quiet of 180 s", None, dict(quiet_share=(180, 0.8))),
    ("turned phone quiet (h > 4 v, v < 0.02 g)", tilt_quiet(4, 0.02), {}),
    ("turned phone quiet (h > 4 v, v < 0.02 g), lookback 180", tilt_quiet(4, 0.02), dict(lookback=180)),
    ("turned phone quiet (h > 3 v, v < 0.03 g), lookback 180", tilt_quiet(3, 0.03), dict(lookback=180)),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data")
    parser.add_argument("--probe", required=True, help="the VehicleWindowProbe executable")
    parser.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "ride-windows"))
    parser.add_argument("-v", action="store_true", help="list each variant's recordings below 90 % / above 1 %")
    args = parser.parse_args()
    recordings = list(windows_of(args.data, args.probe, args.cache))
    sources = list(dict.fromkeys(name for name, *_ in recordings))
    print("| variant | " + " | ".join(sources) + " | mean in a vehicle |")
    print("|---" * (len(sources) + 2) + "|")
    for label, classify, options in VARIANTS:
        states = machine(**options)
        time, ride, misses = {}, {}, []
        for source, vehicle, name, w in recordings:
            if not w["kind"]:
                continue
            classes = classify(w) if classify else list(w["kind"])
            flag = states(classes, w["duration_s"])
            span = vs.intervals(w["end_s"], w["duration_s"])
            time[source] = time.get(source, 0) + span.sum()
            ride[source] = ride.get(source, 0) + span[flag].sum()
            share = span[flag].sum() / max(span.sum(), 1e-9)
            if (vehicle and share < 0.9) or (not vehicle and share > 0.01):
                misses.append(f"{name} {100 * share:.1f} %")
        shares = {s: 100 * ride[s] / time[s] for s in time}
        in_vehicle = [shares[s] for s in sources if s in shares and any(v for n, v, *_ in recordings if n == s)]
        print(f"| {label} | " + " | ".join(f"{shares.get(s, float('nan')):.1f} %" for s in sources)
              + f" | {np.mean(in_vehicle):.1f} % |")
        if args.v:
            print("  " + "; ".join(misses))


if __name__ == "__main__":
    main()
