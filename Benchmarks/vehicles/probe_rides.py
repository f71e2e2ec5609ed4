#!/usr/bin/env python3
"""The executable's own evidence windows on every row of evaluate.py, and the shipped state machine
over them: where each false or missed ride comes from, window by window.

`window_probe/` writes the windows `VehicleEvidence` emits on the samples `locomotion analyze`
gives it (its resampling included), and the samples themselves; this script runs it on the same
accelerometer-only rewrite as `evaluate.py` (gravity-removed copies included), caches both, and
replays `InVehicleStateMachine` (entering with the steady-shake check, the seated lookback, the
on-foot and still exits, the short-recording rule) over the windows. Time in a ride is the windows'
time (`vehicle_state.intervals`), close to but not equal to `evaluate.py`'s timeline time.

Usage:
    swift build --package-path Benchmarks/vehicles/window_probe
    python3 Benchmarks/vehicles/probe_rides.py ../shared/data --probe PROBE [--cache DIR]
        [--sources tmd,uci] [-v] [--noise-loso | --magnitude-loso]

Importable: `recordings(data, probe, cache, only)` yields (source, in a vehicle, name, windows,
samples) and `states(kinds, windows)` is the machine. Standard library and numpy.
"""

from __future__ import annotations

import argparse
import concurrent.futures
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
ENTER, FRACTION, LOOKBACK, EXIT_SPAN, EXIT_ON_FOOT, STILL, GAP = 30, 0.95, 30, 14, 13, 300, 300.0
SHORT_MINIMUM, STEADY, BURST_RATIO = 10, 0.7, 1.5
# InVehicleStateMachine.Configuration.enterNoiseRMS (g) and enterSubHertzToShake; None turns it off.
NOISE = (0.08, 0.4)


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in text)


def _probe_one(source, path, probe, cache):
    base = os.path.join(cache, _slug(source.name), os.path.basename(path)[:-4])
    os.makedirs(os.path.dirname(base), exist_ok=True)
    if not os.path.exists(base + ".npz"):
        with tempfile.TemporaryDirectory() as directory:
            trimmed, _ = evaluate.accelerometer_only(path, source, directory, None)
            out, samples = os.path.join(directory, "w.csv"), os.path.join(directory, "s.csv")
            run = subprocess.run([probe, trimmed, out, samples], capture_output=True, text=True)
            if run.returncode != 0:
                np.savez(base + ".npz", failed=np.array([1]))
                return
            with open(out, newline="") as handle:
                rows = list(csv.DictReader(handle))
            s = np.loadtxt(samples, delimiter=",", skiprows=1, ndmin=2)
            with open(trimmed) as handle:
                gravity = handle.readline().split(",")[1].strip().startswith("acc")
        columns = {k: np.array([float(r[k]) for r in rows]) for k in (rows[0] if rows else {}) if k != "kind"}
        np.savez(
            base + ".npz", kind=np.array([KIND[r["kind"]] for r in rows]), samples=s, gravity=np.array([gravity]),
            **columns)


def recordings(data, probe, cache, only=None, jobs=2):
    """(source, in a vehicle, recording name, window columns, samples [N x 4]) for every row."""
    work = []
    for source in evaluate.SOURCES:
        if only and not any(part in source.name for part in only):
            continue
        paths = sorted(glob.glob(os.path.join(data, source.folder, source.pattern)))
        paths = [p for p in paths if not (source.exclude and p.endswith(source.exclude))]
        work += [(source, p) for p in paths]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(lambda job: _probe_one(*job, probe, cache), work))
    for source, path in work:
        z = np.load(os.path.join(cache, _slug(source.name), os.path.basename(path)[:-4] + ".npz"))
        if "failed" in z:
            continue
        w = {k: z[k] for k in z.files if k != "samples"}
        w["kind"] = list(w["kind"]) if "kind" in w else []
        yield source, os.path.basename(path)[:-4], w, z["samples"]


def _not_noise(windows, kinds, lo, hi):
    """The noise check at entry: over the vehicle-like windows without a known vertical (no
    vertical or horizontal shake measured), pooled r.m.s. >= NOISE[0] or summed squared sub-hertz
    motion >= NOISE[1]^2 x summed squared within-second shake (r.m.s.^2 - sub-hertz^2)."""
    if NOISE is None:
        return True
    rms = sub = 0.0
    count = 0
    for i in range(lo, hi):
        if kinds[i] != "V" or windows["vertical_shake_g"][i] != 0 or windows["horizontal_shake_g"][i] != 0:
            continue
        r, h = windows["dynamic_rms_g"][i], windows["sub_hertz_g"][i]
        if not (np.isfinite(r) and np.isfinite(h)):
            continue
        rms, sub, count = rms + r * r, sub + h * h, count + 1
    if count == 0 or rms / count >= NOISE[0] ** 2:
        return True
    return sub >= NOISE[1] ** 2 * max(rms - sub, 0.0)


def _steady(windows, kinds, lo, hi):
    values, vertical, horizontal = [], 0.0, 0.0
    for i in range(lo, hi):
        if kinds[i] != "V":
            continue
        v, h = windows["vertical_shake_g"][i], windows["horizontal_shake_g"][i]
        if np.isfinite(v) and np.isfinite(h):
            vertical += v * v
            horizontal += h * h
        x = windows["shake_variation"][i]
        if np.isfinite(x):
            values.append(x)
    if not values or STEADY <= 0 or np.median(values) < STEADY:
        return True
    return vertical > 0 and horizontal <= BURST_RATIO**2 * vertical


QUIET_SHARE = None  # (span, share): a variant exit, the share of quiet windows among the last span


def states(kinds, windows, enter_check=None):
    """In-ride flag per window (final, dated back), as InVehicleStateMachine and InVehicleStage.
    `enter_check(lo, hi)`, when given, must also allow an entry over windows lo..hi-1."""
    n = len(kinds)
    flag = np.zeros(n, bool)
    inside, quiet, since = False, 0, 0
    durations = windows["duration_s"]
    for k in range(n):
        c = kinds[k]
        long_gap = c == "U" and durations[k] >= GAP
        since = 0 if long_gap else since + 1
        if not inside:
            if since >= ENTER:
                lo = k - ENTER + 1
                run = kinds[lo:k + 1]
                if ("F" not in run and run.count("V") >= FRACTION * ENTER and _steady(windows, kinds, lo, k + 1)
                        and _not_noise(windows, kinds, lo, k + 1) and (enter_check is None or enter_check(lo, k + 1))):
                    inside, quiet = True, 0
                    flag[vs.seated_start(kinds, lo, since, ENTER, LOOKBACK):k + 1] = True
        else:
            flag[k] = True
            quiet = quiet + 1 if c == "Q" else 0
            recent = kinds[max(0, k - EXIT_SPAN + 1):k + 1]
            if recent.count("F") >= EXIT_ON_FOOT:
                flag[k - len(recent) + 1 + recent.index("F"):k + 1] = False
                inside = False
            elif quiet >= STILL or long_gap:
                inside = False
            elif QUIET_SHARE and k >= QUIET_SHARE[0] and kinds[k - QUIET_SHARE[0] + 1:k + 1].count("Q") >= QUIET_SHARE[1] * QUIET_SHARE[0]:
                inside = False
    if not inside and SHORT_MINIMUM <= since < ENTER:
        run = kinds[n - since:]
        if ("F" not in run and run.count("V") >= FRACTION * since and _steady(windows, kinds, n - since, n)
                and _not_noise(windows, kinds, n - since, n) and (enter_check is None or enter_check(n - since, n))):
            flag[n - since:] = True
    return flag


def shares(recs):
    """{source: share of window time in a ride} and the recordings below 90 % / above 1 %."""
    time, ride, misses = {}, {}, {}
    for source, name, w, _ in recs:
        if not w["kind"]:
            continue
        flag = states(w["kind"], w)
        span = vs.intervals(w["end_s"], w["duration_s"])
        time[source.name] = time.get(source.name, 0) + span.sum()
        ride[source.name] = ride.get(source.name, 0) + span[flag].sum()
        share = span[flag].sum() / max(span.sum(), 1e-9)
        if (source.in_vehicle and share < 0.9) or (not source.in_vehicle and share > 0.01):
            misses.setdefault(source.name, []).append(f"{name} {100 * share:.1f} %")
    return {s: ride[s] / time[s] for s in time}, misses


# The grid of the noise check, leave one source out: (enterNoiseRMS g, enterSubHertzToShake); white
# noise gives a ratio of 1/3 with one-second blocks of ten 0.1 s cells.
NOISE_GRID = [None] + [(a, b) for a in (0.05, 0.08, 0.12) for b in (1 / 3, 0.4, 0.5)]


def noise_loso(recs, in_vehicle):
    """Prints each source's share for every setting of NOISE_GRID, and for each held-out source the
    setting that minimises the other sources' mean missed in-vehicle share plus mean false share
    (every setting at that cost listed: a tie is a tie)."""
    global NOISE
    saved, table = NOISE, {}
    for setting in NOISE_GRID:
        NOISE = setting
        table[setting] = shares(recs)[0]
    NOISE = saved
    print_loso(table, NOISE_GRID, in_vehicle, lambda g: "off" if g is None else f"({g[0]}, {g[1]:.2f})")


def print_loso(table, grid, in_vehicle, label=str, changed_only=False):
    """The per-source table of `table[setting][source]` over `grid` (None = off; with
    `changed_only`, only the rows that move), and for each held-out source the settings that
    minimise the other sources' mean missed in-vehicle share plus mean false share (every setting
    at that cost listed: a tie is a tie)."""
    names = list(table[None])
    print("| source | in a vehicle | " + " | ".join(label(g) for g in grid) + " |")
    print("|---|---|" + "---|" * len(grid))
    for n in names:
        if not changed_only or any(abs(table[g][n] - table[None][n]) > 5e-4 for g in grid):
            print(f"| {n} | {'yes' if in_vehicle[n] else 'no'} | " + " | ".join(f"{100 * table[g][n]:.1f} %" for g in grid) + " |")

    def cost(g, held):
        missed = [1 - table[g][n] for n in names if in_vehicle[n] and n != held]
        false = [table[g][n] for n in names if not in_vehicle[n] and n != held]
        return round(float(np.mean(missed) + np.mean(false)), 9)

    print("\n| held out | chosen (tied settings) | held-out source: off → chosen |\n|---|---|---|")
    for held in names:
        best = min(cost(g, held) for g in grid)
        tied = [g for g in grid if cost(g, held) == best]
        outcomes = sorted({f"{100 * table[g][held]:.1f} %" for g in tied})
        print(f"| {held} | {', '.join(label(g) for g in tied)} | {100 * table[None][held]:.1f} % → {' or '.join(outcomes)} |")


def magnitude_peaks(w, samples):
    """Per window (aligned by end time; 0 where not found): the walking-band peak of the
    autocorrelation of |a - mean| on the 10 Hz grid of the samples the evidence saw, and the
    autocorrelation at twice its lag (the magnitude rule of VehicleEvidence)."""
    import gravity_removed_rhythm as rhythm

    found = {}
    for end, c in vs.grid_windows(samples[:, 0], samples[:, 1:4]):
        if c is None:
            continue
        m = np.linalg.norm(c - c.mean(0), axis=1)
        m = m - m.mean()
        energy = float(m @ m)
        if energy <= 0:
            continue
        r = [float(m[:-lag] @ m[lag:]) / energy for lag in range(1, 31)]
        best, lag = rhythm.peak_and_lag(r, 5, 14)
        found[round(float(end), 1)] = (best, r[2 * lag - 1])
    pairs = [found.get(round(float(e), 1), (0.0, 0.0)) for e in w["end_s"]]
    return np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])


MAGNITUDE_GRID = [None, 0.6, 0.65, 0.7, 0.75, 0.8]


def magnitude_loso(recs, in_vehicle):
    """The sub-hertz limit of the magnitude rule, leave one source out, on windows made without it
    (VEHICLE_PROBE_MAGNITUDE_MAXIMUM_SUBHERTZ=1): an on-foot window without gravity that only the
    magnitude rule explains (no principal-axis periodicity of 0.4, not the carried rule, not violent;
    magnitude peak >= 0.5 repeating >= 0.2) is vehicle-like again when its sub-hertz motion is at
    least X times its r.m.s."""
    prepared = []
    for source, name, w, samples in recs:
        if not w["kind"]:
            continue
        kinds = list(w["kind"])
        rms, sub, per = w["dynamic_rms_g"], w["sub_hertz_g"], w["periodicity"]
        only = np.zeros(len(kinds), bool)
        if w["vertical_shake_g"].max(initial=0) == 0 and not str(w.get("gravity", [False])[0]) == "True":
            peak, repeat = magnitude_peaks(w, samples)
            shake = np.sqrt(np.maximum(rms**2 - sub**2, 0))
            only = ((np.array(kinds) == "F") & (rms >= vs.ON_FOOT_RMS_G) & (rms < vs.VIOLENT_RMS_G) & (per < 0.4)
                    & ~((sub >= 0.2) & (shake >= 0.2)) & (peak >= 0.5) & (repeat >= 0.2))
        prepared.append((source, w, kinds, only, sub / np.maximum(rms, 1e-12)))
    table = {}
    for x in MAGNITUDE_GRID:
        time, ride = {}, {}
        for source, w, kinds, only, share in prepared:
            changed = [("V" if (x is not None and only[i] and share[i] >= x) else k) for i, k in enumerate(kinds)]
            flag = states(changed, w)
            span = vs.intervals(w["end_s"], w["duration_s"])
            time[source.name] = time.get(source.name, 0) + span.sum()
            ride[source.name] = ride.get(source.name, 0) + span[flag].sum()
        table[x] = {s: ride[s] / time[s] for s in time}
    print_loso(table, MAGNITUDE_GRID, in_vehicle, lambda x: "off" if x is None else f"X = {x}", changed_only=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data")
    parser.add_argument("--probe", required=True)
    parser.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "probe-rides"))
    parser.add_argument("--sources")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("-v", action="store_true", help="list recordings below 90 % / above 1 %")
    parser.add_argument("--noise-loso", action="store_true", help="the noise check's grid, leave one source out")
    parser.add_argument(
        "--magnitude-loso", action="store_true",
        help="the magnitude rule's sub-hertz limit, leave one source out (probe run with "
        "VEHICLE_PROBE_MAGNITUDE_MAXIMUM_SUBHERTZ=1)")
    args = parser.parse_args()
    only = args.sources.split(",") if args.sources else None
    recs = list(recordings(args.data, args.probe, args.cache, only, args.jobs))
    if args.magnitude_loso:
        magnitude_loso(recs, {source.name: source.in_vehicle for source, *_ in recs})
        return
    if args.noise_loso:
        noise_loso(recs, {source.name: source.in_vehicle for source, *_ in recs})
        return
    table, misses = shares(recs)
    for s, share in table.items():
        print(f"| {s} | {100 * share:.1f} % |")
        if args.v and s in misses:
            print("    " + "; ".join(misses[s]))


if __name__ == "__main__":
    main()
