"""The recordings of ../shared/data that the activity evaluation runs, with their reader options and the
true class of their samples.

This is the preparation of the earlier feature survey, unchanged in effect: same files, same reader
options, same class mapping. Three datasets need a prepared copy (written under WORK/prepared):
  * car-phone: the accelerometer's delivery-time stamps jitter by 1-25 ms, so it is resampled to a
    uniform 200 Hz grid inside gap-free stretches; the watch GPS speed is merged as a sparse `speed`
    column, and a per-sample `label` is derived from that speed (see car_phone()).
  * gaitmap: one file per foot; the 204.8 Hz files are halved to 102.4 Hz because feature extraction
    accepts 10-200 Hz only.
  * tmd: only files with an estimated rate of at least 10 Hz (the CLI rejects the others), each copied
    with the sparse GPS `speed` merged.

Each run's `truth(windows)` gives the class of every window (None = not scored): a window gets a class
only when all of its samples carry that one class.
"""
import glob
import os
from dataclasses import dataclass
from typing import Callable

import numpy as np
import pandas as pd


@dataclass
class Run:
    dataset: str
    recording: str
    input: str
    args: list
    truth: Callable  # DataFrame with start_s, end_s -> array of class names or None


def whole(cls):
    return lambda w: np.full(len(w), cls, dtype=object)


def inside(intervals, cls):
    """`cls` for windows lying wholly inside one of the (start, end) intervals, None elsewhere."""
    def truth(w):
        out = np.full(len(w), None, dtype=object)
        for a, b in intervals:
            out[(w.start_s.values >= a) & (w.end_s.values <= b)] = cls
        return out
    return truth


def per_sample(path, column, mapping):
    """The class of the samples [start_s, end_s] of each window, read from `column` of the input.

    The CLI's own `label` column holds each window's majority label, which cannot tell a window that is
    all one class from a transition, so the samples themselves are read.
    """
    def truth(w):
        src = pd.read_csv(path, usecols=["t_s", column], dtype={column: str})
        codes, classes = pd.factorize(src[column].map(mapping))  # unmapped samples get code -1
        t = src.t_s.values
        lo = np.searchsorted(t, w.start_s.values - 1e-9, "left")
        hi = np.searchsorted(t, w.end_s.values + 1e-9, "right")
        run_id = np.concatenate([[0], np.cumsum(codes[1:] != codes[:-1])])  # constant within a run of one code
        first, last = np.minimum(lo, len(t) - 1), np.maximum(hi - 1, 0)
        names = np.append(classes.astype(object), None)  # code -1 -> None
        return np.where((hi > lo) & (run_id[first] == run_id[last]), names[codes[first]], None)
    return truth


def xyz(quantity, header):
    """--column options reading quantity X/Y/Z from header with x/y/z filled in."""
    return [opt for ax in "XYZ" for opt in ("--column", f"{quantity}{ax}={header.format(ax.lower())}")]


def nearest_rows(t, times, tolerance):
    """Row index in sorted `t` nearest to each of `times`, and whether it is within `tolerance`."""
    pos = np.clip(np.searchsorted(t, times), 1, len(t) - 1)
    near = np.where(np.abs(t[pos - 1] - times) < np.abs(t[pos] - times), pos - 1, pos)
    return near, np.abs(t[near] - times) <= tolerance


def car_phone(data, prepared, runs):
    fs = 200.0
    for f in sorted(glob.glob(f"{data}/car-phone-physicstoolbox/drive*_acc.csv")):
        name = os.path.basename(f)[:-8]
        a = pd.read_csv(f)
        g = pd.read_csv(f.replace("_acc.csv", "_gps_watch.csv"))
        t = a.t_s.values
        parts = []
        # 0.1 s is the CLI's gap threshold at this rate (max(5 samples, 0.1 s)): resample within stretches only
        for idx in np.split(np.arange(len(t)), np.where(np.diff(t) > 0.1)[0] + 1):
            if len(idx) < 2:
                continue
            ts = t[idx]
            grid = ts[0] + np.arange(int(np.floor((ts[-1] - ts[0]) * fs)) + 1) / fs
            parts.append(pd.DataFrame({"t_s": grid, **{c: np.interp(grid, ts, a[c].values[idx])
                                                       for c in ["acc_x_g", "acc_y_g", "acc_z_g"]}}))
        r = pd.concat(parts, ignore_index=True)
        gt, gv = g.t_s.values, g.speed_m_s_device.values
        r["speed"] = np.nan
        near, ok = nearest_rows(r.t_s.values, gt, 0.5)
        r.loc[near[ok], "speed"] = gv[ok]
        r["label"] = speed_label(r.t_s.values, gt, gv)
        out = f"{prepared}/{name}_200Hz_gps.csv"
        r.to_csv(out, index=False, float_format="%.10g", na_rep="")
        runs.append(Run("car-phone", name, out, [],
                        per_sample(out, "label", {"driving": "driving", "vehicle_stopped": "vehicle_stopped"})))


def speed_label(tt, gt, gv):
    """Per-sample label from the watch speed, tolerant of the +-2 s clock misalignment between phone and
    watch: vehicle_stopped if the speed stays < 0.5 m/s within +-2 s, driving if it stays >= 2 m/s,
    unknown otherwise. The speed is interpolated between fixes <= 5 s apart, and across a longer gap only
    when both ends are < 0.5 m/s (the watch logs less often when nothing changes)."""
    i1 = np.searchsorted(gt, tt)
    v = np.full(len(tt), np.nan)
    inner = (i1 > 0) & (i1 < len(gt))
    j0, j1 = i1[inner] - 1, i1[inner]
    vi = gv[j0] + (tt[inner] - gt[j0]) / (gt[j1] - gt[j0]) * (gv[j1] - gv[j0])
    long_gap = (gt[j1] - gt[j0]) > 5
    v[inner] = np.where(long_gap & ~((gv[j0] < 0.5) & (gv[j1] < 0.5)), np.nan, vi)
    sv = pd.Series(v, index=pd.to_datetime(tt, unit="s"))
    vmax = sv.rolling("4s", center=True, min_periods=1).max().values
    vmin = sv.rolling("4s", center=True, min_periods=1).min().values
    any_nan = sv.isna().astype(float).rolling("4s", center=True, min_periods=1).max().values > 0
    return np.where(any_nan, "unknown",
                    np.where(vmax < 0.5, "vehicle_stopped", np.where(vmin >= 2.0, "driving", "unknown")))


def tmd(data, prepared, runs, skipped):
    cls = {"car": "driving", "bus": "driving", "train": "driving", "walking": "walking", "still": "stationary"}
    rejected = []
    for f in sorted(glob.glob(f"{data}/tmd-us-transportation-raw/tmd_*[0-9].csv")):
        name = os.path.basename(f)[:-4]
        mode = name.split("_")[2]
        a = pd.read_csv(f)
        t = a.t_s.values
        # the CLI's rate estimate: 1 / median of the mean of 10 consecutive intervals
        d = np.diff(t)
        rate = 1 / np.median(np.convolve(d, np.ones(10) / 10, mode="valid") if len(d) >= 100 else d)
        if rate < 10:
            rejected.append(mode)
            continue
        a["speed"] = np.nan
        sp = f.replace(".csv", "_speed.csv")
        if os.path.exists(sp):
            s = pd.read_csv(sp)  # speed_field1: GPS speed in m/s according to the README (uncertain)
            near, ok = nearest_rows(t, s.t_s.values, 1.0)
            a.loc[near[ok], "speed"] = s.speed_field1.values[ok]
        out = f"{prepared}/{name}.csv"
        a.to_csv(out, index=False, na_rep="")
        runs.append(Run("tmd", name, out, [], whole(cls[mode])))
    by_mode = ", ".join(f"{m} {n}" for m, n in pd.Series(rejected).value_counts().items())
    skipped.append(("tmd", f"{len(rejected)} files ({by_mode})",
                    "estimated rate < 10 Hz, which feature extraction rejects"))


def halve_rate(x):
    """x at half its rate, as scipy.signal.resample_poly(x, 1, 2) with its default filter computes it:
    a 41-tap Kaiser-windowed (beta 5) sinc low-pass at half the new Nyquist frequency, applied centred on
    every second sample (numpy only, to keep the harness free of scipy)."""
    m = np.arange(41) - 20
    h = np.sinc(m / 2) * np.kaiser(41, 5.0)
    return np.convolve(x, h / h.sum())[20::2][: (len(x) + 1) // 2]


def gaitmap(data, prepared, runs):
    for f in sorted(glob.glob(f"{data}/gaitmap-foot-imu-example/*_imu_*Hz.csv")):
        name = os.path.basename(f)[:-4]
        a = pd.read_csv(f)
        halve = "204.8Hz" in name
        for foot in ["left", "right"]:
            cols = [f"{foot}_acc_{x}_g" for x in "xyz"] + [f"{foot}_gyr_{x}_deg_s" for x in "xyz"]
            o = pd.DataFrame({"t_s": a.t_s.values[::2] if halve else a.t_s.values})
            for c in cols:
                o[c.replace(f"{foot}_", "")] = halve_rate(a[c].values) if halve else a[c].values
            rec = name.replace("_imu_204.8Hz", "").replace("_imu_102.4Hz", "") + f"_{foot}"
            out = f"{prepared}/{rec}_102.4Hz.csv"
            o.to_csv(out, index=False, float_format="%.10g")
            runs.append(Run("gaitmap-foot", rec, out, [], whole("walking_stairs" if "stair" in name else "walking")))


def recordings(data, work):
    """Every run (dataset order as in the survey) and every skipped item (dataset, what, why)."""
    runs, skipped = [], []
    prepared = {d: f"{work}/prepared/{d}" for d in ["car-phone", "tmd", "gaitmap"]}
    for p in prepared.values():
        os.makedirs(p, exist_ok=True)

    for f in sorted(glob.glob(f"{data}/uci-hapt/exp*_user*.csv")):
        runs.append(Run("uci-hapt", os.path.basename(f)[:-4], f, ["--labels", "hapt"], per_sample(
            f, "label", {"1": "walking", "2": "walking_stairs", "3": "walking_stairs",
                         "4": "stationary", "5": "stationary", "6": "stationary"})))

    # walking = inside an INDIP reference walking bout; outside the bouts the activity is not known
    for f in sorted(glob.glob(f"{data}/mobilised-d-lab-example/*_imu.csv")):
        bouts = pd.read_csv(f.replace("_imu.csv", "_ref-INDIP_walking_bouts.csv"))
        runs.append(Run("mobilised-d", os.path.basename(f)[:-8], f, [],
                        inside(bouts[["start_s", "end_s"]].values.tolist(), "walking")))

    skipped.append(("basicmotions", "all 40 cases", "a grouped file (one case per case_id), and "
                    "`locomotion classify` has no --group option"))

    # a whole trip is driving, stops included; the linacc reading is an appendix: the same trips with
    # gravity removed
    for f in sorted(glob.glob(f"{data}/driver-behavior/trip*_imu.csv")):
        name = os.path.basename(f)[:-4]
        runs.append(Run("driver-behavior", name, f, [], whole("driving")))
        runs.append(Run("driver-behavior-linacc", name, f, xyz("acceleration", "linacc_{}_g"), whole("driving")))

    car_phone(data, prepared["car-phone"], runs)

    # the metro files hold linear acceleration (gravity removed), read here as acceleration
    for f in sorted(glob.glob(f"{data}/metro-paris-sensorlogger/*_linacc.csv")):
        name = os.path.basename(f)[:-4]
        args = xyz("acceleration", "linacc_{}_g") + ["--column", "label=train_state"]
        if os.path.exists(f.replace("_linacc.csv", "_stops.csv")):
            runs.append(Run("metro-paris", name, f, args, per_sample(
                f, "train_state", {"moving": "driving", "stopped": "vehicle_stopped"})))
            continue
        skipped.append(("metro-paris", name, "no stop times: every sample labelled unknown"))
        if name.startswith("Comparo_slow"):  # appendix: one ride, moving and stopped not told apart
            runs.append(Run("metro-comparo-linacc", name, f, args, whole("vehicle_mixed")))
    f = f"{data}/metro-paris-sensorlogger/Comparo_slow_2024-06-17_totalacc.csv"
    runs.append(Run("metro-comparo-totalacc", "Comparo_slow_2024-06-17_totalacc", f,
                    ["--column", "label=train_state"], whole("vehicle_mixed")))
    skipped.append(("metro-paris", "L6 totalacc (~410 Hz uncalibrated)", "unlabelled and above the 200 Hz limit"))

    for f in sorted(glob.glob(f"{data}/bratislava-tram-bus-phone/0[16]_*[0-9T].csv")):
        runs.append(Run("bratislava", os.path.basename(f)[:-4], f, [], per_sample(
            f, "label", {"tram_moving": "driving", "bus_moving": "driving",
                         "tram_stopped": "vehicle_stopped", "bus_stopped": "vehicle_stopped"})))
    skipped.append(("bratislava", "03_L4_CKD_T3M", "labelled just 'tram' (its stop times are ~28 s off): "
                    "moving and stopped unknown"))

    tmd(data, prepared["tmd"], runs, skipped)

    for f in sorted(glob.glob(f"{data}/motionsense-iphone-pocket/motionsense_sub*.csv")):
        runs.append(Run("motionsense", os.path.basename(f)[:-4], f, [], per_sample(
            f, "label", {"jogging": "running", "walking": "walking", "standing": "stationary",
                         "sitting": "stationary"})))

    for f in sorted(glob.glob(f"{data}/hugadb-cycling-thigh-imu/hugadb_bicycling_*.csv")):
        runs.append(Run("hugadb", os.path.basename(f)[:-4], f, [], per_sample(f, "label", {"cycling": "cycling"})))

    # Daphnet: the trunk sensor as documented, the thigh sensor as a second reading of the same walk
    f = f"{data}/daphnet-excerpt/daphnet_S06R02_excerpt_64Hz.csv"
    for part, prefix in [("trunk", "trunk"), ("thigh", "leg")]:
        runs.append(Run(f"daphnet-{part}", f"S06R02_{part}", f,
                        ["--column", f"accelerationX={prefix}_horiz_fwd_g", "--column", f"accelerationY={prefix}_vert_g",
                         "--column", f"accelerationZ={prefix}_horiz_lateral_g"], whole("walking")))

    gaitmap(data, prepared["gaitmap"], runs)

    # walking = inside a GaitPy-detected bout (first to last initial contact): algorithm output, not ground truth
    gp = pd.read_csv(f"{data}/gaitpy-geneactiv-lumbar-demo/gaitpy_algorithm_output_gait_features_NOT_ground_truth.csv")
    runs.append(Run("gaitpy-lumbar", "geneactiv_lumbar_50Hz", f"{data}/gaitpy-geneactiv-lumbar-demo/geneactiv_lumbar_50Hz.csv",
                    ["--column", "accelerationY=acc_y_g_vertical"],
                    inside(gp.groupby("bout_number").IC_t_s.agg(["min", "max"]).values.tolist(), "walking")))

    # skdh: the classes the skdh unit tests assert for each clip
    for name, cls in [("ambulation_test1_20Hz_assumed", "walking"), ("ambulation_test2_20Hz_assumed", "stationary"),
                      ("motion_test_negative_100Hz_assumed", "stationary")]:
        runs.append(Run("skdh", name, f"{data}/skdh-context-snippets/{name}.csv", [], whole(cls)))
    skipped += [
        ("skdh", "motion_test_positive_100Hz_assumed", "labelled 'movement' (5.9 s), not one of the classes"),
        ("cycling-bicycle-database", "bike IMU", "~1.9 Hz, below the 10 Hz that feature extraction needs"),
        ("gpxpy-gps-tracks", "hike", "no accelerometer (GPS only)"),
    ]
    return runs, skipped
