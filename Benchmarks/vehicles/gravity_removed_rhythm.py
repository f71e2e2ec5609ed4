#!/usr/bin/env python3
"""Gravity removed: which autocorrelation lags of a window's rhythm are gait (prototype sweep).

For every gravity-removed row of evaluate.py (a phone's own linear acceleration, or the copies
gravity_removal.py makes), the 10 s evidence windows of vehicle_state.py are computed and the
principal-axis autocorrelation is split at GAIT_LAG (0.5 s): a peak in the walking band (0.5–1.4 s)
at >= 0.4, or a faster one (0.3–0.4 s) at >= SHORT_PERIODICITY, makes a strong (>= 0.12 g) window
on foot. Prints, per source, the share of windows in a ride (vehicle_state.states), the recordings
never in a ride and the share of on-foot windows, for the rule with gravity (0.3–1.4 s at 0.4) and
the variants. With `--stride`, the variants are instead the stride check of a rhythm at a step's lag
(0.5 s up to STEP_LAG): the autocorrelation at twice the lag must reach a value (0.1, 0.15, 0.2;
"every lag" checks peaks at 0.9–1.4 s too), as `gravityRemovedStrideRegularity` does; Tartu is also
split by collector.

Usage: python3 Benchmarks/vehicles/gravity_removed_rhythm.py [DATA_DIR] [--stride]   (numpy; 15 min)
"""

import csv
import glob
import math
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import evaluate  # noqa: E402
import vehicle_state as vs  # noqa: E402


def read(path):
    t, a = [], []
    with open(path, newline="") as handle:
        reader = csv.reader(handle)
        next(reader)
        for row in reader:
            try:
                values = [float(x) for x in row[:4]]
            except (ValueError, IndexError):
                continue
            if all(math.isfinite(v) for v in values):
                t.append(values[0])
                a.append(values[1:])
    order = np.argsort(t, kind="stable")
    return np.asarray(t)[order], np.asarray(a)[order]


def windows(t, a):
    """Per window (unknown ones left out): rms, sub-hertz motion, autocorrelation at lags 1..30."""
    out = []
    for _, w in vs.grid_windows(t, a):
        if w is None:
            continue
        d = w - w.mean(0)
        cov = d.T @ d / len(w)
        p = d @ np.linalg.eigh(cov)[1][:, -1]
        energy = float(p @ p)
        r = [float(p[:-lag] @ p[lag:]) / energy if energy > 0 else 0.0 for lag in range(1, 31)]
        rms, _, _, sub = vs.window_evidence(w, False)
        out.append((rms, sub, r))
    return out


def peak(r, lo, hi):
    """Highest local maximum of the autocorrelation r (r[lag - 1]) at lags lo..hi."""
    return peak_and_lag(r, lo, hi)[0]


def peak_and_lag(r, lo, hi):
    """Highest local maximum of the autocorrelation r (r[lag - 1]) at lags lo..hi, and its lag (the
    first, on a tie; (0, lo) when there is none)."""
    best, at = 0.0, lo
    for lag in range(lo, hi + 1):
        if r[lag - 1] > r[lag - 2] and r[lag - 1] >= r[lag] and r[lag - 1] > best:
            best, at = r[lag - 1], lag
    return best, at


STEP_LAG = 8  # grid cells: 0.8 s, `gravityRemovedLongestStepPeriod`


def stride_rhythm(r, regularity, step_lag=STEP_LAG):
    """The shipped gravity-removed gait rhythm: a walking-band peak (0.5-1.4 s) >= 0.4 that, at a
    step's lag (up to `step_lag`), comes back at twice the lag (>= `regularity`), or a 0.3-0.4 s peak
    >= 0.6."""
    value, lag = peak_and_lag(r, 5, 14)
    repeats = lag > step_lag or r[min(2 * lag, len(r)) - 1] >= regularity
    return (value >= 0.4 and repeats) or peak(r, 3, 4) >= 0.6


def main(data, stride=False):
    variants = [("with gravity's rule (0.3–1.4 s at 0.4)", None), ("0.5–1.4 s at 0.4 only", 9.0)] + [
        (f"0.5–1.4 s at 0.4, 0.3–0.4 s at {x}", x) for x in (0.5, 0.6, 0.7)
    ]
    if stride:
        variants = [("no stride check (main)", ("stride", 0.0, STEP_LAG))] + [
            (f"stride >= {x}", ("stride", x, STEP_LAG)) for x in (0.1, 0.15, 0.2)
        ] + [("stride >= 0.2, every lag", ("stride", 0.2, 14))]
    print("| source | " + " | ".join(name for name, _ in variants) + " |")
    print("|---|" + "---|" * len(variants))
    with tempfile.TemporaryDirectory() as directory:
        for source in evaluate.SOURCES:
            if not (source.remove_gravity or "linacc" in source.name):
                continue
            recordings = []
            for path in sorted(glob.glob(os.path.join(data, source.folder, source.pattern))):
                if source.exclude and source.exclude in path:
                    continue
                copy, _ = evaluate.accelerometer_only(path, source, directory)
                recordings.append((os.path.basename(path), windows(*read(copy))))
            groups = [(source.name, recordings)]
            if stride and "tartu" in source.name:
                groups += [(f"— {c}", [x for x in recordings if f"_{c}_" in x[0]]) for c in ("c1", "c2")]
            for name, group in groups:
                print_row(name, source.in_vehicle, group, variants)


def print_row(name, in_vehicle, recordings, variants):
    """One table row: per variant, the share of windows in a ride, recordings never in one, on-foot share."""
    cells = []
    for _, short in variants:
        total = ride = never = on_foot = 0
        for _, ws in recordings:
            classes = []
            for rms, sub, r in ws:
                if isinstance(short, tuple):
                    rhythm = stride_rhythm(r, short[1], short[2])
                elif short is None:
                    rhythm = peak(r, 3, 14) >= 0.4
                else:
                    rhythm = peak(r, 5, 14) >= 0.4 or peak(r, 3, 4) >= short
                foot = rms >= vs.VIOLENT_RMS_G or (rms >= vs.ON_FOOT_RMS_G and rhythm)
                vehicle = rms >= vs.VIBRATION_MIN_G and sub >= vs.SUB_HERTZ_MIN_G
                classes.append(vs.ON_FOOT if foot else vs.VEHICLE_LIKE if vehicle else vs.QUIET)
            if not classes:
                continue
            flag, first = vs.states(classes)
            total += len(flag)
            ride += int(flag.sum())
            on_foot += classes.count(vs.ON_FOOT)
            never += first is None
        share = 100 * ride / max(total, 1)
        cells.append(
            f"{share:.1f} %" + (f" ({never} never)" if in_vehicle else "")
            + f", on foot {100 * on_foot / max(total, 1):.1f} %"
        )
    print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--stride"]
    main(
        arguments[0] if arguments else os.environ.get("LOCOMOTION_SHARED_DATA", "/work/shared/data"),
        stride="--stride" in sys.argv[1:],
    )
