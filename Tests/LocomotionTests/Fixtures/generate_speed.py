#!/usr/bin/env python3
"""Reference fixtures for the GPS speed filters (Sources/Locomotion/Speed), computed with numpy.

The filter equations are written here a second time, independently of the Swift code, with
numpy matrices (state vector x, covariance P, transition F, process noise Q, gain K); the Swift
tests feed the same fixes to the Swift types and compare every number to 1e-9.

What it writes (next to this script, in Tests/LocomotionTests/Fixtures/):

  speed_seed_kalman.json  The seed's 1-D filter (seed section 11.1): error covariance starts
                          at 1.0; predict P += q; K = P / (P + r); x += K (z - x);
                          P = (1 - K) P. Walking (q 0.05, r 0.3), driving (0.5, 0.5) and the
                          seed's default (0.1, 1.0) on one worked sequence of speeds.
  speed_filter.json       SpeedKalmanFilter (streaming) and SpeedSmoother (Rauch-Tung-Striebel)
                          for the random-walk and the constant-velocity model, over fix
                          sequences that exercise every status: first fix, accepted, noisy,
                          unknown accuracy, invalid (negative speed or accuracy), multipath
                          spikes, a run of rejections that re-initialises, a gap, a duplicate
                          and an out-of-order timestamp.

The equations (docs/Algorithms.md, "GPS speed smoothing", says why):

  intensity  = processNoise + processNoisePerSpeed * max(0, x[0])      (at the previous state)
  random walk:     F = [1],               Q = intensity * tq
  constant velocity: F = [[1, dt], [0, 1]], Q = intensity * [[tq^3/3, tq^2/2], [tq^2/2, tq]]
  with tq = min(dt, maximumNoiseInterval)
  measurement z = max(0, speed) with sigma = max(speedAccuracy or default, minimum), R = sigma^2
  y = z - (F x)[0], S = P-[0,0] + R, innovation in sigmas m = y / sqrt(S)
  |m| > gate: rejected (predict only); the n-th consecutive rejection re-initialises at z
  otherwise:  K = P-[:,0] / S, x = x- + K y, P = P- - K K^T S
  first valid fix / re-initialisation: x = [z] or [z, 0], P = [R] or diag(R, a0^2)
  RTS: C = P_k F^T inv(P-_{k+1}); xs_k = x_k + C (xs_{k+1} - x-_{k+1});
       Ps_k = P_k + C (Ps_{k+1} - P-_{k+1}) C^T; a re-initialisation starts a new segment.

Random inputs come from numpy.random.default_rng(seed); the inputs are stored in the fixtures,
so the tests need no Python. Floats are written with Python's shortest round-trip repr.

How to rerun (from the package root):

    python3 Tests/LocomotionTests/Fixtures/generate_speed.py

Versions used for the committed files: Python 3, numpy 2.4 (recorded in each file).
"""

import json
import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

RANDOM_WALK = {
    "model": "randomWalk", "processNoise": 0.3, "processNoisePerSpeed": 0.15,
    "initialAccelerationStandardDeviation": 1.0, "gateSigmas": 4.0, "reinitializeAfterRejections": 3,
    "defaultSpeedAccuracy": 1.0, "minimumSpeedAccuracy": 0.1, "noisyAccuracyLimit": 2.0,
    "maximumNoiseInterval": 10.0,
}
CONSTANT_VELOCITY = {
    **RANDOM_WALK, "model": "constantVelocity", "processNoise": 0.05, "processNoisePerSpeed": 0.02,
}


def write(name, payload):
    payload = {
        "generator": {
            "script": "Tests/LocomotionTests/Fixtures/generate_speed.py",
            "python": sys.version.split()[0],
            "numpy": np.__version__,
        },
        **payload,
    }
    path = os.path.join(HERE, f"{name}.json")
    with open(path, "w") as handle:
        json.dump(payload, handle, separators=(",", ":"))
        handle.write("\n")
    print(f"wrote {path} ({os.path.getsize(path)} bytes)")


# ---------------------------------------------------------------------------------------------
# The seed's filter


def seed_kalman(measurements, initial, q, r):
    estimate, covariance = np.float64(initial), np.float64(1.0)
    out = []
    for z in measurements:
        predicted = covariance + q
        gain = predicted / (predicted + r)
        estimate = estimate + gain * (np.float64(z) - estimate)
        covariance = (1 - gain) * predicted
        out.append({"estimate": float(estimate), "errorCovariance": float(covariance)})
    return out


def seed_kalman_fixture():
    measurements = [0.0, 1.2, 1.5, 1.3, 1.4, 12.0, 1.6, 1.4, 0.0, 0.0, 8.5, 14.2, 15.0, 14.8]
    presets = [("walking", 0.0, 0.05, 0.3), ("driving", 0.0, 0.5, 0.5), ("seedDefault", 0.0, 0.1, 1.0),
               ("walkingFromOne", 1.0, 0.05, 0.3)]
    cases = [
        {"name": name, "initial": initial, "processNoise": q, "measurementNoise": r, "measurements": measurements,
         "expected": seed_kalman(measurements, initial, q, r)}
        for name, initial, q, r in presets
    ]
    write("speed_seed_kalman", {"cases": cases})


# ---------------------------------------------------------------------------------------------
# SpeedKalmanFilter


def is_valid(speed, accuracy):
    return speed >= 0 and (accuracy is None or accuracy >= 0)


def measurement_variance(accuracy, cfg):
    sigma = cfg["defaultSpeedAccuracy"] if accuracy is None else accuracy
    sigma = max(sigma, cfg["minimumSpeedAccuracy"])
    return sigma * sigma


def initial_state(z, variance, cfg):
    if cfg["model"] == "randomWalk":
        return np.array([z]), np.array([[variance]])
    a0 = cfg["initialAccelerationStandardDeviation"]
    return np.array([z, 0.0]), np.diag([variance, a0 * a0])


def transition(x, dt, cfg):
    intensity = cfg["processNoise"] + cfg["processNoisePerSpeed"] * max(0.0, x[0])
    tq = min(dt, cfg["maximumNoiseInterval"])  # process noise accumulates over at most this long
    if cfg["model"] == "randomWalk":
        return np.array([[1.0]]), np.array([[intensity * tq]])
    F = np.array([[1.0, dt], [0.0, 1.0]])
    Q = intensity * np.array([[tq**3 / 3, tq**2 / 2], [tq**2 / 2, tq]])
    return F, Q


def run_filter(fixes, cfg):
    """One record per fix: status, innovation in sigmas, state after the fix, and what RTS needs."""
    steps = []
    x = P = None
    last_time = None
    last_processed = None
    run = 0
    for time, speed, accuracy in fixes:
        valid = is_valid(speed, accuracy)
        if last_time is not None and time < last_time:
            steps.append({"status": "outOfOrder", "x": None, "sigmas": None})
            continue
        if last_time is not None and time == last_time:
            steps.append({"status": "duplicateTime", "x": None, "sigmas": None, "same": last_processed})
            continue
        dt = None if last_time is None else time - last_time
        last_time = time
        last_processed = len(steps)
        record = {"x": None, "sigmas": None, "segmentStart": False}
        if x is not None:
            F, Q = transition(x, dt, cfg)
            xp = F @ x
            Pp = F @ P @ F.T + Q
            record.update(F=F, xp=xp, Pp=Pp)
        if x is None:
            if not valid:
                record["status"] = "invalid"
                steps.append(record)
                continue
            x, P = initial_state(max(0.0, speed), measurement_variance(accuracy, cfg), cfg)
            run = 0
            record.update(status="initialized", x=x, P=P, segmentStart=True)
            steps.append(record)
            continue
        if not valid:
            x, P = xp, Pp
            record.update(status="invalid", x=x, P=P)
            steps.append(record)
            continue
        z = max(0.0, speed)
        R = measurement_variance(accuracy, cfg)
        y = z - xp[0]
        S = Pp[0, 0] + R
        m = y / math.sqrt(S)
        record["sigmas"] = m
        if abs(m) > cfg["gateSigmas"]:
            run += 1
            if run >= cfg["reinitializeAfterRejections"]:
                run = 0
                x, P = initial_state(z, R, cfg)
                record.update(status="reinitialized", x=x, P=P, segmentStart=True)
            else:
                x, P = xp, Pp
                record.update(status="rejectedSpike", x=x, P=P)
            steps.append(record)
            continue
        run = 0
        K = Pp[:, 0] / S
        x = xp + K * y
        P = Pp - np.outer(K, K) * S
        noisy = accuracy is not None and accuracy >= cfg["noisyAccuracyLimit"]
        record.update(status="acceptedNoisy" if noisy else "accepted", x=x, P=P)
        steps.append(record)
    return steps


def rts(steps):
    chain = [i for i, s in enumerate(steps) if s["x"] is not None]
    xs = {i: steps[i]["x"] for i in chain}
    Ps = {i: steps[i]["P"] for i in chain}
    for j in range(len(chain) - 2, -1, -1):
        k, following = chain[j], chain[j + 1]
        nxt = steps[following]
        if nxt["segmentStart"]:
            continue
        C = steps[k]["P"] @ nxt["F"].T @ np.linalg.inv(nxt["Pp"])
        xs[k] = steps[k]["x"] + C @ (xs[following] - nxt["xp"])
        Ps[k] = steps[k]["P"] + C @ (Ps[following] - nxt["Pp"]) @ C.T
    return xs, Ps


def expected_columns(steps, xs, Ps, cfg):
    def state_of(i):
        """(filtered x, P, smoothed x, P) for step i; a duplicate reports the step it repeats."""
        step = steps[i]
        if step["status"] == "duplicateTime":
            i = step["same"]
            step = steps[i]
        if step["x"] is None:
            return None
        return step["x"], step["P"], xs[i], Ps[i]

    columns = {k: [] for k in ["status", "sigmas", "speed", "standardDeviation", "acceleration", "smoothedSpeed",
                               "smoothedStandardDeviation", "smoothedAcceleration"]}
    for i, step in enumerate(steps):
        columns["status"].append(step["status"])
        columns["sigmas"].append(None if step["sigmas"] is None else float(step["sigmas"]))
        state = state_of(i)
        if state is None:
            for key in list(columns)[2:]:
                columns[key].append(None)
            continue
        x, P, x_s, P_s = state
        cv = cfg["model"] == "constantVelocity"
        columns["speed"].append(float(max(0.0, x[0])))
        columns["standardDeviation"].append(float(math.sqrt(P[0, 0])))
        columns["acceleration"].append(float(x[1]) if cv else None)
        columns["smoothedSpeed"].append(float(max(0.0, x_s[0])))
        columns["smoothedStandardDeviation"].append(float(math.sqrt(P_s[0, 0])))
        columns["smoothedAcceleration"].append(float(x_s[1]) if cv else None)
    return columns


def walk_with_everything(rng):
    """A walker at ~1.4 m/s, 1 Hz: noisy first fixes, unknown accuracy, invalid fixes, two spikes,
    a gap of 20 s, a duplicate and an out-of-order timestamp."""
    fixes = []
    for k in range(60):
        time = float(k) + float(rng.uniform(-0.05, 0.05))
        truth = 1.4 + 0.2 * math.sin(2 * math.pi * k / 30)
        accuracy = float(rng.uniform(2.0, 4.0)) if k < 4 else float(rng.uniform(0.3, 0.6))
        speed = max(0.0, truth + accuracy * float(rng.standard_normal()))
        if k in (9, 33):
            accuracy = None  # the source reported no accuracy
        if k in (14, 15):
            speed, accuracy = -1.0, -1.0  # iOS: no valid speed
        if k == 16:
            speed, accuracy = 1.3, -1.0  # a speed with invalid accuracy is invalid too
        if k in (21, 40):
            speed = float(rng.uniform(8, 15))  # multipath spike
        if 44 <= k < 64:
            continue
        fixes.append([time, speed, accuracy])
    fixes.insert(30, list(fixes[29]))  # duplicate timestamp
    fixes.insert(36, [fixes[35][0] - 2.5, 1.4, 0.4])  # time goes backwards
    for k in range(64, 80):  # after the gap
        fixes.append([float(k), max(0.0, 1.5 + 0.4 * float(rng.standard_normal())), 0.4])
    return fixes


def walker_gets_into_car(rng):
    """Invalid fixes first, then walking, then a sudden change of speed (a car pulling away faster
    than the gate allows) that only a re-initialisation can follow."""
    fixes = [[0.0, -1.0, -1.0], [1.0, -1.0, 0.5]]
    for k in range(2, 20):
        fixes.append([float(k), max(0.0, 1.3 + 0.3 * float(rng.standard_normal())), 0.3])
    for k in range(20, 40):
        fixes.append([float(k), 9.0 + 0.5 * (k - 20) + 0.3 * float(rng.standard_normal()), 0.3])
    return fixes


def filter_fixture():
    cases = []
    for model_name, cfg in [("randomWalk", RANDOM_WALK), ("constantVelocity", CONSTANT_VELOCITY)]:
        for index, (case_name, builder) in enumerate(
                [("walkWithEverything", walk_with_everything), ("walkerGetsIntoCar", walker_gets_into_car)]):
            seed = 5000 + index
            fixes = builder(np.random.default_rng(seed))
            steps = run_filter(fixes, cfg)
            xs, Ps = rts(steps)
            cases.append({
                "name": f"{case_name}-{model_name}", "seed": seed, "configuration": cfg, "fixes": fixes,
                "expected": expected_columns(steps, xs, Ps, cfg),
            })
    write("speed_filter", {"cases": cases})


if __name__ == "__main__":
    seed_kalman_fixture()
    filter_fixture()
