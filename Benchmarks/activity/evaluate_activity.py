#!/usr/bin/env python3
"""Scores `locomotion classify` (the activity rules and the vote fusion) per (true class, dataset) on the
recordings of ../shared/data, and prints the result as markdown. See README.md beside this file."""
import argparse
import datetime
import shlex
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pandas as pd

from recordings import recordings

ROOT = Path(__file__).resolve().parents[2]
CLASSIFIERS = {"fusion": "vote fusion", "rules": "activity rules"}
# the activity a class is scored against; walking_stairs counts as walking (there is no stairs activity)
SCORED_AS = {"stationary": "stationary", "walking": "walking", "walking_stairs": "walking", "running": "running",
             "cycling": "cycling", "driving": "driving"}
# shown, not scored: a stopped vehicle may rightly be called stationary or driving, and vehicle_mixed
# rides are moving and stopped without labels telling which
UNSCORED = ["vehicle_stopped", "vehicle_mixed"]


def classify(binary, run, classifier, out_dir):
    out = out_dir / classifier / run.dataset / f"{run.recording}.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w") as fh:
        p = subprocess.run([binary, "classify", run.input, *run.args, "--classifier", classifier, "--csv"],
                           stdout=fh, stderr=subprocess.PIPE, text=True)
    return out, p.returncode, p.stderr.strip()


def windows(runs, results):
    """One row per classed window: dataset, recording, class and each classifier's activity."""
    frames, failures = [], []
    for run in runs:
        outs = {}
        for c in CLASSIFIERS:
            out, status, err = results[run.dataset, run.recording, c]
            if status != 0:
                failures.append(f"{run.dataset} {run.recording} ({c}): exit {status}: {(err.splitlines() or [''])[-1]}")
            else:
                outs[c] = pd.read_csv(out)
        if len(outs) < len(CLASSIFIERS):
            continue
        w = outs["rules"][["start_s", "end_s"]].copy()
        assert (outs["fusion"].start_s.values == w.start_s.values).all(), run.recording
        for c, d in outs.items():
            w[c] = d.activity.values
        w["class"] = run.truth(w)
        w["dataset"], w["recording"] = run.dataset, run.recording
        frames.append(w[w["class"].notna()])
    return pd.concat(frames, ignore_index=True), failures


def percent(x):
    return f"{100 * x:.0f}"


def report(w):
    lines = ["| true class | dataset | windows | recordings | vote fusion: % right | activity rules: % right "
             "| rules: predicted (%) |", "|---|---|---:|---:|---:|---:|---|"]
    for cls in [*SCORED_AS, *UNSCORED]:
        for ds, g in w[w["class"] == cls].groupby("dataset"):
            right = {c: percent((g[c] == SCORED_AS[cls]).mean()) if cls in SCORED_AS else "–" for c in CLASSIFIERS}
            dist = g.rules.value_counts(normalize=True)
            lines.append(f"| {cls} | {ds} | {len(g)} | {g.recording.nunique()} | {right['fusion']} | {right['rules']} "
                         f"| {', '.join(f'{k} {percent(v)}' for k, v in dist.items() if v >= 0.005)} |")
    s = w[w["class"].isin(list(SCORED_AS))]
    lines += ["", "Per classifier, % right: the mean over the scored (class, dataset) rows, the worst row, the mean "
              "over datasets per class, and the mean of those ('balanced').", "",
              "| classifier | mean of rows | worst row | " + " | ".join(SCORED_AS) + " | balanced |",
              "|---|---:|---|" + "---:|" * (len(SCORED_AS) + 1)]
    for c, title in CLASSIFIERS.items():
        rows = (s[c] == s["class"].map(SCORED_AS)).groupby([s["class"], s.dataset]).mean()
        per_class = rows.groupby(level=0).mean().reindex(list(SCORED_AS))
        worst = rows.idxmin()
        lines.append(f"| {title} | {100 * rows.mean():.1f} | {100 * rows.min():.1f} ({worst[0]} / {worst[1]}) | "
                     + " | ".join(f"{100 * v:.1f}" for v in per_class) + f" | {100 * per_class.mean():.1f} |")
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bin", default=ROOT / ".build/release/locomotion", type=Path, help="the locomotion CLI")
    ap.add_argument("--data", default=ROOT / "../shared/data", type=Path, help="the shared data folder")
    ap.add_argument("--work", type=Path, help="keep prepared inputs and classify outputs here (default: a temp dir)")
    args = ap.parse_args()
    args.data = args.data.resolve()
    if not args.bin.exists():
        sys.exit(f"no CLI at {args.bin}: build it with `swift build -c release --product locomotion` or pass --bin")
    with tempfile.TemporaryDirectory() as tmp:
        work = args.work or Path(tmp)
        t0 = time.monotonic()
        runs, skipped = recordings(str(args.data), str(work))
        t1 = time.monotonic()
        jobs = [(run, c) for run in runs for c in CLASSIFIERS]
        with ThreadPoolExecutor(max_workers=2) as pool:  # two CLI processes at a time
            done = pool.map(lambda job: classify(str(args.bin), job[0], job[1], work / "out"), jobs)
            results = {(run.dataset, run.recording, c): r for (run, c), r in zip(jobs, done)}
        t2 = time.monotonic()
        w, failures = windows(runs, results)
        t3 = time.monotonic()

    print(f"# Activity classification on shared/data ({datetime.date.today()})\n")
    print(f"Command: `{shlex.join(['python3', *sys.argv])}`\n")
    print(f"Binary `{args.bin}`, data `{args.data}`: {len(runs)} recordings, {len(jobs)} classify runs; "
          f"{t3 - t0:.0f} s in all (preparation {t1 - t0:.0f} s, classify {t2 - t1:.0f} s). Windows 2.56 s every "
          "1.28 s; a window counts only when all its samples carry one class.\n")
    print("\n".join(report(w)))
    print("\nNot evaluated:\n")
    for ds, what, why in skipped:
        print(f"- {ds}: {what}: {why}")
    for f in failures:
        print(f"- classify failed: {f}")


if __name__ == "__main__":
    main()
