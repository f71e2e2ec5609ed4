"""Loads the shared recordings for the in-vehicle prototype (vehicle_state.py).

Every recording becomes (source, name, t [s], acc [N x 3, g], gravity_included, in_vehicle [N] bool,
licensed). Truth is per recording: every sample of a recording made in a vehicle counts as in-vehicle
(stops included); every sample of the other recordings counts as not in a vehicle.
"""

import csv
import glob
import os

import numpy as np

DATA = os.environ.get("LOCOMOTION_SHARED_DATA", "/work/shared/data")


def _read(path, cols):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        rd = csv.reader(fh)
        header = [h.strip() for h in next(rd)]
        idx = [header.index(c) for c in ["t_s"] + cols]
        rows = []
        for r in rd:
            try:
                rows.append([float(r[i]) for i in idx])
            except (ValueError, IndexError):
                continue
    a = np.asarray(rows, dtype=float)
    return a[:, 0], a[:, 1:4]


def _acc(path):
    with open(path, encoding="utf-8-sig") as fh:
        header = fh.readline().strip().split(",")
    if "acc_y_g" in header:
        return _read(path, ["acc_x_g", "acc_y_g", "acc_z_g"]) + (True,)
    if "linacc_x_g" in header:
        return _read(path, ["linacc_x_g", "linacc_y_g", "linacc_z_g"]) + (False,)
    if "acc_y_g_vertical" in header:
        return _read(path, ["acc_x_g", "acc_y_g_vertical", "acc_z_g"]) + (True,)
    if "trunk_vert_g" in header:
        return _read(path, ["trunk_horiz_fwd_g", "trunk_vert_g", "trunk_horiz_lateral_g"]) + (True,)
    raise ValueError(path)


# (source, glob, in_vehicle, licensed)
SOURCES = [
    ("car-phone-physicstoolbox", "car-phone-physicstoolbox/drive*_acc.csv", True, False),
    ("driver-behavior", "driver-behavior/trip*_imu.csv", True, False),
    ("bratislava-tram-bus", "bratislava-tram-bus-phone/0?_*.csv", True, False),
    ("metro-paris-linacc", "metro-paris-sensorlogger/*_linacc.csv", True, True),
    ("metro-paris-totalacc", "metro-paris-sensorlogger/*_totalacc.csv", True, True),
    ("tmd-vehicle", "tmd-us-transportation-raw/tmd_*_[cbt][aur][ras]*[0-9].csv", True, True),
    ("tartu-linacc", "tartu-road-car-phones-linear-acc/tartu_*.csv", True, True),
    ("tmd-walking-still", "tmd-us-transportation-raw/tmd_*_[ws][at][li]*[0-9].csv", False, True),
    ("uci-hapt", "uci-hapt/exp*.csv", False, False),
    ("motionsense", "motionsense-iphone-pocket/motionsense_sub*.csv", False, True),
    ("hugadb-cycling", "hugadb-cycling-thigh-imu/hugadb_*.csv", False, False),
    ("geotec-tug", "geotec-phone-pocket-tug/geotec_s*.csv", False, True),
    ("skdh", "skdh-context-snippets/*.csv", False, True),
    ("daphnet", "daphnet-excerpt/daphnet_*.csv", False, True),
    ("gaitpy", "gaitpy-geneactiv-lumbar-demo/geneactiv_lumbar_50Hz.csv", False, True),
    ("mobilised-d", "mobilised-d-lab-example/*_imu.csv", False, True),
    ("oxford", "oxford-stepcounter-phones/*[0-9].csv", False, True),
    ("voisard", "voisard-healthy-lowback/S*_T[0-9].csv", False, False),
]


def recordings(only=None):
    for source, pattern, vehicle, licensed in SOURCES:
        if only and source not in only:
            continue
        for path in sorted(glob.glob(os.path.join(DATA, pattern))):
            if path.endswith(("_speed.csv", "_events.csv")):
                continue
            t, acc, grav = _acc(path)
            order = np.argsort(t, kind="stable")
            t, acc = t[order], acc[order]
            if len(t) < 10:
                continue
            yield dict(source=source, name=os.path.basename(path), t=t, acc=acc, gravity=grav,
                       vehicle=vehicle, licensed=licensed)
