#!/usr/bin/env python3
"""Is walking recognised as walking, and do steps stay out of the count while still or riding?

Usage:
    python3 Benchmarks/steps/walking_recognition.py [--bin PATH] [--data DIR] [--work DIR] [--extra DIR]...
        [--only NAME]... [--by-person] [--save FILE] [--load FILE [--compare FILE]] [--json]
        [--analyze-args "--no-walker-rhythm"]

For every recording of the sources below it runs the default CLI (`locomotion classify --classifier rules
--csv`, `locomotion analyze --json` and `locomotion steps --json`, same reader options) and prints, per
dataset:

* windows: of the 2.56 s windows wholly inside one labelled class (walking, stationary, vehicle), the %
  the activity rules call walking or running ("on foot");
* timeline: of the labelled time, the % inside a walking or running segment of the smoothed timeline
  (the default hysteresis), which is what decides the steps on foot;
* steps on foot while walking: of the steps detected in walking-labelled time, how many are on foot
  (what a user sees of a walk);
* gated steps: steps on foot (`ActivityTimeline.stepsOnFoot`: detected steps inside a walking or
  running segment) per minute of stationary-labelled time, and per minute of a whole vehicle
  recording (every step there is false), leaving out stretches shown to be out of the vehicle
  (OUT_OF_VEHICLE, with the evidence; the rate as labelled follows in brackets).

Sources and their truth: the recordings of Benchmarks/activity/recordings.py for uci-hapt, motionsense,
mobilised-d (walking inside the INDIP bouts), gaitpy-lumbar, tmd and the vehicles (driver-behavior,
car-phone, metro-paris, bratislava: moving, stopped and mixed rides all count as vehicle); plus
geotec-phone-pocket-tug (per-sample labels: walking, seated), voisard-healthy-lowback (walking inside
its bout; read from ../shared/data, never copied), oxford-stepcounter-phones (walking from the first
to the last reference step), and any --extra folder (walking inside its reference bouts, one row per
variant). A still segment is time labelled stationary.

Nothing from the data folder is written into the repository (work files go to a temporary folder
unless --work is given).
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Benchmarks" / "activity"))
from recordings import Run, inside, per_sample, recordings  # noqa: E402

ON_FOOT = {"walking", "running"}
VEHICLE = {"driving", "vehicle_stopped", "vehicle_mixed"}
KEPT = {"uci-hapt", "motionsense", "mobilised-d", "gaitpy-lumbar", "tmd", "driver-behavior", "car-phone",
        "metro-paris", "metro-comparo-linacc", "metro-comparo-totalacc", "bratislava"}
CELL = 0.1  # s: the timeline is scored on cells of this length
# Stretches of whole-file-labelled vehicle recordings where the person is demonstrably out of the
# vehicle, left out of the gated count in vehicle recordings (steps and minutes), each with the
# evidence read off the file (2026-12-04). TMD labels a whole file by one mode, so the walk to or from
# a parked car is labelled car. The unadjusted rate is printed too.
OUT_OF_VEHICLE = {
    # GPS speed 3.7 m/s at 1572 s, then 0 m/s from 1593 s on (fixes at 1603, 1650, 1814 s); from
    # 1640 to 1740 s the |a| spread is 0.31-0.40 g (a car seat gives 0.02-0.1 g here) with an
    # autocorrelation of 0.71-0.81 at 0.55 s and a spectral peak at 1.8 Hz (108 steps/min): gait;
    # from 1780 s the phone lies still (0.003 g) until the next drive. The detector finds 231 steps
    # at 1628-1773 s.
    "tmd_Federica_car_1480577874908": [(1590.0, 1790.0)],
}


def extra_runs(data, extras):
    runs = []
    for extra in extras:  # generated recordings in the Mobilise-D layout (slow_gait.py), by variant
        for f in sorted(glob.glob(f"{extra}/*_imu.csv")):
            stem = f[: -len("_imu.csv")]
            bouts = glob.glob(stem + "_ref-*_walking_bouts.csv")
            if bouts:
                variant = os.path.basename(stem).split("__", 1)[-1]
                runs.append(Run(f"extra {variant}", os.path.basename(stem), f, [],
                                inside(pd.read_csv(sorted(bouts)[0])[["start_s", "end_s"]].values.tolist(),
                                       "walking")))
    for f in sorted(glob.glob(f"{data}/geotec-phone-pocket-tug/geotec_s*_tug.csv")):
        runs.append(Run("geotec-tug", os.path.basename(f)[:-4], f, [],
                        per_sample(f, "label", {"walking": "walking", "stationary": "stationary"})))
    for f in sorted(glob.glob(f"{data}/voisard-healthy-lowback/S*_T*.csv")):
        if f.endswith(("_steps.csv", "_bouts.csv")):
            continue
        bouts = pd.read_csv(f[:-4] + "_bouts.csv")[["start_s", "end_s"]].values.tolist()
        runs.append(Run("voisard", os.path.basename(f)[:-4], f, [], inside(bouts, "walking")))
    for f in sorted(glob.glob(f"{data}/oxford-stepcounter-phones/*_*_*_*.csv")):
        if f.endswith(("_steps.csv", "_counts.csv")) or not os.path.exists(f[:-4] + "_steps.csv"):
            continue
        ref = pd.read_csv(f[:-4] + "_steps.csv").iloc[:, 0].dropna()
        runs.append(Run("oxford", os.path.basename(f)[:-4], f, [], inside([(ref.min(), ref.max())], "walking")))
    return runs


def cli(binary, args):
    p = subprocess.run([str(binary), *args], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(args[:2])}: exit {p.returncode}: {p.stderr.strip().splitlines()[-1:]}")
    return p.stdout


def group(truth):
    return np.array([None if t is None else "walking" if t in ("walking", "walking_stairs") else
                     "vehicle" if t in VEHICLE else t for t in truth], dtype=object)


def measure(binary, run, analyze_args=()):
    from io import StringIO
    windows = pd.read_csv(StringIO(cli(binary, ["classify", run.input, *run.args, "--classifier", "rules", "--csv"])))
    analysis = json.loads(cli(binary, ["analyze", run.input, *run.args, *analyze_args, "--json"]))[0]
    steps = np.array(json.loads(cli(binary, ["steps", run.input, *run.args, "--json"]))[0]["stepTimes"], float)
    segments = [(s["start"], s["end"]) for s in analysis["timeline"] if s["activity"] in ON_FOOT]
    on_foot = np.zeros(len(steps), bool)
    for a, b in segments:
        on_foot |= (steps >= a) & (steps <= b)
    assert on_foot.sum() == analysis["stepsOnFoot"], (run.recording, on_foot.sum(), analysis["stepsOnFoot"])
    end = analysis.get("duration") or (windows.end_s.max() if len(windows) else 0.0)
    cells = pd.DataFrame({"start_s": np.arange(0, end, CELL)})
    cells["end_s"] = np.minimum(cells.start_s + CELL, end)
    cell_class = group(run.truth(cells))
    mid = (cells.start_s.values + cells.end_s.values) / 2
    cell_on_foot = np.zeros(len(cells), bool)
    for a, b in segments:
        cell_on_foot |= (mid >= a) & (mid <= b)
    # a step lies in still time when the cell holding it is labelled stationary
    step_cell = np.clip((steps / CELL).astype(int), 0, max(len(cells) - 1, 0))
    rows = {}
    for cls in ("walking", "stationary", "vehicle"):
        w = group(run.truth(windows)) == cls
        c = cell_class == cls
        rows[cls] = dict(
            windows=int(w.sum()), windows_on_foot=int(windows.activity[w].isin(ON_FOOT).sum()),
            seconds=float(c.sum() * CELL), seconds_on_foot=float((c & cell_on_foot).sum() * CELL),
            steps_on_foot=int((on_foot & c[step_cell]).sum()) if len(steps) and len(cells) else 0,
            steps=int(c[step_cell].sum()) if len(steps) and len(cells) else 0)
    whole_vehicle = bool(len(cells) and (cell_class[cell_class != None] == "vehicle").all())  # noqa: E711
    out = OUT_OF_VEHICLE.get(run.recording, [])
    out_steps = sum(int((on_foot & (steps >= a) & (steps <= b)).sum()) for a, b in out)
    out_seconds = sum(min(b, end) - max(a, 0.0) for a, b in out if b > 0 and a < end)
    return dict(dataset=run.dataset, recording=run.recording, rows=rows, duration=float(end),
                steps=int(len(steps)), steps_on_foot=int(on_foot.sum()), vehicle_recording=whole_vehicle,
                out_of_vehicle_steps_on_foot=out_steps, out_of_vehicle_seconds=float(out_seconds))


def pct(a, b):
    return f"{100 * a / b:.1f}" if b else "–"


def person(result):
    """The person a recording belongs to, where its name says so (else the dataset)."""
    name, dataset = result["recording"], result["dataset"]
    parts = name.split("_")
    if dataset == "voisard":
        return parts[0]
    if dataset == "oxford":
        return parts[1]
    if dataset in ("geotec-tug", "motionsense", "tmd"):
        return parts[1]
    if dataset == "uci-hapt":
        return parts[1]
    if dataset == "mobilised-d":
        return parts[0]
    return "all"


def report(results, by_person=False):
    if by_person:
        results = [dict(r, dataset=f"{r['dataset']} {person(r)}") for r in results]
    lines = ["| dataset | recordings | walking windows on foot % | walking time on foot % | steps on foot while "
             "walking | stationary windows on foot % | stationary time on foot % | gated steps /min still | "
             "vehicle windows on foot % | vehicle time on foot % | gated steps /min in vehicle recordings |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for ds in sorted({r["dataset"] for r in results}):
        rs = [r for r in results if r["dataset"] == ds]
        tot = {cls: {k: sum(r["rows"][cls][k] for r in rs) for k in rs[0]["rows"][cls]} for cls in rs[0]["rows"]}
        w, s, v = tot["walking"], tot["stationary"], tot["vehicle"]
        veh = [r for r in rs if r["vehicle_recording"]]
        veh_rate = (f"{sum(r['steps_on_foot'] for r in veh) / (sum(r['duration'] for r in veh) / 60):.2f}"
                    if veh else "–")
        out_steps = sum(r.get("out_of_vehicle_steps_on_foot", 0) for r in veh)
        out_seconds = sum(r.get("out_of_vehicle_seconds", 0.0) for r in veh)
        if out_seconds:  # the rate without the stretches out of the vehicle (OUT_OF_VEHICLE), then as labelled
            inside_rate = ((sum(r["steps_on_foot"] for r in veh) - out_steps)
                           / ((sum(r["duration"] for r in veh) - out_seconds) / 60))
            veh_rate = f"{inside_rate:.2f} ({veh_rate} as labelled)"
        walked = f"{w['steps_on_foot']} / {w['steps']}" if "steps" in w else "–"
        still_rate = f"{s['steps_on_foot'] / (s['seconds'] / 60):.2f}" if s["seconds"] else "–"
        lines.append(f"| {ds} | {len(rs)} | {pct(w['windows_on_foot'], w['windows'])} ({w['windows']}) | "
                     f"{pct(w['seconds_on_foot'], w['seconds'])} | {walked} | {pct(s['windows_on_foot'], s['windows'])} "
                     f"({s['windows']}) | {pct(s['seconds_on_foot'], s['seconds'])} | {still_rate} | "
                     f"{pct(v['windows_on_foot'], v['windows'])} ({v['windows']}) | "
                     f"{pct(v['seconds_on_foot'], v['seconds'])} | {veh_rate} |")
    return lines


def compare(before, after, by_person=False):
    """The two tables merged cell by cell: "before → after" where they differ."""
    b, a = report(before, by_person), report(after, by_person)
    rows_b = {line.split(" | ")[0]: line for line in b[2:]}
    out = b[:2]
    for line in a[2:]:
        old = rows_b.get(line.split(" | ")[0])
        if old is None:
            out.append(line)
            continue
        cells = [o if o == n else f" {o.strip()} → {n.strip()} " for o, n in zip(old.split("|"), line.split("|"))]
        out.append("|".join(cells))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=ROOT / ".build/release/locomotion", type=Path)
    ap.add_argument("--data", default=ROOT / "../shared/data", type=Path)
    ap.add_argument("--work", type=Path)
    ap.add_argument("--extra", action="append", default=[],
                    help="a folder of generated recordings in the Mobilise-D layout (slow_gait.py's output)")
    ap.add_argument("--only", action="append", default=[], help="keep datasets whose name contains this")
    ap.add_argument("--json", action="store_true", help="print the per-recording results as JSON")
    ap.add_argument("--save", type=Path, help="also write the per-recording results as JSON to this file")
    ap.add_argument("--compare", type=Path, help="with --load: results saved by --save to show as 'after'")
    ap.add_argument("--by-person", action="store_true", help="one row per dataset and person")
    ap.add_argument("--load", type=Path, help="print the table of results saved by --save (runs nothing)")
    ap.add_argument("--analyze-args", default="",
                    help="extra arguments for `locomotion analyze` only (e.g. --no-walker-rhythm for a same-binary 'before')")
    args = ap.parse_args()
    if args.load and args.compare:
        print("\n".join(compare(json.loads(args.load.read_text()), json.loads(args.compare.read_text()),
                                args.by_person)))
        return
    if args.load:
        print("\n".join(report(json.loads(args.load.read_text()), args.by_person)))
        return
    data = args.data if args.data.exists() else Path("/work/shared/data")
    work = args.work or Path(tempfile.mkdtemp(prefix="walking-recognition-"))
    runs, _ = recordings(data, work)
    runs = [r for r in runs if r.dataset in KEPT] + extra_runs(data, args.extra)
    if args.only:
        runs = [r for r in runs if any(o.lower() in r.dataset.lower() for o in args.only)]
    with ThreadPoolExecutor(2) as pool:
        extra = shlex.split(args.analyze_args)
        results = list(pool.map(lambda r: measure(args.bin, r, extra), runs))
    if args.json:
        print(json.dumps(results, indent=1))
        return
    if args.save:
        args.save.write_text(json.dumps(results))
    print(f"Binary `{args.bin}`, data `{data}`: {len(runs)} recordings.\n")
    print("\n".join(report(results, args.by_person)))


if __name__ == "__main__":
    main()
