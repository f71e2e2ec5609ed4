#!/usr/bin/env python3
"""Summarises `locomotion features --labels hapt` output per activity (the UCI HAPT check).

    locomotion features ../shared/data/uci-hapt/exp*.csv --labels hapt | python3 Benchmarks/hapt_features_check.py

Prints, per majority label, the window count, the share of windows whose gait-band peak lies in
1.4–2.5 Hz, and the median and 10th/90th percentiles of the gait peak's prominence, plus the
share above 10; then the gait features: the share of windows with steps, the median step count,
and the median step regularity (NaN-free windows). Needs only the standard library.
"""

import csv
import statistics
import sys


def quantile(values, fraction):
    ordered = sorted(values)
    position = (len(ordered) - 1) * fraction
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def main():
    rows = list(csv.DictReader(sys.stdin))
    groups = {}
    for row in rows:
        groups.setdefault(row["label"], []).append(row)
    print(f"{len(rows)} windows")
    print(
        f"{'label':20s} {'windows':>7s} {'f in 1.4-2.5':>12s} {'prom p10':>9s} {'median':>7s} {'p90':>7s} {'> 10':>6s}"
        f" {'steps > 0':>9s} {'steps med':>9s} {'reg med':>7s}"
    )
    for label, members in sorted(groups.items(), key=lambda item: -len(item[1])):
        frequency = [float(row["acc_mag_gait_frequency"]) for row in members if row["acc_mag_gait_frequency"]]
        prominence = [float(row["acc_mag_gait_prominence"]) for row in members if row["acc_mag_gait_prominence"]]
        in_band = sum(1.4 <= value <= 2.5 for value in frequency) / len(members)
        above = sum(value > 10 for value in prominence) / len(members)
        steps = [float(row["gait_step_count"]) for row in members]
        regularity = [float(row["gait_step_regularity"]) for row in members if row["gait_step_regularity"]]
        with_steps = sum(value > 0 for value in steps) / len(members)
        print(
            f"{label:20s} {len(members):7d} {in_band:12.3f} {quantile(prominence, 0.1):9.2f}"
            f" {statistics.median(prominence):7.2f} {quantile(prominence, 0.9):7.2f} {above:6.3f}"
            f" {with_steps:9.3f} {statistics.median(steps):9.1f}"
            f" {statistics.median(regularity) if regularity else float('nan'):7.2f}"
        )


if __name__ == "__main__":
    main()
