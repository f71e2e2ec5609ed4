#!/usr/bin/env python3
"""Short recordings: how much of each source `locomotion analyze` calls driving when every
recording is cut into consecutive pieces of SECONDS (default 20 s), each analysed on its own.

A logger that writes short files (Tartu's third collector: 42 files in 16 min) gives recordings
shorter than the 30 s of evidence that entering a ride takes. This cuts the shared recordings that
way, through the same accelerometer-only copies as evaluate.py (gravity-removed copies included),
and prints the share of each source's piece time called driving. Pieces shorter than SECONDS at a
recording's end are dropped.

Usage:
    python3 Benchmarks/vehicles/short_pieces.py DATA_DIR --locomotion BIN [--seconds 20]
        [--sources tartu,tmd] [--jobs 2]

Standard library only; the product does not need it.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import glob
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import evaluate  # noqa: E402


def pieces(binary: str, source, path: str, seconds: float) -> tuple[float, float]:
    """(piece seconds, driving seconds) over the pieces of one recording."""
    total = driving = 0.0
    with tempfile.TemporaryDirectory(prefix="pieces-") as directory:
        trimmed, _ = evaluate.accelerometer_only(path, source, directory)
        with open(trimmed, newline="") as handle:
            rows = list(csv.reader(handle))
        header, body = rows[0], [r for r in rows[1:] if r]
        times = [float(r[0]) for r in body]
        start = 0
        index = 0
        while start < len(body):
            end = start
            while end < len(body) and times[end] - times[start] < seconds:
                end += 1
            if end >= len(body):
                break
            piece = os.path.join(directory, f"piece-{index}.csv")
            with open(piece, "w", newline="") as target:
                writer = csv.writer(target, lineterminator="\n")
                writer.writerow(header)
                writer.writerows(body[start:end])
            run = subprocess.run([binary, "analyze", piece, "--csv", "--jobs", "1"], capture_output=True, text=True)
            total += times[end - 1] - times[start]
            if run.returncode == 0:
                for row in csv.DictReader(run.stdout.splitlines()):
                    if row.get("activity") == "driving":
                        driving += float(row["end_s"]) - float(row["start_s"])
            start = end
            index += 1
    return total, min(driving, total)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data")
    parser.add_argument("--locomotion", default=".build/release/locomotion")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--sources", help="comma-separated substrings of source names")
    parser.add_argument("--jobs", type=int, default=2)
    arguments = parser.parse_args()
    selected = [
        s for s in evaluate.SOURCES
        if not arguments.sources or any(part in s.name for part in arguments.sources.split(","))
    ]
    print(f"| source ({arguments.seconds:g} s pieces) | in a vehicle | hours | driving |")
    print("|---|---|---|---|")
    for source in selected:
        paths = sorted(glob.glob(os.path.join(arguments.data, source.folder, source.pattern)))
        paths = [p for p in paths if not (source.exclude and p.endswith(source.exclude))]
        with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
            results = list(pool.map(lambda p: pieces(arguments.locomotion, source, p, arguments.seconds), paths))
        total = sum(t for t, _ in results)
        driving = sum(d for _, d in results)
        share = f"{100 * driving / total:.1f} %" if total else "—"
        print(f"| {source.name} | {'yes' if source.in_vehicle else 'no'} | {total / 3600:.2f} | {share} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
