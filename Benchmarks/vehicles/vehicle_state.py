"""Reference prototype of the in-vehicle decision (Swift: Sources/Locomotion/Vehicle/).

Usage: python3 vehicle_state.py [-v [-v]] [source ...]   per-source table over the shared data
(LOCOMOTION_SHARED_DATA, default /work/shared/data; -v lists the recordings that miss, -v -v
with their window classes). VS_<THRESHOLD> environment variables override a threshold for
comparing variants.

Evidence (VehicleEvidence): the acceleration is averaged in GRID_S cells (a 10 Hz grid; an empty
cell holds the previous one for at most MAX_HOLD_S), so every input rate from 5 to 400 Hz gives the
same kind of signal and heel strikes do not alias over the step rhythm. Every HOP_S a
window of WINDOW_S gives three numbers:
  dynamic_rms  sqrt(trace of the covariance) of the 3-axis acceleration          (g)
  vibration    SD of the acceleration along the window's mean direction (gravity
               included: vertical, tilt-immune) or dynamic_rms (gravity removed)  (g)
  periodicity  highest local maximum of the normalised autocorrelation of the vertical
               (gravity removed: principal-axis) acceleration at lags 0.3-1.4 s  (-)
  sub_hertz    RMS of the window's 1 s block means about its mean (3 axes, or along gravity)  (g)
and a class: on_foot / vehicle_like / quiet / unknown (vehicle-like without gravity also needs
sub_hertz >= SUB_HERTZ_MIN_G: a person at rest stays in place).
State (InVehicleState): entering takes ENTER_S of windows of which >= ENTER_FRACTION are vehicle-like
and none on foot; the ride is backdated to the start of that run and over up to ENTRY_LOOKBACK_WINDOWS
quiet or vehicle-like windows before it. Leaving takes EXIT_ON_FOOT_WINDOWS
on-foot windows among the last EXIT_SPAN_WINDOWS (backdated to the first of them), or STILL_EXIT_S of
quiet windows (parked), or a gap of GAP_EXIT_S.
"""

import os
import sys

import numpy as np

GRID_S = 0.1
WINDOW_S = 10.0
HOP_S = 1.0
MAX_HOLD_S = 1.0
HOLD_CELLS = int(round(MAX_HOLD_S / GRID_S))
WINDOW_N = int(round(WINDOW_S / GRID_S))
HOP_N = int(round(HOP_S / GRID_S))
LAG_MIN, LAG_MAX = 3, 14  # grid samples: 0.3 .. 1.4 s (steps and strides)

VIBRATION_MIN_G = float(os.environ.get("VS_VIBRATION_MIN_G", 0.008))
ON_FOOT_RMS_G = float(os.environ.get("VS_ON_FOOT_RMS_G", 0.12))
ON_FOOT_PERIODICITY = float(os.environ.get("VS_ON_FOOT_PERIODICITY", 0.4))
VIOLENT_RMS_G = 0.6
ON_FOOT_VERTICAL_G = float(os.environ.get("VS_ON_FOOT_VERTICAL_G", 0.15))
# The vertical rule also needs this multiple of the vertical vibration horizontally (gait moves a
# phone every way; a road bump reaches a seated passenger vertically).
ON_FOOT_HORIZONTAL_RATIO = float(os.environ.get("VS_ON_FOOT_HORIZONTAL_RATIO", 1.0))
# Gravity removed (vertical unknown): vehicle-like also needs this much sub-hertz motion (g), the
# RMS of the window's 1 s block means about its mean (speed changes, turns, sway).
SUB_HERTZ_MIN_G = float(os.environ.get("VS_SUB_HERTZ_MIN_G", 0.006))
ENTER_S = float(os.environ.get("VS_ENTER_S", 30.0))
ENTER_FRACTION = float(os.environ.get("VS_ENTER_FRACTION", 0.95))
ENTRY_LOOKBACK_WINDOWS = 30
EXIT_SPAN_WINDOWS = 14
EXIT_ON_FOOT_WINDOWS = 13
STILL_RMS_G = 0.01
STILL_EXIT_S = 300.0
GAP_EXIT_S = 300.0

ON_FOOT, VEHICLE_LIKE, QUIET, UNKNOWN = "F", "V", "Q", "U"


def grid(t, acc):
    """Cell means on the grid (samples with t in [k, k+1) * GRID_S averaged; an empty cell holds the
    previous cell's value for at most MAX_HOLD_S, later ones are unknown)."""
    cell = np.floor((t - t[0]) / GRID_S).astype(int)
    n = cell[-1] + 1
    cnt = np.bincount(cell, minlength=n)
    sums = np.stack([np.bincount(cell, acc[:, i], minlength=n) for i in range(3)], 1)
    out = np.zeros((n, 3))
    ok = np.zeros(n, bool)
    last, last_k = None, -10**9
    for k in range(n):
        if cnt[k]:
            last, last_k = sums[k] / cnt[k], k
        if last is not None and k - last_k <= HOLD_CELLS:
            out[k] = last
            ok[k] = True
    return t[0] + np.arange(n) * GRID_S, out, ok


def window_evidence(w, gravity_included):
    n = len(w)
    mean = w.mean(0)
    dyn = w - mean
    cov = dyn.T @ dyn / n
    rms = float(np.sqrt(max(np.trace(cov), 0.0)))
    if gravity_included:
        norm = np.linalg.norm(mean)
        vib = float(np.sqrt(np.mean((dyn @ (mean / norm)) ** 2))) if norm > 0.5 else rms
    else:
        vib = rms
    if gravity_included and np.linalg.norm(mean) > 0.5:
        p = dyn @ (mean / np.linalg.norm(mean))
    else:
        _, vecs = np.linalg.eigh(cov)
        p = dyn @ vecs[:, -1]
    den = float(p @ p)
    per = 0.0
    if den > 0:
        r = [float(p[:-lag] @ p[lag:]) / den for lag in range(LAG_MIN - 1, LAG_MAX + 2)]
        for i in range(1, len(r) - 1):
            if r[i] > r[i - 1] and r[i] >= r[i + 1]:
                per = max(per, r[i])
    blocks = w[: (n // 10) * 10].reshape(-1, 10, 3).mean(1) - mean
    if gravity_included and np.linalg.norm(mean) > 0.5:
        sub = float(np.sqrt(np.mean((blocks @ (mean / np.linalg.norm(mean))) ** 2)))
    else:
        sub = float(np.sqrt(np.mean(np.sum(blocks * blocks, 1))))
    return rms, vib, per, sub


def classify(rms, vib, per, sub=np.inf, vertical=False):
    """`vertical`: `vib` is the SD along gravity (gravity included and |mean| > 0.5 g); `sub` the
    sub-hertz motion (g), needed for vehicle-like only without it."""
    if (rms >= VIOLENT_RMS_G or (rms >= ON_FOOT_RMS_G and per >= ON_FOOT_PERIODICITY)
            or (vertical and vib >= ON_FOOT_VERTICAL_G
                and np.sqrt(max(rms * rms - vib * vib, 0.0)) >= ON_FOOT_HORIZONTAL_RATIO * vib)):
        return ON_FOOT
    if vib >= VIBRATION_MIN_G and (vertical or sub >= SUB_HERTZ_MIN_G):
        return VEHICLE_LIKE
    return QUIET


def evidence(t, acc, gravity_included):
    """Window end times, classes (one per HOP_S) and stats (rms, vibration, periodicity, duration).

    A gap longer than WINDOW_S ends a segment: one unknown window spans the gap and the grid
    restarts at the next sample (as the Swift stream does)."""
    ends, classes, stats = [], [], []
    cuts = np.flatnonzero(np.diff(t) > WINDOW_S) + 1
    bounds = [0, *cuts, len(t)]
    for b in range(len(bounds) - 1):
        lo, hi = bounds[b], bounds[b + 1]
        if b > 0:
            ends.append(t[lo])
            classes.append(UNKNOWN)
            stats.append((np.nan, np.nan, np.nan, t[lo] - t[lo - 1]))
        g, a, ok = grid(t[lo:hi], acc[lo:hi])
        for s in range(0, len(g) - WINDOW_N + 1, HOP_N):
            ends.append(g[s + WINDOW_N - 1])
            if not ok[s:s + WINDOW_N].all():
                classes.append(UNKNOWN)
                stats.append((np.nan, np.nan, np.nan, (WINDOW_N - 1) * GRID_S))
                continue
            w = a[s:s + WINDOW_N]
            e = window_evidence(w, gravity_included)
            stats.append((*e[:3], (WINDOW_N - 1) * GRID_S))
            classes.append(classify(*e, vertical=gravity_included and np.linalg.norm(w.mean(0)) > 0.5))
    return np.array(ends), classes, np.array(stats).reshape(-1, 4)


def states(classes, durations=None):
    """Final (backdated) in-vehicle flag per window, and the window index at which the ride was first confirmed."""
    n = len(classes)
    flag = np.zeros(n, bool)
    inside = False
    enter_n = int(round(ENTER_S / HOP_S))
    still_n = int(round(STILL_EXIT_S / HOP_S))
    first_confirm = None
    quiet_run = 0
    since_gap = 0
    for k, c in enumerate(classes):
        long_gap = c == UNKNOWN and durations is not None and durations[k] >= GAP_EXIT_S
        since_gap = 0 if long_gap else since_gap + 1
        if not inside:
            lo = max(0, k - enter_n + 1)
            run = classes[lo:k + 1]
            if since_gap >= enter_n and ON_FOOT not in run and run.count(VEHICLE_LIKE) >= ENTER_FRACTION * enter_n:
                inside = True
                # Back over the seated (quiet or vehicle-like) windows before the evidence.
                back = 0
                while (back < ENTRY_LOOKBACK_WINDOWS and enter_n + back < since_gap
                       and classes[lo - 1] in (QUIET, VEHICLE_LIKE)):
                    lo -= 1
                    back += 1
                flag[lo:k + 1] = True
                quiet_run = 0
                if first_confirm is None:
                    first_confirm = k
        else:
            flag[k] = True
            quiet_run = quiet_run + 1 if c == QUIET else 0
            recent = classes[max(0, k - EXIT_SPAN_WINDOWS + 1):k + 1]
            if recent.count(ON_FOOT) >= EXIT_ON_FOOT_WINDOWS:
                first = k - len(recent) + 1 + recent.index(ON_FOOT)
                flag[first:k + 1] = False
                inside = False
            elif quiet_run >= still_n or long_gap:
                inside = False
    return flag, first_confirm


def grid_windows(t, acc):
    """(end time, cells or None when unknown) of every evidence window, in order: the grid restarts
    after a gap longer than WINDOW_S (its unknown window is not among them)."""
    cuts = np.flatnonzero(np.diff(t) > WINDOW_S) + 1
    for lo, hi in zip([0, *cuts], [*cuts, len(t)]):
        if hi - lo < 2:
            continue
        g, cells, ok = grid(t[lo:hi], acc[lo:hi])
        for s in range(0, len(g) - WINDOW_N + 1, HOP_N):
            known = ok[s:s + WINDOW_N].all()
            yield g[s + WINDOW_N - 1], (cells[s:s + WINDOW_N] if known else None)


def seated_start(classes, lo, since, enter, lookback=ENTRY_LOOKBACK_WINDOWS):
    """The first window of a ride confirmed on windows lo.. : dated back over at most `lookback`
    quiet or vehicle-like windows before lo, never across a long gap (`since` windows since one)."""
    back = 0
    while back < lookback and enter + back < since and classes[lo - 1] in (QUIET, VEHICLE_LIKE):
        lo -= 1
        back += 1
    return lo


VERBOSE = 0


def intervals(ends, durations):
    """Seconds each window stands for: from the previous window's end (or its own start, first and
    after a gap) to its end, as VehicleAnalysis.intervals in Swift."""
    out = np.empty(len(ends))
    for i, (e, d) in enumerate(zip(ends, durations)):
        start = e - d
        if i > 0 and ends[i - 1] >= start:
            start = ends[i - 1]
        out[i] = max(e - start, 0.0)
    return out


def main(only):
    import vehicle_data

    rows = {}
    for rec in vehicle_data.recordings(only or None):
        ends, classes, stats = evidence(rec["t"], rec["acc"], rec["gravity"])
        if len(ends) == 0:
            continue
        flag, first = states(classes, stats[:, 3])
        rate = len(rec["t"]) / max(rec["t"][-1] - rec["t"][0], 1e-9)
        source = rec["source"] + (" (<5 Hz)" if rate < 5 else "")
        if VERBOSE and (flag.mean() > 0.01 if not rec["vehicle"] else flag.mean() < 0.9):
            print(f"  {rec['name']:50s} {rate:6.1f} Hz {len(flag):5d} s driving {100 * flag.mean():5.1f} %",
                  "".join(classes)[:200] if VERBOSE > 1 else "")
        r = rows.setdefault(source, dict(vehicle=rec["vehicle"], time=0.0, drive=0.0, lat=[], n=0))
        span = intervals(ends, stats[:, 3])
        r["time"] += span.sum()
        r["drive"] += span[flag].sum()
        r["n"] += 1
        if rec["vehicle"]:
            r["lat"].append(ends[first] - rec["t"][0] if first is not None else np.inf)
    for s, r in rows.items():
        lat = np.median(r["lat"]) if r["lat"] else float("nan")
        print(f"{s:28s} {'vehicle' if r['vehicle'] else 'other  '} n={r['n']:4d} "
              f"{r['time'] / 60:7.1f} min  driving {100 * r['drive'] / max(r['time'], 1e-9):6.2f} %  "
              f"median first ride confirmed {lat:6.1f} s")


if __name__ == "__main__":
    VERBOSE = sys.argv[1:].count("-v")
    main([a for a in sys.argv[1:] if a != "-v"])
