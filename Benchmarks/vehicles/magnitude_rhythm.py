#!/usr/bin/env python3
"""Steps in the magnitude without gravity: prototype of the rule of the eighth round
(docs/Accuracy.md, "In a vehicle: steps in the magnitude").

For every gravity-removed row of evaluate.py (the same accelerometer-only rewrite and copies as
carried_or_resting.py, whose windows and classes it reuses, with the carried rule at (0.2, 0.2) and
the steady check at 0.7), each 10 s evidence window also gets the rhythm of the magnitude of its
acceleration about the window mean, |a - mean|: the highest autocorrelation peak at lags of
0.5-1.4 s, when the autocorrelation also reaches 0.2 at twice the lag (steps repeat). Rule: a window
without gravity of at least 0.12 g r.m.s. whose magnitude peak is >= P is on foot. Prints the share
of windows in a ride per source for P in a grid (None = main) and the leave-one-source-out choice:
for each held-out source, the P that minimises the other sources' mean missed in-vehicle share plus
mean false share.

Usage: python3 Benchmarks/vehicles/magnitude_rhythm.py [DATA_DIR] [--cache DIR]   (numpy; ~5 min)
"""

from __future__ import annotations

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import carried_or_resting as cr  # noqa: E402
import gravity_removed_rhythm as rhythm  # noqa: E402
import vehicle_state as vs  # noqa: E402

GRID = [None, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7]


def magnitude_peak(w):
    """Walking-band peak of the autocorrelation of |a - mean|, 0 unless it comes back (>= 0.2) at
    twice its lag."""
    m = np.linalg.norm(w - w.mean(0), axis=1)
    m = m - m.mean()
    energy = float(m @ m)
    if energy <= 0:
        return 0.0
    r = [float(m[:-lag] @ m[lag:]) / energy for lag in range(1, 31)]
    best, lag = rhythm.peak_and_lag(r, 5, 14)
    return best if r[2 * lag - 1] >= 0.2 else 0.0


def windows(t, a, gravity):
    """carried_or_resting.window_features with each known window's r.m.s. and magnitude peak."""
    return cr.window_features(t, a, gravity, lambda cells: {
        "magnitude_peak": magnitude_peak(cells),
        "rms": float(np.sqrt(((cells - cells.mean(0)) ** 2).sum(1).mean())),
    })


def main(data, cache):
    sources = cr.features(data, cache, windows, lambda source: "linacc" in source.name)
    names = list(sources)

    def rule(threshold):
        return lambda w: threshold is not None and w["rms"] >= vs.ON_FOOT_RMS_G and w["magnitude_peak"] >= threshold

    table = {p: {n: cr.ride_share(sources[(n, v)], (0.2, 0.2), 0.7, rule(p)) for n, v in names} for p in GRID}
    print("| source | in a vehicle | " + " | ".join("main" if p is None else f"P = {p}" for p in GRID) + " |")
    print("|---|---|" + "---|" * len(GRID))
    for n, v in names:
        print(f"| {n} | {'yes' if v else 'no'} | " + " | ".join(f"{100 * table[p][n]:.1f} %" for p in GRID) + " |")
    print("\nLeave one source out:\n\n| held out | chosen P | held-out source: main → chosen |\n|---|---|---|")
    cr.loso(table, GRID, names)


if __name__ == "__main__":
    main(*cr.command_line("/tmp/magnitude-rhythm"))
