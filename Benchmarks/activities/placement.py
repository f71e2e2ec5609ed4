#!/usr/bin/env python3
"""The sway of gravity's direction per recording, and the placement it reads, as `PhonePlacementEstimate`
computes them (a numpy mirror of Sources/Locomotion/Features/PhonePlacement.swift), on the shared recordings
whose placement is known. Prints a markdown table: placement, recordings, sway range, what was read.

    python3 Benchmarks/activities/placement.py [--data ../shared/data]
"""
import argparse
import collections
import glob
import os
from pathlib import Path

import numpy as np
import pandas as pd

THIGH, ELSEWHERE, MOVING, SMOOTHING, WINDOW, MIN_WINDOWS = 19.0, 12.0, 0.1, 0.25, 2.56, 4


def estimate(t, xyz):
    d = np.diff(t)
    rate = 1 / np.median(d[d > 0])
    n = len(t)
    half = int(SMOOTHING * rate) // 2
    c = np.vstack([np.zeros((1, 3)), np.cumsum(xyz, 0)])
    lo = np.maximum(0, np.arange(n) - half)
    hi = np.minimum(n, np.arange(n) + half + 1)
    g = (c[hi] - c[lo]) / (hi - lo)[:, None]
    u = g / np.linalg.norm(g, axis=1, keepdims=True)
    mag = np.linalg.norm(xyz, axis=1)
    length = int(WINDOW * rate)
    sways = []
    for s in range(0, n - length, max(1, length // 2)):
        if mag[s:s + length].std() < MOVING:
            continue
        m = u[s:s + length].sum(0)
        ang = np.degrees(np.arccos(np.clip(u[s:s + length] @ m / np.linalg.norm(m), -1, 1)))
        sways.append(np.percentile(ang, 95))
    sway = np.median(sways) if sways else np.nan
    if len(sways) < MIN_WINDOWS:
        return sway, "unknown"
    return sway, "thigh" if sway >= THIGH else "elsewhere" if sway <= ELSEWHERE else "unknown"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=Path(__file__).resolve().parents[2] / "../shared/data", type=Path)
    data = ap.parse_args().data.resolve()
    groups = collections.defaultdict(list)
    for f in sorted(glob.glob(f"{data}/oxford-stepcounter-phones/*_[0-9].csv")):
        groups["oxford " + os.path.basename(f).split("_")[2]].append(f)
    groups["motionsense front pocket (walking, jogging)"] = sorted(
        glob.glob(f"{data}/motionsense-iphone-pocket/*_walking_*.csv") + glob.glob(f"{data}/motionsense-iphone-pocket/*_jogging_*.csv"))
    groups["geotec front pocket (TUG)"] = sorted(glob.glob(f"{data}/geotec-phone-pocket-tug/geotec_s*_tug.csv"))
    groups["hugadb thigh strap (cycling)"] = sorted(glob.glob(f"{data}/hugadb-cycling-thigh-imu/hugadb_*.csv"))
    groups["uci-hapt waist"] = sorted(glob.glob(f"{data}/uci-hapt/exp*_user*.csv"))
    groups["mobilised-d lower back"] = sorted(glob.glob(f"{data}/mobilised-d-lab-example/*_imu.csv"))
    print("| placement | recordings | sway (°) min–max | read thigh / elsewhere / unknown |")
    print("|---|---:|---|---|")
    for name, files in groups.items():
        sways, reads = [], collections.Counter()
        for f in files:
            a = pd.read_csv(f)
            sway, read = estimate(a.t_s.values, a[["acc_x_g", "acc_y_g", "acc_z_g"]].values)
            sways.append(sway)
            reads[read] += 1
        print(f"| {name} | {len(files)} | {np.nanmin(sways):.0f}–{np.nanmax(sways):.0f} | "
              f"{reads['thigh']} / {reads['elsewhere']} / {reads['unknown']} |")


if __name__ == "__main__":
    main()
