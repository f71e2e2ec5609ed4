#!/usr/bin/env python3
"""A carried phone without gravity, a resting person's bursts: prototype of the two rules of the
seventh round (docs/Accuracy.md, "In a vehicle: a carried phone, a resting person's bursts").

For every row of evaluate.py (the same accelerometer-only rewrite; gravity-removed copies through
gravity_removal.py; recordings below 10 Hz put on a uniform grid at max(rate, 5 Hz) by linear
interpolation, as `--resample auto` roughly does), the 10 s evidence windows of vehicle_state.py
with the shipped gravity-removed rhythm (gravity_removed_rhythm.stride_rhythm) and, per window:

- `sub3`: the three-axis sub-hertz motion (r.m.s. of the one-second means about the window mean);
- `shake`: the three-axis within-second shake (r.m.s. about the one-second means);
- `variation`: the coefficient of variation of the ten one-second shakes (how bursty the window is).

Rules: **carried** (gravity removed only): a vehicle-like window with sub3 >= A and shake >= B is on
foot; **steady** (any input): entering a ride also needs the median `variation` of the vehicle-like
windows among the 30 entering ones below V. Prints the share of windows in a ride per source for
main and the variants, and the leave-one-source-out choice: for each held-out source, the setting in
the grid that minimises the other sources' mean missed in-vehicle share plus mean false share.

Usage: python3 Benchmarks/vehicles/carried_or_resting.py [DATA_DIR] [--cache DIR]   (numpy; ~10 min)
"""

from __future__ import annotations

import glob
import itertools
import math
import os
import pickle
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import evaluate  # noqa: E402
import gravity_removed_rhythm as rhythm  # noqa: E402
import vehicle_state as vs  # noqa: E402

ENTER = 30


def resample(t, a):
    """Below 10 Hz (and at 1 Hz or more): a uniform grid at max(rate, 5 Hz), linear interpolation,
    within stretches without a gap longer than a window."""
    d = np.diff(t)
    d = d[d > 0]
    if len(d) == 0:
        return t, a
    rate = 1 / np.median(d)
    if rate >= 10 or rate < 1:
        return t, a
    step = 1 / max(rate, 5.0)
    cuts = np.flatnonzero(np.diff(t) > vs.WINDOW_S) + 1
    times, values = [], []
    for lo, hi in zip([0, *cuts], [*cuts, len(t)]):
        if hi - lo < 2:
            continue
        grid = np.arange(t[lo], t[hi - 1], step)
        times.append(grid)
        values.append(np.stack([np.interp(grid, t[lo:hi], a[lo:hi, i]) for i in range(3)], 1))
    return np.concatenate(times), np.concatenate(values)


def window_features(t, a, gravity, extra=None):
    """Per window: None (unknown) or a dict of the shipped class inputs and the new measures (and
    of `extra(cells)`, a dict of more, when given)."""
    out = []
    cuts = np.flatnonzero(np.diff(t) > vs.WINDOW_S) + 1
    for lo, hi in zip([0, *cuts], [*cuts, len(t)]):
        if hi - lo < 2:
            continue
        _, grid, ok = vs.grid(t[lo:hi], a[lo:hi])
        for s in range(0, len(grid) - vs.WINDOW_N + 1, vs.HOP_N):
            if not ok[s:s + vs.WINDOW_N].all():
                out.append(None)
                continue
            w = grid[s:s + vs.WINDOW_N]
            mean = w.mean(0)
            d = w - mean
            vertical = gravity and np.linalg.norm(mean) > 0.5
            rms, vib, per, sub = vs.window_evidence(w, gravity)
            if vertical:
                kind = vs.classify(rms, vib, per, sub, vertical=True)
            else:
                p = d @ np.linalg.eigh(d.T @ d / len(w))[1][:, -1]
                energy = float(p @ p)
                r = [float(p[:-lag] @ p[lag:]) / energy if energy > 0 else 0.0 for lag in range(1, 31)]
                foot = rms >= vs.VIOLENT_RMS_G or (rms >= vs.ON_FOOT_RMS_G and rhythm.stride_rhythm(r, 0.2))
                kind = vs.ON_FOOT if foot else vs.VEHICLE_LIKE if rms >= vs.VIBRATION_MIN_G and sub >= vs.SUB_HERTZ_MIN_G else vs.QUIET
            blocks = w[: (len(w) // 10) * 10].reshape(-1, 10, 3)
            within = blocks - blocks.mean(1, keepdims=True)
            block_rms = np.sqrt((within**2).sum(2).mean(1))
            out.append(dict(
                kind=kind, vertical=vertical,
                sub3=float(np.sqrt(((blocks.mean(1) - mean) ** 2).sum(1).mean())),
                shake=float(np.sqrt((within**2).sum(2).mean())),
                variation=float(block_rms.std() / block_rms.mean()) if block_rms.mean() > 0 else 0.0,
            ) | (extra(w) if extra else {}))
    return out


def features(data, cache, windows=None, keep=lambda source: "voisard" not in source.name):
    """{(source name, in vehicle): {recording: windows}}, cached per source: `windows(t, a, gravity)`
    (default `window_features`) for every source `keep` accepts."""
    windows = windows or window_features
    os.makedirs(cache, exist_ok=True)
    result = {}
    for source in evaluate.SOURCES:
        if not keep(source):
            continue
        path = os.path.join(cache, "".join(c if c.isalnum() else "_" for c in source.name) + ".pkl")
        if not os.path.exists(path):
            recordings = {}
            for recording in sorted(glob.glob(os.path.join(data, source.folder, source.pattern))):
                if source.exclude and source.exclude in recording:
                    continue
                with tempfile.TemporaryDirectory() as directory:
                    copy, _ = evaluate.accelerometer_only(recording, source, directory)
                    t, a = rhythm.read(copy)
                    with open(copy) as handle:
                        gravity = handle.readline().split(",")[1].strip().startswith("acc")
                if len(t) < 10:
                    continue
                recordings[os.path.basename(recording)] = windows(*resample(t, a), gravity)
            with open(path, "wb") as handle:
                pickle.dump(recordings, handle)
        with open(path, "rb") as handle:
            result[(source.name, source.in_vehicle)] = pickle.load(handle)
    return result


def states(kinds, windows, variation_limit):
    """vehicle_state.states with the steady-shake check at entry; the in-ride flag per window."""
    flag = np.zeros(len(kinds), bool)
    inside, quiet = False, 0
    for k, kind in enumerate(kinds):
        if not inside:
            lo = max(0, k - ENTER + 1)
            run = kinds[lo:k + 1]
            if k + 1 >= ENTER and vs.ON_FOOT not in run and run.count(vs.VEHICLE_LIKE) >= 0.95 * ENTER:
                values = [w["variation"] for w, c in zip(windows[lo:k + 1], run) if c == vs.VEHICLE_LIKE]
                if variation_limit is None or not values or np.median(values) < variation_limit:
                    inside = True
                    back = 0
                    while back < vs.ENTRY_LOOKBACK_WINDOWS and lo > 0 and kinds[lo - 1] in (vs.QUIET, vs.VEHICLE_LIKE):
                        lo -= 1
                        back += 1
                    flag[lo:k + 1] = True
                    quiet = 0
        else:
            flag[k] = True
            quiet = quiet + 1 if kind == vs.QUIET else 0
            recent = kinds[max(0, k - vs.EXIT_SPAN_WINDOWS + 1):k + 1]
            if recent.count(vs.ON_FOOT) >= vs.EXIT_ON_FOOT_WINDOWS:
                flag[k - len(recent) + 1 + recent.index(vs.ON_FOOT):k + 1] = False
                inside = False
            elif quiet >= vs.STILL_EXIT_S:
                inside = False
    return flag


def ride_share(recordings, carried, variation_limit, on_foot=None):
    """Share of windows in a ride; `on_foot(window)`, when given, makes more windows on foot."""
    total = ride = 0
    for windows in recordings.values():
        kinds = []
        for w in windows:
            if w is None:
                kinds.append(vs.UNKNOWN)
                continue
            kind = w["kind"]
            if (carried and kind == vs.VEHICLE_LIKE and not w["vertical"]
                    and w["sub3"] >= carried[0] and w["shake"] >= carried[1]):
                kind = vs.ON_FOOT
            if on_foot and on_foot(w):
                kind = vs.ON_FOOT
            kinds.append(kind)
        flag = states(kinds, windows, variation_limit)
        total += len(flag)
        ride += int(flag.sum())
    return ride / max(total, 1)


def loso(table, settings, names):
    """For each held-out source: the setting minimising the others' mean missed + mean false share."""
    def cost(setting, held):
        missed = [1 - table[setting][s] for s, v in names if v and s != held]
        false = [table[setting][s] for s, v in names if not v and s != held]
        return np.mean(missed) + np.mean(false)
    for held, _ in names:
        best = min(settings, key=lambda g: (cost(g, held), str(g)))
        print(f"| {held} | {best} | {100 * table[settings[0]][held]:.1f} % → {100 * table[best][held]:.1f} % |")


def main(data, cache):
    sources = features(data, cache)
    names = [(name, vehicle) for name, vehicle in sources]
    carried_grid = [None] + list(itertools.product([0.1, 0.125, 0.15, 0.175, 0.2, 0.25], repeat=2))
    variation_grid = [None, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9]
    print("Carried rule (gravity removed), leave one source out over sub3 >= A, shake >= B (A, B):\n")
    print("| held out | chosen (A, B) | held-out source: main → chosen |\n|---|---|---|")
    carried = {g: {n: ride_share(sources[(n, v)], g, None) for n, v in names} for g in carried_grid}
    loso(carried, carried_grid, names)
    print("\nSteady check with the carried rule at (0.2, 0.2), leave one source out over V:\n")
    print("| held out | chosen V | held-out source: main → chosen |\n|---|---|---|")
    steady = {g: {n: ride_share(sources[(n, v)], (0.2, 0.2), g) for n, v in names} for g in variation_grid}
    loso(steady, variation_grid, names)
    print("\n| source | in a vehicle | main | carried (0.2, 0.2) | " + " | ".join(f"+ steady < {g}" for g in variation_grid[1:]) + " |")
    print("|---|---|---|---|" + "---|" * (len(variation_grid) - 1))
    for n, v in names:
        cells = [carried[None][n], carried[(0.2, 0.2)][n]] + [steady[g][n] for g in variation_grid[1:]]
        print(f"| {n} | {'yes' if v else 'no'} | " + " | ".join(f"{100 * c:.1f} %" for c in cells) + " |")


def command_line(cache):
    """(DATA_DIR, cache folder) from `[DATA_DIR] [--cache DIR]`, `cache` by default."""
    arguments = sys.argv[1:]
    if "--cache" in arguments:
        i = arguments.index("--cache")
        cache = arguments[i + 1]
        del arguments[i:i + 2]
    return arguments[0] if arguments else os.environ.get("LOCOMOTION_SHARED_DATA", "/work/shared/data"), cache


if __name__ == "__main__":
    main(*command_line("/tmp/carried-or-resting"))
