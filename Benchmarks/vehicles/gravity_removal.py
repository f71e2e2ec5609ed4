#!/usr/bin/env python3
"""Gravity removed the way phones remove it, for evaluating linear-acceleration input.

No shared recording without a vehicle holds a phone's own linear acceleration (CoreMotion
`userAcceleration`, Android `TYPE_LINEAR_ACCELERATION`, Sensor Logger's `Accelerometer.csv`), so
`evaluate.py` makes gravity-removed copies of them. A phone's linear acceleration is the
accelerometer minus an estimate of gravity in the phone's frame, and the estimate is kept by one of
two filters; both are here:

- **fused** (`fused_gravity`, when the recording has a gyroscope): a complementary filter. The
  previous gravity estimate is rotated with the measured angular rate (a world-fixed vector seen from
  a rotating phone turns by -omega x v), and then pulled towards the measured acceleration with time
  constant `FUSED_TIME_CONSTANT` (2 s). The gyroscope follows a turn or a postural change at once;
  the slow pull only corrects the gyroscope's drift. This is what CoreMotion's device motion and
  Android's fused gravity / linear-acceleration sensors do (attitude from gyroscope integration
  corrected by the accelerometer; Android adds the magnetometer for heading, which gravity does not
  need).
- **low-pass** (`low_pass_gravity`, a recording without a gyroscope): a first-order low-pass of the
  acceleration, time constant `LOW_PASS_TIME_CONSTANT` (1 s, cut-off 0.16 Hz), the estimate
  Android's `SensorEvent` documentation gives for a phone without a gyroscope. A rotation of the
  phone leaks into it as a slow transient of up to 1 g (the old gravity direction decays over a few
  seconds), which a fused estimate does not have.

`python3 gravity_removal.py DATA_DIR` checks both proxies against the phone's own linear
acceleration where one phone logged both (the Paris metro recordings with total acceleration, the
driver-behavior trips), per 10 s window: r.m.s. and sub-hertz motion, proxy over phone.

Standard library only, as evaluate.py.
"""

from __future__ import annotations

import csv
import math
import os
import sys

FUSED_TIME_CONSTANT = 2.0
LOW_PASS_TIME_CONSTANT = 1.0


def low_pass_gravity(
    times: list[float], acc: list[tuple[float, float, float]], time_constant: float = LOW_PASS_TIME_CONSTANT
) -> list[tuple[float, float, float]]:
    """Gravity per sample, by a first-order low-pass (starting at the first sample's value)."""
    out = []
    g = acc[0] if acc else (0.0, 0.0, 0.0)
    previous = times[0] if times else 0.0
    for t, a in zip(times, acc):
        dt = max(0.0, t - previous)
        previous = t
        k = dt / (time_constant + dt) if time_constant > 0 else 1.0
        g = (g[0] + k * (a[0] - g[0]), g[1] + k * (a[1] - g[1]), g[2] + k * (a[2] - g[2]))
        out.append(g)
    return out


def rotate(v: tuple[float, float, float], w: tuple[float, float, float], dt: float) -> tuple[float, float, float]:
    """`v` (a world-fixed vector in the phone's frame) after the phone turned at `w` rad/s for `dt`
    seconds: rotated by -w * dt (Rodrigues)."""
    angle = math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]) * dt
    if angle == 0:
        return v
    norm = angle / dt
    k = (-w[0] / norm, -w[1] / norm, -w[2] / norm)
    c, s = math.cos(angle), math.sin(angle)
    cross = (k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0])
    dot = k[0] * v[0] + k[1] * v[1] + k[2] * v[2]
    return tuple(v[i] * c + cross[i] * s + k[i] * dot * (1 - c) for i in range(3))


def fused_gravity(
    times: list[float],
    acc: list[tuple[float, float, float]],
    gyro: list[tuple[float, float, float]],
    time_constant: float = FUSED_TIME_CONSTANT,
) -> list[tuple[float, float, float]]:
    """Gravity per sample by the complementary filter (gyroscope in rad/s, phone frame)."""
    out = []
    g = acc[0] if acc else (0.0, 0.0, 0.0)
    previous = times[0] if times else 0.0
    for t, a, w in zip(times, acc, gyro):
        dt = max(0.0, t - previous)
        previous = t
        if dt > 0:
            g = rotate(g, w, dt)
        k = dt / (time_constant + dt) if time_constant > 0 else 1.0
        g = (g[0] + k * (a[0] - g[0]), g[1] + k * (a[1] - g[1]), g[2] + k * (a[2] - g[2]))
        out.append(g)
    return out


def gyro_columns(header: list[str]) -> tuple[list[int], float] | None:
    """Positions of the gyroscope's x, y, z columns and the factor to rad/s, or None."""
    lowered = [name.strip().lower() for name in header]
    for unit, factor in (("rad_s", 1.0), ("deg_s", math.pi / 180)):
        names = [f"gyr_{axis}_{unit}" for axis in "xyz"]
        if all(name in lowered for name in names):
            return [lowered.index(name) for name in names], factor
    return None


def remove_gravity(
    times: list[float], acc: list[tuple[float, float, float]], gyro: list[tuple[float, float, float]] | None
) -> tuple[list[tuple[float, float, float]], str]:
    """Linear acceleration (g) and the estimate used ("fused" with a gyroscope, else "low-pass")."""
    if gyro is not None:
        gravity, method = fused_gravity(times, acc, gyro), "fused"
    else:
        gravity, method = low_pass_gravity(times, acc), "low-pass"
    return [(a[0] - g[0], a[1] - g[1], a[2] - g[2]) for a, g in zip(acc, gravity)], method


def _read(path: str, stem: str) -> tuple[list[float], list[tuple[float, float, float]]]:
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    return [float(r["t_s"]) for r in rows], [tuple(float(r[f"{stem}_{a}_g"]) for a in "xyz") for r in rows]


def window_motion(times: list[float], acc: list[tuple[float, float, float]]) -> dict[int, tuple[float, float]]:
    """Per 10 s window (keyed by its start, every 1 s on a 0.1 s grid from t = 0; windows with an
    empty grid cell left out): the three-axis r.m.s. about the window mean and the sub-hertz motion
    (r.m.s. of the ten one-second means), both in g, as `VehicleEvidence` measures them."""
    sums: dict[int, list[float]] = {}
    for t, a in zip(times, acc):
        cell = sums.setdefault(int(math.floor(t / 0.1)), [0.0, 0.0, 0.0, 0.0])
        cell[0] += a[0]
        cell[1] += a[1]
        cell[2] += a[2]
        cell[3] += 1
    means = {k: (v[0] / v[3], v[1] / v[3], v[2] / v[3]) for k, v in sums.items()}
    out = {}
    for start in range(-(-min(means) // 10) * 10, max(means) - 99, 10):
        cells = [means.get(start + i) for i in range(100)]
        if any(c is None for c in cells):
            continue
        mean = [sum(c[i] for c in cells) / 100 for i in range(3)]
        rms = math.sqrt(sum((c[i] - mean[i]) ** 2 for c in cells for i in range(3)) / 100)
        blocks = [[sum(c[i] for c in cells[b * 10:(b + 1) * 10]) / 10 - mean[i] for i in range(3)] for b in range(10)]
        sub = math.sqrt(sum(x * x for block in blocks for x in block) / 10)
        out[start] = (rms, sub)
    return out


def compare(name: str, proxy: tuple[list[float], list], phone: tuple[list[float], list]) -> None:
    """Prints the proxy's r.m.s. and sub-hertz motion over the phone's own, per 10 s window."""
    a, b = window_motion(*proxy), window_motion(*phone)
    common = sorted(set(a) & set(b))
    for index, label in ((0, "r.m.s."), (1, "sub-hertz motion")):
        ratios = sorted(a[k][index] / b[k][index] for k in common if b[k][index] > 0)
        if ratios:
            print(
                f"{name}: proxy / phone {label} per 10 s window, median {ratios[len(ratios) // 2]:.2f}, "
                f"10-90 % {ratios[len(ratios) // 10]:.2f}-{ratios[9 * len(ratios) // 10]:.2f} ({len(ratios)} windows)"
            )


def check(data: str) -> None:
    """The proxies against a phone's own linear acceleration where one phone logged both: the Paris
    metro recordings with total acceleration (low-pass, several time constants) and the
    driver-behavior trips, which also have a gyroscope (fused and low-pass)."""
    folder = os.path.join(data, "metro-paris-sensorlogger")
    for name in sorted(os.listdir(folder)):
        if not name.endswith("_totalacc.csv"):
            continue
        t_total, total = _read(os.path.join(folder, name), "acc")
        phone = _read(os.path.join(folder, name.replace("_totalacc", "_linacc")), "linacc")
        for constant in (0.3, 1.0, 3.0):
            gravity = low_pass_gravity(t_total, total, constant)
            proxy = [(a[0] - g[0], a[1] - g[1], a[2] - g[2]) for a, g in zip(total, gravity)]
            compare(f"{name} low-pass {constant:.1f} s", (t_total, proxy), phone)
    folder = os.path.join(data, "driver-behavior")
    for name in sorted(os.listdir(folder)):
        if not name.endswith("_imu.csv"):
            continue
        with open(os.path.join(folder, name), newline="") as handle:
            rows = list(csv.DictReader(handle))
        times = [float(r["t_s"]) for r in rows]
        acc = [tuple(float(r[f"acc_{a}_g"]) for a in "xyz") for r in rows]
        gyro = [tuple(float(r[f"gyr_{a}_rad_s"]) for a in "xyz") for r in rows]
        phone = (times, [tuple(float(r[f"linacc_{a}_g"]) for a in "xyz") for r in rows])
        compare(f"{name} fused", (times, remove_gravity(times, acc, gyro)[0]), phone)
        compare(f"{name} low-pass 1.0 s", (times, remove_gravity(times, acc, None)[0]), phone)


if __name__ == "__main__":
    check(sys.argv[1] if len(sys.argv) > 1 else "../shared/data")
