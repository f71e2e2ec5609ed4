#!/usr/bin/env python3
"""In a vehicle or not: how much time `locomotion analyze` calls driving, per source.

Runs the `locomotion analyze` executable (default classifier, default smoothing) on whole
recordings of the shared data folder, accelerometer only: every recording is rewritten to a
temporary CSV with its time and acceleration columns alone (gravity included `acc_*` where the
file has them, else the gravity-removed `linacc_*`), so no gyroscope, GPS or label column reaches
the analysis (with `--gps`, the recording's GPS speed does: each fix's speed in a `speed` column on
the first sample at or after the fix, so the in-vehicle stage can use a sustained vehicle speed). Prints two markdown tables and writes the same numbers as JSON:

1. recordings made inside a vehicle (stops and stations included): the share of their time the
   timeline calls driving, the median time from the first sample to the first driving segment,
   and, where the recording has GPS speed, the share of fixes above 6 m/s that fall in driving;
2. recordings without a vehicle: the share of their time called driving;
3. with `--walk-after-ride`, each TMD ride followed by a walk of the same person: how many seconds
   after the walk's first sample the timeline stops calling it driving.

Gravity removed: the rows marked "(linacc, fused)" or "(linacc, low-pass)" are copies of a source
whose acceleration this script first turns into a phone's linear acceleration (gravity_removal.py:
gravity tracked by a gyroscope complementary filter, or by a 1 s low-pass where the recording has
no usable gyroscope), so the analysis reads `linacc_*` columns as from CoreMotion's
`userAcceleration`, Android's linear-acceleration sensor or Sensor Logger; "(phone's linacc)" reads
the linear acceleration the phone itself logged. These rows are not in the mean over sources (the
issue's); the vehicle table gives their own mean.

Time is recorded time: a pause of the logger longer than 5 s between two samples is left out
(of the time and of the driving). A recording the analysis refuses (non-zero exit) is counted and
shown; its time counts as not driving in the "driving" column (as a user would see it: no
driving), and is left out of the "driving of analyzed" column. Time to first driving is measured
from the first sample; a recording never called driving counts with its whole duration.

Usage:
    python3 Benchmarks/vehicles/evaluate.py DATA_DIR [--locomotion .build/release/locomotion]
        [--json out.json] [--jobs 2] [--sources tartu,tmd-car] [--analyze-args "--resample auto"] [--gps]

Standard library only; the product does not need it.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import glob
import json
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gravity_removal  # noqa: E402

# Fixes above this GPS speed (m/s) must be in a vehicle: no one walks, runs or cycles there for long.
VEHICLE_SPEED = 6.0
# Intervals between samples longer than this (s) are not recorded time: a logger that stopped (the
# Physics Toolbox drives 1 and 2 log a few samples a minute after their first two minutes) has no
# time to call anything. Throttled TMD logs at 1.5 Hz stay well below it.
LONGEST_INTERVAL = 5.0


@dataclass
class Source:
    """One row of a table: a set of recordings and where their GPS speed is."""

    name: str
    in_vehicle: bool
    folder: str
    pattern: str
    exclude: str | None = None
    # Columns to read as the three acceleration axes when the names are not acc_*/linacc_*.
    axes: tuple[str, str, str] | None = None
    # A function (recording path) -> list of (t_s, speed m/s) on the recording's clock, or None.
    gps: object = None
    # Rewrite the acceleration as a phone's linear acceleration (gravity_removal.py: "fused" with the
    # recording's gyroscope, or "low-pass") and hand the analysis `linacc_*` columns.
    remove_gravity: str | None = None
    # Read the recording's own `linacc_*` columns even where it also has `acc_*` ones.
    prefer_linear: bool = False


def gps_beside(old: str, new: str, column: str):
    """A reader of the GPS file beside a recording (its name with `old` replaced by `new`): the
    fixes as (t_s on the recording's clock, speed in `column`)."""

    def read(path: str):
        gps = path.replace(old, new)
        if not os.path.exists(gps):
            return None
        with open(gps, newline="") as handle:
            return [(float(row["t_s"]), float(row[column])) for row in csv.DictReader(handle) if row[column] not in ("", "nan")]

    return read


# The Physics Toolbox drives' watch speed; TMD's speed_field1, the logged GPS speed in m/s
# according to the dataset's README.
watch_gps = gps_beside("_acc.csv", "_gps_watch.csv", "speed_m_s_device")
tmd_gps = gps_beside(".csv", "_speed.csv", "speed_field1")


SOURCES = [
    # Table 1: inside a vehicle, every sample (stops, stations and phone handling in the vehicle included).
    Source("car-phone-physicstoolbox", True, "car-phone-physicstoolbox", "drive*_acc.csv", gps=watch_gps),
    Source("driver-behavior", True, "driver-behavior", "trip*_imu.csv"),
    Source("bratislava tram/bus (stops incl.)", True, "bratislava-tram-bus-phone", "[0-9][0-9]_*.csv", "_events.csv"),
    Source("metro-paris linacc (stations incl.)", True, "metro-paris-sensorlogger", "*_linacc.csv"),
    Source("metro-paris totalacc (stations incl.)", True, "metro-paris-sensorlogger", "*_totalacc.csv"),
    Source("tmd car", True, "tmd-us-transportation-raw", "tmd_*_car_*.csv", "_speed.csv", gps=tmd_gps),
    Source("tmd bus", True, "tmd-us-transportation-raw", "tmd_*_bus_*.csv", "_speed.csv", gps=tmd_gps),
    Source("tmd train", True, "tmd-us-transportation-raw", "tmd_*_train_*.csv", "_speed.csv", gps=tmd_gps),
    Source("tartu road car (linacc)", True, "tartu-road-car-phones-linear-acc", "tartu_*.csv"),
    # Table 1, gravity removed: the phone's own linear acceleration where it logged one, else the
    # recordings above as a phone's linear acceleration would give them (gravity_removal.py).
    Source("driver-behavior (phone's linacc)", True, "driver-behavior", "trip*_imu.csv", prefer_linear=True),
    Source(
        "car-phone-physicstoolbox (linacc, low-pass)", True, "car-phone-physicstoolbox", "drive*_acc.csv",
        remove_gravity="low-pass",
    ),
    Source(
        "bratislava tram/bus (linacc, low-pass)", True, "bratislava-tram-bus-phone", "[0-9][0-9]_*.csv", "_events.csv",
        remove_gravity="low-pass",
    ),
    Source("tmd car (linacc, low-pass)", True, "tmd-us-transportation-raw", "tmd_*_car_*.csv", "_speed.csv", remove_gravity="low-pass"),
    Source("tmd bus (linacc, low-pass)", True, "tmd-us-transportation-raw", "tmd_*_bus_*.csv", "_speed.csv", remove_gravity="low-pass"),
    Source(
        "tmd train (linacc, low-pass)", True, "tmd-us-transportation-raw", "tmd_*_train_*.csv", "_speed.csv",
        remove_gravity="low-pass",
    ),
    # Table 2: no vehicle anywhere in the recording.
    Source("uci-hapt", False, "uci-hapt", "exp*_user*.csv"),
    Source("motionsense", False, "motionsense-iphone-pocket", "motionsense_sub*.csv"),
    Source("hugadb cycling", False, "hugadb-cycling-thigh-imu", "hugadb_*.csv"),
    Source("geotec pocket TUG", False, "geotec-phone-pocket-tug", "geotec_s*_tug.csv"),
    Source("tmd walking", False, "tmd-us-transportation-raw", "tmd_*_walking_*.csv", "_speed.csv", gps=tmd_gps),
    Source("tmd still", False, "tmd-us-transportation-raw", "tmd_*_still_*.csv", "_speed.csv", gps=tmd_gps),
    Source("skdh", False, "skdh-context-snippets", "*.csv"),
    Source(
        "daphnet (trunk)", False, "daphnet-excerpt", "daphnet_*.csv",
        axes=("trunk_horiz_fwd_g", "trunk_vert_g", "trunk_horiz_lateral_g"),
    ),
    Source("gaitpy lumbar", False, "gaitpy-geneactiv-lumbar-demo", "geneactiv_*.csv"),
    Source("mobilised-d", False, "mobilised-d-lab-example", "*_imu.csv"),
    Source("oxford step counter", False, "oxford-stepcounter-phones", "*_[0-9].csv"),
    Source("voisard (evaluation only)", False, "voisard-healthy-lowback", "S[0-9][0-9]_T[0-9].csv"),
    # Table 2, gravity removed: the same recordings as a phone's linear acceleration would give them
    # (gravity_removal.py; "fused" = gyroscope complementary filter, "low-pass" = no gyroscope).
    Source("uci-hapt (linacc, fused)", False, "uci-hapt", "exp*_user*.csv", remove_gravity="fused"),
    Source("motionsense (linacc, fused)", False, "motionsense-iphone-pocket", "motionsense_sub*.csv", remove_gravity="fused"),
    # HuGaDB's gyroscope reads a median 9.7 rad/s on a pedalling thigh (its stated scale is doubtful): low-pass.
    Source("hugadb cycling (linacc, low-pass)", False, "hugadb-cycling-thigh-imu", "hugadb_*.csv", remove_gravity="low-pass"),
    Source("geotec pocket TUG (linacc, fused)", False, "geotec-phone-pocket-tug", "geotec_s*_tug.csv", remove_gravity="fused"),
    Source("mobilised-d (linacc, fused)", False, "mobilised-d-lab-example", "*_imu.csv", remove_gravity="fused"),
    Source(
        "tmd walking (linacc, low-pass)", False, "tmd-us-transportation-raw", "tmd_*_walking_*.csv", "_speed.csv",
        remove_gravity="low-pass",
    ),
    Source(
        "tmd still (linacc, low-pass)", False, "tmd-us-transportation-raw", "tmd_*_still_*.csv", "_speed.csv",
        remove_gravity="low-pass",
    ),
    Source("skdh (linacc, low-pass)", False, "skdh-context-snippets", "*.csv", remove_gravity="low-pass"),
    Source("gaitpy lumbar (linacc, low-pass)", False, "gaitpy-geneactiv-lumbar-demo", "geneactiv_*.csv", remove_gravity="low-pass"),
    Source("oxford step counter (linacc, low-pass)", False, "oxford-stepcounter-phones", "*_[0-9].csv", remove_gravity="low-pass"),
]


def acceleration_columns(header: list[str], source: Source) -> tuple[list[int], str]:
    """The positions of the x, y, z acceleration columns and the name stem to write them under."""
    lowered = [name.strip().lower() for name in header]
    if source.axes:
        return [lowered.index(name) for name in source.axes], "acc"
    for stem in ("linacc", "acc") if source.prefer_linear else ("acc", "linacc"):
        found = []
        for axis in "xyz":
            matches = [i for i, name in enumerate(lowered) if re.match(rf"^{stem}_{axis}_g(_|$)", name)]
            if not matches:
                break
            found.append(matches[0])
        if len(found) == 3:
            return found, stem
    raise ValueError(f"no acc_*_g or linacc_*_g columns in {header}")


def linear_copy(path: str, source: Source, directory: str, fused: bool) -> str:
    """A copy of the recording with its acceleration as linear acceleration (`t_s`, `linacc_*_g`;
    rows with an unreadable time or value left out)."""
    with open(path, newline="", encoding="utf-8-sig") as handle:
        reader = csv.reader(handle)
        header = next(reader)
        time = [name.strip().lower() for name in header].index("t_s")
        columns, _ = acceleration_columns(header, source)
        gyro = gravity_removal.gyro_columns(header) if fused else None
        if fused and gyro is None:
            raise ValueError(f"no gyroscope columns in {path} for a fused gravity estimate")
        times, acc, rates = [], [], []
        for row in reader:
            try:
                t = float(row[time])
                a = tuple(float(row[i]) for i in columns)
                w = tuple(float(row[i]) * gyro[1] for i in gyro[0]) if gyro else (0.0, 0.0, 0.0)
            except (ValueError, IndexError):
                continue
            if all(math.isfinite(v) for v in (t, *a, *w)):
                times.append(t)
                acc.append(a)
                rates.append(w)
    linear, _ = gravity_removal.remove_gravity(times, acc, rates if gyro else None)
    out = os.path.join(directory, "linear-" + os.path.basename(path))
    with open(out, "w", newline="") as target:
        writer = csv.writer(target, lineterminator="\n")
        writer.writerow(["t_s", "linacc_x_g", "linacc_y_g", "linacc_z_g"])
        writer.writerows([[repr(t), f"{a[0]:.6f}", f"{a[1]:.6f}", f"{a[2]:.6f}"] for t, a in zip(times, linear)])
    return out


def accelerometer_only(
    path: str, source: Source, directory: str, fixes: list[tuple[float, float]] | None = None
) -> tuple[str, list[tuple[float, float]]]:
    """Writes time and acceleration only (and, given `fixes`, their speeds in a `speed` column:
    each on the first sample at or after its time); returns the new path and the recorded spans
    (s): the stretches between samples with no interval longer than ``LONGEST_INTERVAL``."""
    out = os.path.join(directory, os.path.basename(path))
    spans: list[list[float]] = []
    pending = sorted(fixes or [])
    if source.remove_gravity:
        path = linear_copy(path, source, directory, source.remove_gravity == "fused")
    with open(path, newline="") as handle, open(out, "w", newline="") as target:
        reader = csv.reader(handle)
        header = next(reader)
        time = [name.strip().lower() for name in header].index("t_s")
        columns, stem = acceleration_columns(header, source)
        writer = csv.writer(target, lineterminator="\n")
        writer.writerow(["t_s"] + [f"{stem}_{axis}_g" for axis in "xyz"] + (["speed"] if fixes is not None else []))
        for row in reader:
            if not row:
                continue
            try:
                value = float(row[time])
            except ValueError:
                writer.writerow([row[time]] + [row[i] for i in columns] + ([""] if fixes is not None else []))
                continue
            speed = ""
            while pending and pending[0][0] <= value:
                speed = repr(pending.pop(0)[1])
            writer.writerow([row[time]] + [row[i] for i in columns] + ([speed] if fixes is not None else []))
            if spans and 0 <= value - spans[-1][1] <= LONGEST_INTERVAL:
                spans[-1][1] = value
            else:
                spans.append([value, value])
    return out, [(a, b) for a, b in spans if b > a]


@dataclass
class Result:
    path: str
    spans: list[tuple[float, float]]
    refused: bool
    message: str = ""
    driving: list[tuple[float, float]] = field(default_factory=list)
    gps: list[tuple[float, float]] | None = None

    @property
    def start(self) -> float:
        return self.spans[0][0] if self.spans else 0.0

    @property
    def duration(self) -> float:
        """The recorded time (s): the spans without the pauses of the logger."""
        return sum(b - a for a, b in self.spans)

    def driving_seconds(self) -> float:
        return sum(max(0.0, min(e, b) - max(s, a)) for s, e in self.driving for a, b in self.spans)

    def recorded(self, time: float) -> bool:
        return any(a <= time <= b for a, b in self.spans)

    def first_driving(self) -> float | None:
        return min((s for s, _ in self.driving), default=None)

    def is_driving(self, time: float) -> bool:
        return any(s <= time < e for s, e in self.driving)


def analyze(binary: str, extra: list[str], source: Source, path: str, with_gps: bool = False) -> Result:
    fixes = source.gps(path) if source.gps else None
    with tempfile.TemporaryDirectory(prefix="vehicles-") as directory:
        trimmed, spans = accelerometer_only(path, source, directory, fixes if with_gps else None)
        run = subprocess.run(
            [binary, "analyze", trimmed, "--csv", "--jobs", "1", *extra], capture_output=True, text=True
        )
    result = Result(path, spans, refused=run.returncode != 0)
    if result.refused:
        message = (run.stderr.strip().splitlines() or ["exit status %d" % run.returncode])[-1]
        # The same reason for every file: without the temporary path and the file's own rate.
        message = re.sub(r"^locomotion analyze: \S+: ", "", message)
        result.message = re.sub(r"sampleRate = [0-9.]+", "sampleRate = …", message)
    for row in csv.DictReader(run.stdout.splitlines()):
        if row.get("activity") == "driving":
            result.driving.append((float(row["start_s"]), float(row["end_s"])))
    if fixes is not None:
        result.gps = [(t, v) for t, v in fixes if result.recorded(t)]
    return result


def median(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else 0.5 * (ordered[middle - 1] + ordered[middle])


def summarise(source: Source, results: list[Result]) -> dict:
    total = sum(r.duration for r in results)
    analyzed = [r for r in results if not r.refused]
    analyzed_time = sum(r.duration for r in analyzed)
    driving = sum(r.driving_seconds() for r in analyzed)
    row = {
        "source": source.name,
        "in_vehicle": source.in_vehicle,
        # A gravity-removed copy (or the phone's own linear acceleration beside a recording already
        # counted): not part of the mean over sources, which stays the issue's.
        "copy": bool(source.remove_gravity or source.prefer_linear),
        "files": len(results),
        "refused": len(results) - len(analyzed),
        "hours": total / 3600,
        "driving_share": driving / total if total else None,
        "driving_share_of_analyzed": driving / analyzed_time if analyzed_time else None,
        "refusals": {m: sum(1 for r in results if r.refused and r.message == m)
                     for m in sorted({r.message for r in results if r.refused})},
        # Per recording, to find where the time goes (the tables do not use it).
        "recordings": [
            {
                "name": os.path.basename(r.path), "seconds": round(r.duration, 1),
                "driving_share": round(r.driving_seconds() / r.duration, 4) if r.duration else None,
                "first_driving_s": None if r.first_driving() is None else round(r.first_driving() - r.start, 1),
                "refused": r.refused,
            }
            for r in results
        ],
    }
    if source.in_vehicle:
        # A recording never called driving counts as its whole duration (it was not recognised in it).
        delays = []
        never = 0
        for r in results:
            first = r.first_driving()
            if first is None:
                never += 1
                delays.append(r.duration)
            else:
                delays.append(max(0.0, first - r.start))
        row["median_time_to_first_driving_s"] = median(delays)
        row["never_driving"] = never
        fast = [(r, t) for r in results if r.gps for t, v in r.gps if v > VEHICLE_SPEED]
        row["gps_fixes_above_6_m_s"] = len(fast)
        row["gps_fast_share_driving"] = (
            sum(1 for r, t in fast if r.is_driving(t)) / len(fast) if fast else None
        )
    return row


def percent(value) -> str:
    return "—" if value is None else f"{100 * value:.1f} %"


def markdown(rows: list[dict]) -> str:
    lines = ["### Recordings made inside a vehicle (should be ~100 %)", ""]
    lines.append(
        "| source | files | refused | hours | driving | driving of analyzed | median s to first driving "
        "(never) | GPS > 6 m/s fixes driving |"
    )
    lines.append("|---|---|---|---|---|---|---|---|")
    vehicle = [r for r in rows if r["in_vehicle"]]
    for r in vehicle:
        delay = r["median_time_to_first_driving_s"]
        gps = (
            f"{percent(r['gps_fast_share_driving'])} of {r['gps_fixes_above_6_m_s']}"
            if r["gps_fixes_above_6_m_s"]
            else "—"
        )
        lines.append(
            f"| {r['source']} | {r['files']} | {r['refused']} | {r['hours']:.2f} | {percent(r['driving_share'])} "
            f"| {percent(r['driving_share_of_analyzed'])} | {'—' if delay is None else f'{delay:.0f}'} "
            f"({r['never_driving']}) | {gps} |"
        )
    shares = [r["driving_share"] for r in vehicle if r["driving_share"] is not None and not r["copy"]]
    if shares:
        # The time-to-first-driving and GPS targets are over recordings and fixes, not sources.
        delays = [
            rec["seconds"] if rec["first_driving_s"] is None else max(0.0, rec["first_driving_s"])
            for r in vehicle if not r["copy"] for rec in r["recordings"]
        ]
        fixes = sum(r["gps_fixes_above_6_m_s"] for r in vehicle if not r["copy"])
        driving = sum(
            r["gps_fast_share_driving"] * r["gps_fixes_above_6_m_s"]
            for r in vehicle if not r["copy"] and r["gps_fixes_above_6_m_s"]
        )
        overall_delay = median(delays)
        lines.append(
            f"| **mean over sources** (median over recordings; all fixes) | | | | {percent(sum(shares) / len(shares))} | "
            f"| {'—' if overall_delay is None else f'{overall_delay:.0f}'} "
            f"| {percent(driving / fixes) + f' of {fixes}' if fixes else '—'} |"
        )
    copies = [r["driving_share"] for r in vehicle if r["driving_share"] is not None and r["copy"]]
    if copies:
        lines.append(
            f"| **mean over gravity-removed copies** | | | | {percent(sum(copies) / len(copies))} | | | |"
        )
    lines += ["", "### Recordings without a vehicle (should be ~0 %)", ""]
    lines.append("| source | files | refused | hours | driving | driving of analyzed |")
    lines.append("|---|---|---|---|---|---|")
    for r in rows:
        if not r["in_vehicle"]:
            lines.append(
                f"| {r['source']} | {r['files']} | {r['refused']} | {r['hours']:.2f} | {percent(r['driving_share'])} "
                f"| {percent(r['driving_share_of_analyzed'])} |"
            )
    refusals = [(r["source"], m, n) for r in rows for m, n in r["refusals"].items()]
    if refusals:
        lines += ["", "Refusals (the error's last line, files):", ""]
        lines += [f"- {source}: {message} ({count})" for source, message, count in refusals]
    return "\n".join(lines)


def read_acceleration(path: str) -> tuple[list[str], list[list[str]]]:
    """The time and acc_*_g columns of a TMD recording (header, rows), rows with a readable time."""
    with open(path, newline="") as handle:
        reader = csv.reader(handle)
        header = next(reader)
        time = [name.strip().lower() for name in header].index("t_s")
        columns, stem = acceleration_columns(header, Source("", False, "", ""))
        rows = []
        for row in reader:
            try:
                rows.append([float(row[time])] + [row[i] for i in columns])
            except (ValueError, IndexError):
                continue
    return [f"{stem}_{axis}_g" for axis in "xyz"], rows


def walk_after_ride(binary: str, extra: list[str], data: str, jobs: int) -> list[dict]:
    """Each TMD ride (car, bus, train) followed 1 s after its last sample by a walk of the same
    person (their walks in turn, by file name): how long the timeline keeps calling the walk
    driving. Delay = end of the driving segment holding the walk's first sample, minus that sample's
    time (0 when none); a ride's segment lasting to the walk's end counts with the walk's whole
    duration. Only pairs whose ride is driving 30 s before its end are timed."""
    folder = os.path.join(data, "tmd-us-transportation-raw")
    pattern = re.compile(r"tmd_(.+)_(car|bus|train|walking)_[0-9]+\.csv$")
    rides: dict[str, list[str]] = {}
    walks: dict[str, list[str]] = {}
    for path in sorted(glob.glob(os.path.join(folder, "tmd_*.csv"))):
        match = pattern.search(os.path.basename(path))
        if match:
            (walks if match.group(2) == "walking" else rides).setdefault(match.group(1), []).append(path)
    pairs = [
        (ride, walks[person][index % len(walks[person])])
        for person in sorted(rides) if person in walks
        for index, ride in enumerate(rides[person])
    ]

    def one(pair: tuple[str, str]) -> dict:
        ride_path, walk_path = pair
        header, ride = read_acceleration(ride_path)
        _, walk = read_acceleration(walk_path)
        shift = ride[-1][0] + 1.0 - walk[0][0]
        walk_start, walk_end = ride[-1][0] + 1.0, walk[-1][0] + shift
        with tempfile.TemporaryDirectory(prefix="vehicles-") as directory:
            out = os.path.join(directory, "ride_then_walk.csv")
            with open(out, "w", newline="") as target:
                writer = csv.writer(target, lineterminator="\n")
                writer.writerow(["t_s"] + header)
                writer.writerows([[repr(r[0])] + r[1:] for r in ride])
                writer.writerows([[repr(r[0] + shift)] + r[1:] for r in walk])
            run = subprocess.run([binary, "analyze", out, "--csv", "--jobs", "1", *extra], capture_output=True, text=True)
        driving = [
            (float(row["start_s"]), float(row["end_s"]))
            for row in csv.DictReader(run.stdout.splitlines()) if row.get("activity") == "driving"
        ]
        # The ride's own driving segment, when it reaches into the walk (later false rides inside the
        # walk are the "without a vehicle" table's business).
        overlapping = [e for s, e in driving if s <= walk_start < e]
        ride_end_driving = any(s <= walk_start - 30 < e for s, e in driving)
        return {
            "ride": os.path.basename(ride_path), "walk": os.path.basename(walk_path), "refused": run.returncode != 0,
            "ride_driving_30_s_before_its_end": ride_end_driving,
            "walk_seconds": round(walk_end - walk_start, 1),
            "walk_shows_after_s": round(min(max(overlapping, default=walk_start), walk_end) - walk_start, 1),
        }

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, pairs))


def walk_markdown(pairs: list[dict]) -> str:
    recognised = [p for p in pairs if p["ride_driving_30_s_before_its_end"]]
    delays = [p["walk_shows_after_s"] for p in recognised]
    lines = ["", "### A walk after a ride (TMD rides, each followed by a walk of the same person)", ""]
    lines.append("| pairs | refused | ride driving at its end | median s until the walk shows | within 15 s |")
    lines.append("|---|---|---|---|---|")
    within = sum(1 for d in delays if d <= 15)
    middle = median(delays)
    lines.append(
        f"| {len(pairs)} | {sum(p['refused'] for p in pairs)} | {len(recognised)} "
        f"| {'—' if middle is None else f'{middle:.0f}'} | {within} of {len(delays)} |"
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", help="the shared data folder (holds car-phone-physicstoolbox/, tmd-.../, ...)")
    parser.add_argument("--locomotion", default=".build/release/locomotion", help="the locomotion executable")
    parser.add_argument("--json", help="write the rows as JSON to this file")
    parser.add_argument("--jobs", type=int, default=2, help="recordings analyzed at once")
    parser.add_argument("--sources", help="comma-separated substrings: only sources whose name contains one")
    parser.add_argument("--analyze-args", default="", help="extra arguments for `locomotion analyze`")
    parser.add_argument(
        "--walk-after-ride", action="store_true", help="also time the walk after each TMD ride (a third table)"
    )
    parser.add_argument(
        "--gps", action="store_true", help="give the analysis the recordings' GPS speed too (where they have one)"
    )
    arguments = parser.parse_args()
    extra = shlex.split(arguments.analyze_args)
    selected = [
        s for s in SOURCES
        if not arguments.sources or any(part in s.name for part in arguments.sources.split(","))
    ]
    jobs = []
    for source in selected:
        paths = sorted(glob.glob(os.path.join(arguments.data, source.folder, source.pattern)))
        paths = [p for p in paths if not (source.exclude and p.endswith(source.exclude))]
        if not paths:
            print(f"warning: no recordings for {source.name}", file=sys.stderr)
        jobs += [(source, path) for path in paths]
    results: dict[str, list[Result]] = {s.name: [] for s in selected}
    with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
        futures = {pool.submit(analyze, arguments.locomotion, extra, s, p, arguments.gps): s for s, p in jobs}
        for future in concurrent.futures.as_completed(futures):
            results[futures[future].name].append(future.result())
    rows = [summarise(s, sorted(results[s.name], key=lambda r: r.path)) for s in selected]
    print(markdown(rows))
    walk_pairs = None
    if arguments.walk_after_ride:
        walk_pairs = walk_after_ride(arguments.locomotion, extra, arguments.data, arguments.jobs)
        print(walk_markdown(walk_pairs))
    if arguments.json:
        with open(arguments.json, "w") as handle:
            json.dump(
                {
                    "command": " ".join(sys.argv), "analyze_args": extra, "gps": arguments.gps, "sources": rows,
                    "walk_after_ride": walk_pairs,
                }, handle,
                indent=1,
                sort_keys=True,
            )
            handle.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
