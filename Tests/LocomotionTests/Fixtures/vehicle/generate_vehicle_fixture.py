"""Generates the vehicle fixtures from the Python prototype (Benchmarks/vehicles/vehicle_state.py).

    python3 Tests/LocomotionTests/Fixtures/vehicle/generate_vehicle_fixture.py

Writes, next to this script:
  ride_input.csv        a synthetic session at 20 Hz, gravity included (t_s, acc_x_g, acc_y_g, acc_z_g):
                        5 s sitting, 60 s driving, a 25 s stop with the engine idling, 40 s driving,
                        then 30 s walking (seeded, made here: no recording is copied)
  ride_expected_gravity.csv   the prototype's windows on it with gravity included
  ride_expected_linear.csv    the same samples treated as gravity removed (principal-axis path)
Columns of the expected files: end_s, rms_g, vibration_g, periodicity, kind (F/V/Q/U), in_vehicle (0/1,
final, after the backdating of entering and leaving).
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "Benchmarks", "vehicles"))
import vehicle_state as vs  # noqa: E402

RATE = 20.0


def session(rng):
    parts = []

    def noise(n, sd, smooth=1):
        x = rng.normal(0.0, sd, (n, 3))
        if smooth > 1:
            k = np.ones(smooth) / smooth
            x = np.stack([np.convolve(x[:, i], k, mode="same") for i in range(3)], 1) * np.sqrt(smooth)
        return x

    def still(seconds, sd):
        n = int(seconds * RATE)
        return noise(n, sd)

    def drive(seconds):
        n = int(seconds * RATE)
        tt = np.arange(n) / RATE
        a = noise(n, 0.025)
        a[:, 2] += noise(n, 0.03, 2)[:, 2]  # road vibration, mostly vertical
        a[:, 0] += 0.08 * np.sin(2 * np.pi * tt / 17.0)  # accelerating and braking
        a[:, 1] += 0.05 * np.sin(2 * np.pi * tt / 23.0)  # turns
        return a

    def walk(seconds):
        n = int(seconds * RATE)
        tt = np.arange(n) / RATE
        a = noise(n, 0.04)
        a[:, 2] += 0.35 * np.sin(2 * np.pi * 1.9 * tt) + 0.1 * np.sin(2 * np.pi * 3.8 * tt + 0.4)
        a[:, 0] += 0.15 * np.sin(2 * np.pi * 0.95 * tt)
        return a

    parts = [still(5, 0.002), drive(60), still(25, 0.004), drive(40), walk(30)]
    dyn = np.concatenate(parts)
    t = np.arange(len(dyn)) / RATE
    acc = dyn + np.array([0.05, 0.12, 0.99])  # gravity, phone slightly tilted
    return t, acc


def write_expected(path, t, acc, gravity):
    ends, classes, stats = vs.evidence(t, acc, gravity)
    flag, _ = vs.states(classes, stats[:, 3])
    with open(path, "w") as fh:
        fh.write("end_s,rms_g,vibration_g,periodicity,kind,in_vehicle\n")
        for e, c, s, f in zip(ends, classes, stats, flag):
            fh.write(f"{e:.6f},{s[0]:.9f},{s[1]:.9f},{s[2]:.9f},{c},{int(f)}\n")


def main():
    t, acc = session(np.random.default_rng(29))
    path = os.path.join(HERE, "ride_input.csv")
    with open(path, "w") as fh:
        fh.write("t_s,acc_x_g,acc_y_g,acc_z_g\n")
        for ti, a in zip(t, acc):
            fh.write(f"{ti:.2f},{a[0]:.5f},{a[1]:.5f},{a[2]:.5f}\n")
    # Recompute from the file as written, so the Swift test sees exactly these numbers.
    data = np.loadtxt(path, delimiter=",", skiprows=1)
    write_expected(os.path.join(HERE, "ride_expected_gravity.csv"), data[:, 0], data[:, 1:4], True)
    write_expected(os.path.join(HERE, "ride_expected_linear.csv"), data[:, 0], data[:, 1:4], False)


if __name__ == "__main__":
    main()
