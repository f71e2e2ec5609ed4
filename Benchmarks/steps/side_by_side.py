#!/usr/bin/env python3
"""Side-by-side step detection: Locomotion, a naive baseline and mobgap, with one metric.

Usage:
    python3 Benchmarks/steps/side_by_side.py [--locomotion PATH] [--data DIR] [--extra DIR]...
        [--only NAME]... [--set NAME=VALUE]... [--detectors LIST] [--no-verify] [--json]

    --locomotion PATH  the release binary (default .build/release/locomotion)
    --data DIR         the shared data folder (default ../shared/data, else /work/shared/data)
    --extra DIR        a folder of generated recordings in the Mobilise-D layout
                       (<name>_imu.csv, <name>_ref-<SYS>_initial_contacts.csv and
                       <name>_ref-<SYS>_walking_bouts.csv), e.g. the output of slow_gait.py
    --only NAME        keep recordings whose name contains NAME (case-insensitive; repeatable)
    --set NAME=VALUE   passed to our detector (`locomotion steps --set`; repeatable)
    --detectors LIST   comma-separated subset of: ours, ours-trunk, naive, shin, ionescu,
                       pipe-healthy, pipe-impaired (default: all)
    --no-verify        skip the check of the Python metric against `evaluate-steps --json`
    --json             print machine-readable results instead of the Markdown table

What it measures. Every detector gives a list of step (initial-contact) times for a whole
recording; one Python metric judges them all:

* Recordings with reference steps (Mobilise-D HA001 Test5 trials 1 and 2 and Test11 against
  INDIP, the gaitmap left-foot IMU against mocap ICs of both feet, the GaitPy GENEActiv lumbar
  demo against GaitPy's own ICs, which are not ground truth, and any --extra recordings):
  one-to-one matching within +-0.25 s, nearest pairs first (ties: earlier reference, then
  earlier detection), exactly as `StepMatching` in Sources/Locomotion/Steps/StepMatching.swift.
  With reference walking bouts, as `evaluate-steps --bouts` does
  (Sources/LocomotionCLI/EvaluateStepsCommand.swift): each bout [start_s, end_s] is widened by
  the tolerance on both sides, detections and timed references outside every widened bout are
  dropped, untimed (NaN) references are kept (they count in the reference total only). F1 is
  2 TP / (detected + timed references); the count error is (detected - references) / references
  with untimed references counted. Detections outside the widened bouts are reported per minute
  of the recording's time outside them (first to last sample, minus the union of widened bouts).
* UCI HAPT users 1-20: false steps per minute during rows labelled 4, 5, 6 (sitting, standing,
  lying), summed over the 41 files, as `evaluate-steps --still-labels 4,5,6`: a row's interval
  time[i]..time[i+1] carries row i's label, a step carries the label of the latest row at or
  before it.
* Vehicles (driver-behavior trips 17, 20; car-phone-physicstoolbox drives 1, 2, 4; the seven
  metro-paris rides, linear acceleration): every detection is false; per minute of the whole
  recording (first to last sample), as `evaluate-steps --vehicle`.
* Daphnet S06R02 (Parkinson's, trunk sensor): step count and steps per minute, a second
  opinion without reference.

Detectors:

* ours: `locomotion steps FILE... --json` (the defaults); ours-trunk: with `--placement trunk`.
  The same column options as docs/RecordingFormat.md ("Options for the shared datasets").
* naive: |a| (g) resampled to the file's median interval, low-passed at 3 Hz (Butterworth order
  4, zero-phase sosfiltfilt), scipy `find_peaks(distance=0.25 s, prominence=0.05 g)`.
* mobgap (PyPI `mobgap`, tested with 1.2.0): `IcdShinImproved()` (its default, the norm) and
  `IcdIonescu()` on the whole recording; and the standalone pipelines' gait-sequence plus IC
  stages: `GsdIluz` + `IcdIonescu` (the detectors of `MobilisedPipelineHealthy`) and
  `GsdIonescu` + `IcdIonescu` (`MobilisedPipelineImpaired`), with IcdIonescu run on each
  detected gait sequence. These are the pipelines' `raw_ic_list_` (checked equal on HA001
  Test11), before stride selection and walking-bout assembly. mobgap gets acceleration in m/s²
  (g x scipy.constants.g, as mobgap's GRAV_MS2), gyroscope in deg/s (zeros where a recording has
  none; the stages used do not read it), resampled to 100 Hz, in the Mobilise-D sensor frame (x
  up, y and z the other axes, right-handed; see mobilised-d-lab-example/README.md) converted with
  `mobgap.utils.conversions.to_body_frame`. Per dataset: Mobilise-D and UCI HAPT as recorded
  (x up); gaitmap foot and driver-behavior (z up) and Daphnet (vertical column) remapped;
  GENEActiv (its y points down) remapped; car-phone (phone tilted) rotated so its mean acceleration lies on
  +x; metro linear acceleration plus 1 g on the phone's z (lying flat, screen up, as its
  README says; its totalacc files show z = 1.00 g). The naive baseline uses the same
  gravity-added signal for metro. If mobgap is not installed, its columns are skipped with a
  message.

Unless --no-verify, the script also runs `locomotion evaluate-steps --json` with the same
options on every recording and checks that its counts (reference, timed, detected, TP, still
and vehicle steps and durations) equal the Python metric applied to `steps --json`; any
difference is printed (to standard error, and in the JSON under "verify").

Sources: Mobilise-D TVS example data (Micó-Amigo et al., J NeuroEng Rehabil 20:78, 2023) and
mobgap (Küderle et al., doi:10.5281/zenodo.14035833), gaitmap (Küderle et al., IEEE OJEMB 5,
2024), GaitPy (Czech & Patel, JOSS 4(43) 1778, 2019), UCI HAPT (Reyes-Ortiz et al.,
Neurocomputing 171, 2016), Daphnet (Bächlin et al., IEEE TITB 14(2), 2010), and the vehicle
recordings' READMEs in the data folder; the naive baseline and targets of issue 12.
"""

from __future__ import annotations

import argparse
import atexit
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy.signal import butter, find_peaks, sosfiltfilt

TOLERANCE = 0.25
MOBGAP_RATE = 100.0
DETECTORS = ["ours", "ours-trunk", "naive", "shin", "ionescu", "pipe-healthy", "pipe-impaired"]
TITLES = {
    "ours": "ours",
    "ours-trunk": "ours --placement trunk",
    "naive": "naive 3 Hz peaks",
    "shin": "mobgap IcdShinImproved",
    "ionescu": "mobgap IcdIonescu",
    "pipe-healthy": "mobgap GsdIluz+IcdIonescu (Healthy)",
    "pipe-impaired": "mobgap GsdIonescu+IcdIonescu (Impaired)",
}
MOBGAP_DETECTORS = {"shin", "ionescu", "pipe-healthy", "pipe-impaired"}


# ----------------------------------------------------------------------------- matching


def match(detected, reference, tolerance=TOLERANCE):
    """One-to-one matching as StepMatching.init: candidates |d - r| <= tolerance, nearest first
    (ties: earlier reference, then earlier detection). NaN references count, unmatched."""
    reference = list(reference)
    timed = sorted(r for r in reference if not np.isnan(r))
    found = sorted(detected)
    pairs = []
    low = 0
    for ri, rt in enumerate(timed):
        while low < len(found) and found[low] < rt - tolerance:
            low += 1
        d = low
        while d < len(found) and found[d] <= rt + tolerance:
            pairs.append((abs(found[d] - rt), ri, d))
            d += 1
    pairs.sort()
    used_r, used_d = set(), set()
    tp, offset, absolute = 0, 0.0, 0.0
    for dist, ri, di in pairs:
        if ri in used_r or di in used_d:
            continue
        used_r.add(ri)
        used_d.add(di)
        tp += 1
        offset += found[di] - timed[ri]
        absolute += dist
    n_ref, n_timed, n_det = len(reference), len(timed), len(found)
    return {
        "referenceCount": n_ref,
        "timedReferenceCount": n_timed,
        "detectedCount": n_det,
        "truePositives": tp,
        "precision": tp / n_det if n_det else None,
        "recall": tp / n_timed if n_timed else None,
        "f1": 2 * tp / (n_det + n_timed) if n_det + n_timed else None,
        "countErrorPercent": 100 * (n_det - n_ref) / n_ref if n_ref else None,
        "meanOffset": offset / tp if tp else None,
        "meanAbsoluteOffset": absolute / tp if tp else None,
    }


def widened(bouts, tolerance=TOLERANCE):
    return [(s - tolerance, e + tolerance) for s, e in bouts]


def inside(time_s, bouts):
    return any(lo <= time_s <= hi for lo, hi in bouts)


def union_length(intervals, lo, hi):
    total, cur_s, cur_e = 0.0, None, None
    for s, e in sorted((max(s, lo), min(e, hi)) for s, e in intervals):
        if e <= s:
            continue
        if cur_e is None or s > cur_e:
            if cur_e is not None:
                total += cur_e - cur_s
            cur_s, cur_e = s, e
        else:
            cur_e = max(cur_e, e)
    if cur_e is not None:
        total += cur_e - cur_s
    return total


def judge_reference(rec, steps):
    """The evaluate-steps metric (with --bouts when the recording has bouts)."""
    reference = rec.reference
    detected = list(steps)
    out = {}
    if rec.bouts is not None:
        bouts = widened(rec.bouts)
        inner = [t for t in detected if inside(t, bouts)]
        outer = len(detected) - len(inner)
        reference = [r for r in reference if np.isnan(r) or inside(r, bouts)]
        detected = inner
        outside_s = rec.duration - union_length(bouts, rec.t0, rec.t0 + rec.duration)
        out["bouts"] = len(bouts)
        out["outside"] = {"steps": outer, "duration": outside_s,
                          "perMinute": outer / (outside_s / 60) if outside_s > 0 else None}
    out.update(match(detected, reference))
    return out


def judge_still(rec, steps):
    """Steps during rows with still labels, as StepDetection.rate(in:labels:)."""
    t, labels = rec.time, rec.labels
    gap = rec.gap_threshold
    still = np.isin(labels, list(rec.still_labels))
    dt = np.diff(t)
    duration = float(np.sum(dt[still[:-1] & (dt <= gap)]))
    idx = np.searchsorted(t, np.asarray(steps, dtype=float), side="right") - 1
    valid = idx >= 0
    count = int(np.sum(still[idx[valid]]))
    return {"steps": count, "duration": duration,
            "perMinute": count / (duration / 60) if duration > 0 else None}


def judge_all(rec, steps):
    n = len(steps)
    return {"steps": n, "duration": rec.duration,
            "perMinute": n / (rec.duration / 60) if rec.duration > 0 else None}


# ----------------------------------------------------------------------------- recordings


@dataclass
class Recording:
    name: str
    kind: str  # "reference", "still", "vehicle", "count"
    path: str
    cli: list = field(default_factory=list)  # column options for locomotion
    group: str = ""  # pooled rows sum recordings of a group
    reference: list | None = None
    reference_cli: list = field(default_factory=list)
    bouts: list | None = None
    bouts_path: str | None = None
    reference_path: str | None = None
    # loaded
    time: np.ndarray | None = None
    acc: np.ndarray | None = None  # N x 3, g, mobgap sensor frame (x up)
    gyr: np.ndarray | None = None  # N x 3, deg/s, same frame
    labels: np.ndarray | None = None
    still_labels: tuple = ()
    loader: object = None
    mobgap: bool = True  # whether mobgap's lower-back detectors suit the placement
    compact: str = ""  # a dataset name: print only pooled rows per group and for the dataset

    @property
    def t0(self):
        return float(self.time[0])

    @property
    def duration(self):
        return float(self.time[-1] - self.time[0]) if len(self.time) > 1 else 0.0

    @property
    def gap_threshold(self):
        # RecordingSummary's gap: five typical (median) intervals, at least 0.1 s
        return max(5 * float(np.median(np.diff(self.time))), 0.1)


def read_reference(path, column=None):
    table = pd.read_csv(path)
    names = [column] if column else ["ic_time_s", "time_s", "t_s", "time"]
    for name in names:
        if name in table.columns:
            return [float(v) for v in pd.to_numeric(table[name], errors="coerce")]
    return [float(v) for v in pd.to_numeric(table.iloc[:, 0], errors="coerce")]


def read_bouts(path):
    table = pd.read_csv(path)
    return list(zip(table.start_s.astype(float), table.end_s.astype(float)))


def loader_columns(x, y, z, gyr=None, signs=(1, 1, 1), gyr_scale=1.0):
    def load(frame):
        acc = np.column_stack([signs[0] * frame[x], signs[1] * frame[y], signs[2] * frame[z]]).astype(float)
        g = None
        if gyr is not None:
            g = gyr_scale * np.column_stack(
                [signs[0] * frame[gyr[0]], signs[1] * frame[gyr[1]], signs[2] * frame[gyr[2]]]).astype(float)
        return acc, g
    return load


def loader_gravity_to_x(frame):
    """Rotate so that the mean acceleration (gravity) lies on +x (a phone of unknown pose)."""
    acc = frame[["acc_x_g", "acc_y_g", "acc_z_g"]].to_numpy(float)
    g = acc.mean(axis=0)
    g /= np.linalg.norm(g)
    target = np.array([1.0, 0.0, 0.0])
    v = np.cross(g, target)
    s, c = np.linalg.norm(v), float(np.dot(g, target))
    if s < 1e-12:
        rot = np.eye(3) * (1 if c > 0 else -1)
    else:
        k = np.array([[0, -v[2], v[1]], [v[2], 0, -v[0]], [-v[1], v[0], 0]])
        rot = np.eye(3) + k + k @ k * ((1 - c) / s**2)
    return acc @ rot.T, None


def with_gravity(path, scratch):
    """A copy of a linear-acceleration file with 1 g added on the phone's z (lying flat, screen
    up), so that every detector reads acceleration with gravity (ours needs it)."""
    frame = pd.read_csv(path)
    out = pd.DataFrame({"t_s": frame.t_s, "acc_x_g": frame.linacc_x_g, "acc_y_g": frame.linacc_y_g,
                        "acc_z_g": frame.linacc_z_g + 1.0})
    target = os.path.join(scratch, os.path.basename(path).replace("_linacc.csv", "_linacc_plus_g_acc.csv"))
    out.to_csv(target, index=False, float_format="%.5f")
    return target


def mobilised_like(path, system="INDIP", group="", name=None):
    """A recording in the Mobilise-D layout: <rec>_imu.csv and <rec>_ref-<SYS>_*.csv."""
    stem = path[: -len("_imu.csv")]
    ref = f"{stem}_ref-{system}_initial_contacts.csv"
    bouts = f"{stem}_ref-{system}_walking_bouts.csv"
    return Recording(
        name=name or os.path.basename(stem), kind="reference", path=path, group=group,
        reference=read_reference(ref), reference_path=ref,
        bouts=read_bouts(bouts) if os.path.exists(bouts) else None,
        bouts_path=bouts if os.path.exists(bouts) else None,
        loader=loader_columns("acc_x_g", "acc_y_g", "acc_z_g", ("gyr_x_deg_s", "gyr_y_deg_s", "gyr_z_deg_s")))


def recordings(data, extras, scratch):
    out = []
    m = os.path.join(data, "mobilised-d-lab-example")
    for trial, short in [("Test5-StraightWalkComfortable_Trial1", "HA001 Test5 trial 1"),
                         ("Test5-StraightWalkComfortable_Trial2", "HA001 Test5 trial 2"),
                         ("Test11-SimulatedDailyActivities_Trial1", "HA001 Test11")]:
        out.append(mobilised_like(os.path.join(m, f"HA001_{trial}_imu.csv"), group="HA001", name=short))
    for extra in extras:
        for path in sorted(glob.glob(os.path.join(extra, "*_imu.csv"))):
            stem = path[: -len("_imu.csv")]
            systems = [p[len(stem) + 5: -len("_initial_contacts.csv")]
                       for p in glob.glob(stem + "_ref-*_initial_contacts.csv")]
            if systems:
                # pooled by variant: the part of the name after "__" (slow_gait.py), else by folder
                base = os.path.basename(stem)
                group = base.split("__", 1)[1] if "__" in base else os.path.basename(extra.rstrip("/"))
                short = base.replace("_", " ").replace("-SimulatedDailyActivities Trial1", "")
                short = short.replace("-StraightWalkComfortable Trial", " trial ").replace("  ", " · ")
                out.append(mobilised_like(path, sorted(systems)[0], group=f"{group} (extra)", name=short))
    g = os.path.join(data, "gaitmap-foot-imu-example")
    out.append(Recording(
        name="gaitmap left foot 2x20 m vs mocap", kind="reference",
        path=os.path.join(g, "healthy_2x20m_walk_imu_204.8Hz.csv"),
        cli=["--column", "accelerationX=left_acc_x_g", "--column", "accelerationY=left_acc_y_g",
             "--column", "accelerationZ=left_acc_z_g"],
        reference_path=os.path.join(g, "healthy_2x20m_walk_ref_initial_contacts_mocap.csv"),
        reference=read_reference(os.path.join(g, "healthy_2x20m_walk_ref_initial_contacts_mocap.csv")),
        # foot frame z up, x forward: mobgap (x up, y, z forward) = (z, -y, x)
        loader=loader_columns("left_acc_z_g", "left_acc_y_g", "left_acc_x_g", signs=(1, -1, 1))))
    p = os.path.join(data, "gaitpy-geneactiv-lumbar-demo")
    ref = os.path.join(p, "gaitpy_algorithm_output_gait_features_NOT_ground_truth.csv")
    out.append(Recording(
        name="GaitPy GENEActiv lumbar vs GaitPy ICs (not GT)", kind="reference",
        path=os.path.join(p, "geneactiv_lumbar_50Hz.csv"), cli=["--column", "accelerationY=acc_y_g_vertical"],
        reference_path=ref, reference=read_reference(ref, "IC_t_s"), reference_cli=["--reference-column", "IC_t_s"],
        # y points down (mean -0.86 g): mobgap (x up, y, z) = (-y, x, z)
        loader=loader_columns("acc_y_g_vertical", "acc_x_g", "acc_z_g", signs=(-1, 1, 1))))
    v = os.path.join(data, "voisard-healthy-lowback")
    for path in sorted(glob.glob(os.path.join(v, "S*_T*.csv"))):
        stem = path[: -len(".csv")]
        if stem.endswith(("_steps", "_bouts")):
            continue
        person = os.path.basename(stem).split("_")[0]
        out.append(Recording(
            name=f"Voisard {os.path.basename(stem)}", kind="reference", path=path, group=f"Voisard {person}",
            compact="Voisard healthy lower back", reference_path=stem + "_steps.csv",
            reference=read_reference(stem + "_steps.csv"), bouts_path=stem + "_bouts.csv",
            bouts=read_bouts(stem + "_bouts.csv"),
            # x is about vertical (README): the Mobilise-D frame as recorded; gyroscope rad/s -> deg/s
            loader=loader_columns("acc_x_g", "acc_y_g", "acc_z_g", ("gyr_x_rad_s", "gyr_y_rad_s", "gyr_z_rad_s"),
                                  gyr_scale=180 / np.pi)))
    o = os.path.join(data, "oxford-stepcounter-phones")
    for path in sorted(glob.glob(os.path.join(o, "*_*_*_*.csv"))):
        stem = path[: -len(".csv")]
        if stem.endswith(("_steps", "_counts")) or not os.path.exists(stem + "_steps.csv"):
            continue
        phone, user = os.path.basename(stem).split("_")[:2]
        out.append(Recording(
            name=f"Oxford {os.path.basename(stem)}", kind="reference", path=path, group=f"Oxford {user}",
            reference_path=stem + "_steps.csv", reference=read_reference(stem + "_steps.csv"),
            # a phone in a hand, pocket, bag, armband or pouch: mobgap's lower-back detectors do not apply
            mobgap=False, loader=loader_columns("acc_x_g", "acc_y_g", "acc_z_g")))
    for path in sorted(glob.glob(os.path.join(data, "uci-hapt", "exp*.csv"))):
        out.append(Recording(
            name="UCI HAPT still (4,5,6), users 1-20", kind="still", path=path, group="uci-still",
            still_labels=("4", "5", "6"), loader=loader_columns("acc_x_g", "acc_y_g", "acc_z_g")))
    for trip in (17, 20):
        out.append(Recording(
            name=f"driver-behavior trip {trip}", kind="vehicle",
            path=os.path.join(data, "driver-behavior", f"trip{trip}_imu.csv"),
            loader=loader_columns("acc_z_g", "acc_y_g", "acc_x_g", signs=(1, -1, 1))))
    for path in sorted(glob.glob(os.path.join(data, "car-phone-physicstoolbox", "drive*_acc.csv"))):
        out.append(Recording(
            name="car-phone " + os.path.basename(path).split("_")[0], kind="vehicle", path=path,
            loader=loader_gravity_to_x))
    for path in sorted(glob.glob(os.path.join(data, "metro-paris-sensorlogger", "*_linacc.csv"))):
        stem = path[: -len("_linacc.csv")]
        if os.path.exists(stem + "_totalacc.csv"):
            path, how = stem + "_totalacc.csv", "totalacc"
        else:
            path, how = with_gravity(path, scratch), "linacc + 1 g on z"
        out.append(Recording(
            name=f"metro {os.path.basename(stem)} ({how})", kind="vehicle", path=path, loader=loader_gravity_to_x))
    for path in sorted(glob.glob(os.path.join(data, "daphnet-excerpt", "*.csv"))):
        out.append(Recording(
            name="Daphnet S06R02 trunk (Parkinson's)", kind="count", path=path,
            cli=["--column", "accelerationX=trunk_horiz_fwd_g", "--column", "accelerationY=trunk_vert_g",
                 "--column", "accelerationZ=trunk_horiz_lateral_g"],
            # vertical up, forward: mobgap (x up, y, z forward) = (vert, lateral, fwd)
            loader=loader_columns("trunk_vert_g", "trunk_horiz_lateral_g", "trunk_horiz_fwd_g")))
    return out


def load(rec):
    frame = pd.read_csv(rec.path, low_memory=False)
    rec.time = frame["t_s"].to_numpy(float)
    rec.acc, rec.gyr = rec.loader(frame)
    if rec.kind == "still":
        rec.labels = frame["label"].astype(str).to_numpy()


# ----------------------------------------------------------------------------- detectors


def uniform(t, values, rate):
    """Linear interpolation on a uniform grid from t[0] (the signal of one recording)."""
    grid = t[0] + np.arange(int(np.floor((t[-1] - t[0]) * rate + 1e-9)) + 1) / rate
    return grid, np.column_stack([np.interp(grid, t, values[:, k]) for k in range(values.shape[1])])


def naive(rec):
    rate = 1.0 / float(np.median(np.diff(rec.time)))
    grid, acc = uniform(rec.time, rec.acc, rate)
    magnitude = np.linalg.norm(acc, axis=1)
    sos = butter(4, 3.0, fs=rate, output="sos")
    smooth = sosfiltfilt(sos, magnitude)
    peaks, _ = find_peaks(smooth, distance=max(1, int(round(0.25 * rate))), prominence=0.05)
    return list(grid[peaks])


def mobgap_available():
    try:
        with warnings.catch_warnings():  # scikit-learn's InconsistentVersionWarning for mobgap's pickled models
            warnings.simplefilter("ignore")
            import mobgap  # noqa: F401
            import mobgap.gait_sequences  # noqa: F401
            import mobgap.initial_contacts  # noqa: F401
        return True
    except Exception as error:  # ImportError, or a broken dependency
        print(f"mobgap is not available ({error}); its columns are skipped. Install it with `pip install mobgap`.",
              file=sys.stderr)
        return False


def mobgap_detect(rec, which):
    from mobgap.consts import GRAV_MS2
    from mobgap.gait_sequences import GsdIluz, GsdIonescu
    from mobgap.initial_contacts import IcdIonescu, IcdShinImproved
    from mobgap.utils.conversions import to_body_frame

    grid, acc = uniform(rec.time, rec.acc, MOBGAP_RATE)
    if rec.gyr is not None:
        _, gyr = uniform(rec.time, rec.gyr, MOBGAP_RATE)
    else:
        gyr = np.zeros_like(acc)
    frame = pd.DataFrame({"acc_x": acc[:, 0] * GRAV_MS2, "acc_y": acc[:, 1] * GRAV_MS2, "acc_z": acc[:, 2] * GRAV_MS2,
                          "gyr_x": gyr[:, 0], "gyr_y": gyr[:, 1], "gyr_z": gyr[:, 2]})
    body = to_body_frame(frame)
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if "shin" in which:
            out["shin"] = IcdShinImproved().detect(body, sampling_rate_hz=MOBGAP_RATE).ic_list_.ic.to_numpy()
        if "ionescu" in which:
            out["ionescu"] = IcdIonescu().detect(body, sampling_rate_hz=MOBGAP_RATE).ic_list_.ic.to_numpy()
        for key, gsd in (("pipe-healthy", GsdIluz), ("pipe-impaired", GsdIonescu)):
            if key not in which:
                continue
            gs_list = gsd().detect(body, sampling_rate_hz=MOBGAP_RATE).gs_list_
            ics = []
            for start, end in zip(gs_list.start, gs_list.end):
                found = IcdIonescu().detect(body.iloc[int(start): int(end)], sampling_rate_hz=MOBGAP_RATE).ic_list_
                ics.extend(int(start) + found.ic.to_numpy().astype(int))
            out[key] = np.asarray(ics, dtype=int)
    return {k: [float(grid[i]) for i in np.asarray(v, dtype=int) if 0 <= i < len(grid)] for k, v in out.items()}


def run(cmd):
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"failed ({result.returncode}): {' '.join(cmd)}\n{result.stderr}")
    return result.stdout


def ours(binary, recs, placement, settings):
    """Step times per recording from one `locomotion steps --json` call per column option set."""
    extra = ["--placement", placement] + [a for s in settings for a in ("--set", s)]
    times = {}
    by_cli = {}
    for rec in recs:
        by_cli.setdefault(tuple(rec.cli), []).append(rec)
    for cli, group in by_cli.items():
        reports = json.loads(run([binary, "steps", *[r.path for r in group], "--json", *cli, *extra]))
        if isinstance(reports, dict):
            reports = [reports]
        for rec, report in zip(group, reports):
            times[rec.path] = [float(t) for t in report["stepTimes"]]
    return times


def verify(binary, rec, placement, settings, python_result):
    """Compares the Python metric on `steps --json` with `evaluate-steps --json`."""
    cmd = [binary, "evaluate-steps", rec.path, "--json", *rec.cli, "--placement", placement]
    cmd += [a for s in settings for a in ("--set", s)]
    if rec.kind == "reference":
        cmd += ["--reference", rec.reference_path, *rec.reference_cli]
        if rec.bouts_path:
            cmd += ["--bouts", rec.bouts_path]
    elif rec.kind == "still":
        cmd += ["--still-labels", ",".join(rec.still_labels)]
    elif rec.kind == "vehicle":
        cmd += ["--vehicle"]
    else:
        return []
    report = json.loads(run(cmd))[0]  # an array with the recording's record
    problems = []
    if rec.kind == "reference":
        swift = report["reference"]["matching"]
        for key in ("referenceCount", "timedReferenceCount", "detectedCount", "truePositives"):
            if swift[key] != python_result[key]:
                problems.append(f"{key}: evaluate-steps {swift[key]}, python {python_result[key]}")
        for key in ("f1", "countErrorPercent"):
            a, b = report["reference"][key], python_result[key]
            if (a is None) != (b is None) or (a is not None and abs(a - b) > 1e-9):
                problems.append(f"{key}: evaluate-steps {a}, python {b}")
        for key in ("meanOffset",):
            a, b = swift.get(key), python_result[key]
            if (a is None) != (b is None) or (a is not None and abs(a - b) > 1e-9):
                problems.append(f"{key}: evaluate-steps {a}, python {b}")
    else:
        swift = report["still" if rec.kind == "still" else "vehicle"]
        if swift["steps"] != python_result["steps"]:
            problems.append(f"steps: evaluate-steps {swift['steps']}, python {python_result['steps']}")
        if abs(swift["duration"] - python_result["duration"]) > 1e-6:
            problems.append(f"duration: evaluate-steps {swift['duration']}, python {python_result['duration']}")
    if report["stepCount"] != len(python_result.get("_all", [])) and "_all" in python_result:
        problems.append(f"stepCount: evaluate-steps {report['stepCount']}, steps --json {len(python_result['_all'])}")
    return [f"{rec.name} [{placement}]: {p}" for p in problems]


# ----------------------------------------------------------------------------- table


def pooled(results, recs, detector):
    """Sums of the counts over recordings of one group."""
    first = results[recs[0].path][detector]
    if recs[0].kind == "reference":
        keys = ["referenceCount", "timedReferenceCount", "detectedCount", "truePositives"]
        total = {k: sum(results[r.path][detector][k] for r in recs) for k in keys}
        tp, det, timed, ref = (total["truePositives"], total["detectedCount"], total["timedReferenceCount"],
                               total["referenceCount"])
        total["f1"] = 2 * tp / (det + timed) if det + timed else None
        total["countErrorPercent"] = 100 * (det - ref) / ref if ref else None
        total["precision"] = tp / det if det else None
        total["recall"] = tp / timed if timed else None
        if "outside" in first:
            steps = sum(results[r.path][detector]["outside"]["steps"] for r in recs)
            duration = sum(results[r.path][detector]["outside"]["duration"] for r in recs)
            total["outside"] = {"steps": steps, "duration": duration,
                                "perMinute": steps / (duration / 60) if duration > 0 else None}
        return total
    steps = sum(results[r.path][detector]["steps"] for r in recs)
    duration = sum(results[r.path][detector]["duration"] for r in recs)
    return {"steps": steps, "duration": duration, "perMinute": steps / (duration / 60) if duration > 0 else None}


def cell(kind, value):
    if value is None:
        return "–"
    if kind == "reference":
        text = "F1 " + (f"{value['f1']:.3f}" if value["f1"] is not None else "n/a")
        text += ", " + (f"{value['countErrorPercent']:+.0f} %" if value["countErrorPercent"] is not None else "n/a")
        if "outside" in value and value["outside"]["perMinute"] is not None:
            text += f", out {value['outside']['perMinute']:.1f}/min"
        return text
    if kind == "count":
        return f"{value['steps']} ({value['perMinute']:.0f}/min)"
    return f"{value['perMinute']:.2f}/min ({value['steps']})"


def rows(recs, results):
    """Table rows: each reference recording, then a pooled row per group; still rows pooled."""
    out = []
    groups = {}
    for rec in recs:
        groups.setdefault(rec.group or rec.path, []).append(rec)
    datasets = {}
    for key, members in groups.items():
        if members[0].compact:
            datasets.setdefault(members[0].compact, []).extend(members)
            label = f"{key} ({len(members)} recordings)"
            out.append((label, members[0].kind, {d: pooled(results, members, d) for d in results[members[0].path]}))
            if len(datasets[members[0].compact]) == sum(len(m) for k, m in groups.items()
                                                       if m[0].compact == members[0].compact):
                every = datasets[members[0].compact]
                label = f"**pooled {members[0].compact}** ({len(every)} recordings)"
                out.append((label, members[0].kind, {d: pooled(results, every, d) for d in results[every[0].path]}))
            continue
        if members[0].kind == "still":
            out.append((members[0].name, members[0].kind, {d: pooled(results, members, d) for d in results[members[0].path]}))
            continue
        for rec in members:
            out.append((rec.name, rec.kind, results[rec.path]))
        if len(members) > 1:
            label = f"**pooled {key}** ({len(members)} recordings)"
            out.append((label, members[0].kind, {d: pooled(results, members, d) for d in results[members[0].path]}))
    return out


def count_summary(recs, results, detectors, prefix="Oxford "):
    """Median and worst |count error| over the recordings whose name starts with `prefix` (the
    phones: counts first, since their reference timing is coarse)."""
    chosen = [r for r in recs if r.name.startswith(prefix) and r.kind == "reference"]
    out = {}
    for d in detectors:
        errors = [(abs(results[r.path][d]["countErrorPercent"]), r.name) for r in chosen
                  if d in results[r.path] and results[r.path][d]["countErrorPercent"] is not None]
        if errors:
            worst = max(errors)
            out[d] = {"recordings": len(errors), "medianAbsCountErrorPercent": float(np.median([e for e, _ in errors])),
                      "worstAbsCountErrorPercent": worst[0], "worst": worst[1],
                      "over10Percent": sum(e > 10 for e, _ in errors)}
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--locomotion", default=".build/release/locomotion")
    parser.add_argument("--data", default=None)
    parser.add_argument("--extra", action="append", default=[])
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--set", dest="settings", action="append", default=[])
    parser.add_argument("--detectors", default=",".join(DETECTORS))
    parser.add_argument("--no-verify", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    data = args.data or next((d for d in ("../shared/data", "/work/shared/data") if os.path.isdir(d)), None)
    if data is None or not os.path.isdir(data):
        raise SystemExit("no data folder: give --data DIR")
    detectors = [d.strip() for d in args.detectors.split(",") if d.strip()]
    unknown = set(detectors) - set(DETECTORS)
    if unknown:
        raise SystemExit(f"unknown detectors: {', '.join(sorted(unknown))}; choose from {', '.join(DETECTORS)}")
    if MOBGAP_DETECTORS & set(detectors) and not mobgap_available():
        detectors = [d for d in detectors if d not in MOBGAP_DETECTORS]
    if {"ours", "ours-trunk"} & set(detectors) and not os.path.exists(args.locomotion):
        raise SystemExit(f"no locomotion binary at {args.locomotion}: give --locomotion PATH")

    scratch = tempfile.mkdtemp(prefix="side_by_side_")
    atexit.register(shutil.rmtree, scratch, True)
    recs = recordings(data, args.extra, scratch)
    if args.only:
        recs = [r for r in recs if any(o.lower() in r.name.lower() or o.lower() in r.path.lower() for o in args.only)]
    if not recs:
        raise SystemExit("no recording left after --only")

    started = time.time()
    steps = {r.path: {} for r in recs}
    for placement, key in (("any", "ours"), ("trunk", "ours-trunk")):
        if key in detectors:
            for path, times in ours(args.locomotion, recs, placement, args.settings).items():
                steps[path][key] = times
    mob = [d for d in detectors if d in MOBGAP_DETECTORS]
    for rec in recs:
        load(rec)
        if "naive" in detectors:
            steps[rec.path]["naive"] = naive(rec)
        if mob and rec.mobgap:
            steps[rec.path].update(mobgap_detect(rec, mob))
        rec.acc = rec.gyr = None  # keep the memory low (labels and time stay)
    print(f"detected in {time.time() - started:.0f} s", file=sys.stderr)

    judge = {"reference": judge_reference, "still": judge_still, "vehicle": judge_all, "count": judge_all}
    results = {r.path: {d: judge[r.kind](r, steps[r.path][d]) for d in detectors if d in steps[r.path]}
               for r in recs}

    problems = []
    if not args.no_verify:
        for placement, key in (("any", "ours"), ("trunk", "ours-trunk")):
            if key not in detectors:
                continue
            for rec in recs:
                result = dict(results[rec.path][key], _all=steps[rec.path][key])
                problems += verify(args.locomotion, rec, placement, args.settings, result)
        for p in problems:
            print("verify: " + p, file=sys.stderr)
        print(f"verify: Python metric vs evaluate-steps --json: "
              f"{'no difference' if not problems else f'{len(problems)} differences'}", file=sys.stderr)

    table = rows(recs, results)
    phones = count_summary(recs, results, detectors)
    if args.json:
        print(json.dumps({
            "tolerance": TOLERANCE, "detectors": detectors, "settings": args.settings,
            "rows": [{"recording": name, "kind": kind, "results": res} for name, kind, res in table],
            "stepTimes": {r.name: steps[r.path] for r in recs if r.kind != "still"},
            "verify": None if args.no_verify else problems,
            "phoneCounts": phones,
        }, indent=1))
        return
    print("Reference rows: F1 of one-to-one matches within ±0.25 s and count error, inside the widened reference "
          "bouts where there are bouts (`out`: detections per minute outside them). Still and vehicle rows: false "
          "steps per minute (count). Daphnet: steps (steps per minute)." +
          (f" Our detector with {' '.join('--set ' + s for s in args.settings)}." if args.settings else ""))
    print()
    print("| recording | " + " | ".join(TITLES[d] for d in detectors) + " |")
    print("|---|" + "---|" * len(detectors))
    for name, kind, res in table:
        print(f"| {name} | " + " | ".join(cell(kind, res.get(d)) for d in detectors) + " |")
    if phones:
        print()
        print("Oxford phones, |count error| over the whole recording: median, worst (recording), recordings over 10 %:")
        print()
        for d, v in phones.items():
            print(f"- {TITLES[d]}: median {v['medianAbsCountErrorPercent']:.1f} %, worst "
                  f"{v['worstAbsCountErrorPercent']:.1f} % ({v['worst']}), {v['over10Percent']} of {v['recordings']} over 10 %")


if __name__ == "__main__":
    main()
