"""Hand rules or a learned window scorer? Leave-one-source-out comparison for the in-vehicle stage.

Usage: python3 Benchmarks/vehicles/scorer_loso.py [--C 1.0]      (needs numpy, scipy, scikit-learn)

Both variants share everything but the class of an active window (vibration >= the vehicle floor):
the 10 Hz grid and 10 s windows of vehicle_state.py, the quiet class, and the state machine
(enter 30 s, leave on 13 on-foot windows of 14). Low-rate recordings (1-10 Hz) are first put on a
uniform grid at max(rate, 5) Hz with a low-pass at 0.4 x rate, as `locomotion analyze --resample
auto` does (an approximation of its sinc resampler).

- rules: vehicle_state.classify (periodic and strong, violent, or vertical >= 0.15 g: on foot).
- learned: a logistic regression on six window features (log dynamic RMS, log vibration,
  periodicity, log horizontal RMS, gravity-known flag, its product with log vibration) calls an
  active window vehicle-like (p >= 0.5) or on foot. It is trained only on recordings whose README
  gives a licence (vehicle_data.SOURCES' `licensed`), with each held-out source left out, TMD
  (vehicles, walks and still logs) as one source; class weights balanced.

Prints, per source, the share of window time inside a vehicle for both. Truth is per recording.
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vehicle_data  # noqa: E402
import vehicle_state as vs  # noqa: E402


def resample_like_analyze(t, acc):
    """1-10 Hz recordings on a uniform grid at max(rate, 5) Hz, low-passed at 0.4 x rate, not
    interpolated across gaps of more than 5 typical intervals; others unchanged."""
    from scipy.signal import butter, filtfilt

    distinct = np.unique(t)
    if len(distinct) < 3:
        return t, acc
    span = max(1, min(10, (len(distinct) - 1) // 10))
    intervals = (distinct[span:] - distinct[:-span]) / span
    typical = float(np.median(intervals[intervals > 0]))
    rate = 1 / typical
    if not 1 <= rate < 10:
        return t, acc
    target = max(rate, 5.0)
    cuts = np.flatnonzero(np.diff(t) > max(5 * typical, 0.1)) + 1
    bounds = [0, *cuts, len(t)]
    times, values = [], []
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        ts, first = np.unique(t[lo:hi], return_index=True)
        if len(ts) < 2:
            continue
        a = acc[lo:hi][first]
        grid = np.arange(ts[0], ts[-1] + 1e-9, 1 / target)
        out = np.stack([np.interp(grid, ts, a[:, i]) for i in range(3)], 1)
        if len(grid) > 30 and 0.4 * rate < 0.49 * target:
            b, a_ = butter(4, 0.4 * rate / (target / 2))
            out = filtfilt(b, a_, out, axis=0)
        times.append(grid)
        values.append(out)
    if not times:
        return t, acc
    return np.concatenate(times), np.concatenate(values)


def windows(t, acc, gravity):
    """Per window: features (rms, vibration, periodicity, horizontal rms, vertical known) and the
    rules' class; gaps as vehicle_state.evidence."""
    feats, classes, durations, ends = [], [], [], []
    cuts = np.flatnonzero(np.diff(t) > vs.WINDOW_S) + 1
    bounds = [0, *cuts, len(t)]
    for b in range(len(bounds) - 1):
        lo, hi = bounds[b], bounds[b + 1]
        if b > 0:
            feats.append([np.nan] * 5)
            classes.append(vs.UNKNOWN)
            durations.append(t[lo] - t[lo - 1])
            ends.append(t[lo])
        if hi - lo < 2:
            continue
        g, a, ok = vs.grid(t[lo:hi], acc[lo:hi])
        for s in range(0, len(g) - vs.WINDOW_N + 1, vs.HOP_N):
            durations.append((vs.WINDOW_N - 1) * vs.GRID_S)
            ends.append(g[s + vs.WINDOW_N - 1])
            if not ok[s:s + vs.WINDOW_N].all():
                feats.append([np.nan] * 5)
                classes.append(vs.UNKNOWN)
                continue
            w = a[s:s + vs.WINDOW_N]
            vertical = gravity and np.linalg.norm(w.mean(0)) > 0.5
            rms, vib, per, sub = vs.window_evidence(w, gravity)
            along = vib if vertical else 0.0
            feats.append([rms, vib, per, np.sqrt(max(rms * rms - along * along, 0.0)), float(vertical)])
            classes.append(vs.classify(rms, vib, per, sub, vertical=vertical))
    return np.array(feats).reshape(-1, 5), classes, np.array(durations), np.array(ends)


def design(f):
    rms, vib, per, hor, vertical = f.T
    return np.stack([np.log(rms + 1e-4), np.log(vib + 1e-4), per, np.log(hor + 1e-4), vertical,
                     vertical * np.log(vib + 1e-4)], 1)


def source_of(rec):
    """The table's row (TMD split by mode) and the held-out group (TMD as one source)."""
    name, source = rec["name"], rec["source"]
    if source.startswith("tmd"):
        mode = next(m for m in ("car", "bus", "train", "walking", "still") if f"_{m}_" in name)
        return f"tmd {mode}", "tmd"
    return source, source


def share(recs, classes_of):
    total = inside = 0.0
    for rec in recs:
        flag, _ = vs.states(classes_of(rec), rec["durations"])
        span = vs.intervals(rec["ends"], rec["durations"])
        total += span.sum()
        inside += span[flag].sum()
    return 100 * inside / total if total else float("nan")


def main():
    from sklearn.linear_model import LogisticRegression

    parser = argparse.ArgumentParser()
    parser.add_argument("--C", type=float, default=1.0, help="inverse regularisation of the regression")
    args = parser.parse_args()
    recs = []
    for rec in vehicle_data.recordings():
        t, acc = resample_like_analyze(rec["t"], rec["acc"])
        f, classes, durations, ends = windows(t, acc, rec["gravity"])
        if len(ends) == 0:
            continue
        row, group = source_of(rec)
        recs.append(dict(rec, t=None, acc=None, feats=f, classes=classes, durations=durations, ends=ends,
                         row=row, group=group))
    rows = sorted({r["row"] for r in recs}, key=lambda s: (not any(r["vehicle"] for r in recs if r["row"] == s), s))
    print("| source | in a vehicle | rules | learned, leave one source out |")
    print("|---|---|---|---|")
    means = {"rules": [], "learned": []}
    for row in rows:
        held = [r for r in recs if r["row"] == row]
        group = held[0]["group"]
        train = [r for r in recs if r["group"] != group and r["licensed"]]
        xs, ys = [], []
        for r in train:
            active = ~np.isnan(r["feats"][:, 0]) & (r["feats"][:, 1] >= vs.VIBRATION_MIN_G)
            xs.append(design(r["feats"][active]))
            ys.append(np.full(active.sum(), r["vehicle"]))
        model = LogisticRegression(C=args.C, max_iter=2000, class_weight="balanced")
        model.fit(np.concatenate(xs), np.concatenate(ys))

        def learned(r):
            out = list(r["classes"])
            f = r["feats"]
            active = ~np.isnan(f[:, 0]) & (f[:, 1] >= vs.VIBRATION_MIN_G)
            if active.any():
                p = model.predict_proba(design(f[active]))[:, 1]
                for i, pv in zip(np.flatnonzero(active), p):
                    out[i] = vs.VEHICLE_LIKE if pv >= 0.5 else vs.ON_FOOT
            return out

        rules = share(held, lambda r: list(r["classes"]))
        model_share = share(held, learned)
        vehicle = held[0]["vehicle"]
        if vehicle:
            means["rules"].append(rules)
            means["learned"].append(model_share)
        print(f"| {row} | {'yes' if vehicle else 'no'} | {rules:.1f} % | {model_share:.1f} % |")
    print(f"| mean in vehicles | | {np.mean(means['rules']):.1f} % | {np.mean(means['learned']):.1f} % |")


if __name__ == "__main__":
    main()
