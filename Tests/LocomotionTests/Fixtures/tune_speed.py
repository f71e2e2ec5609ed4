#!/usr/bin/env python3
"""The tuning sweep behind SpeedKalmanFilter.Configuration's defaults (docs/Algorithms.md).

Runs the reference equations of generate_speed.py over the simulated trip of
Tests/LocomotionTests/Helpers/SpeedSimulation.swift, ported here draw for draw (SplitMix64, Box-Muller;
the Swift tests print the same RMS errors for the same seed), for 20 seeds and a grid of
tunings, and prints a Markdown table of the worst case over the seeds:

  fwd/raw    RMS error of the forward filter over that of the raw fixes      (issue: <= 0.50)
  fwd/seed   ... over that of the seed's filter at its driving preset       (issue: <= 0.75)
  rts/seed   ... of the Rauch-Tung-Striebel smoother over the seed's
  spike move the largest change of the forward estimate at an injected spike (issue: <= 0.5 m/s;
             for the constant-velocity model it includes the predicted acceleration times dt)
  false      fixes rejected or re-initialising that were not spikes, summed over the seeds

Not read by the tests. Run from the package root (about a minute):

    python3 Tests/LocomotionTests/Fixtures/tune_speed.py
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate_speed import CONSTANT_VELOCITY, RANDOM_WALK, rts, run_filter  # noqa: E402

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def unit(self):
        return (self.next() >> 11) * 2.0**-53

    def uniform(self, low, high):
        return low + (high - low) * self.unit()

    def gaussian(self):
        u1 = 1 - self.unit()
        u2 = self.unit()
        return math.sqrt(-2 * math.log(u1)) * math.cos(2 * math.pi * u2)


def truth(t):
    def ramp(t0, v0, t1, v1):
        return v0 + (v1 - v0) * (1 - math.cos(math.pi * (t - t0) / (t1 - t0))) / 2

    def walking(t):
        return 1.4 + 0.15 * math.sin(2 * math.pi * (t - 13) / 70)

    for limit, speed in [
        (10, lambda: 0.0), (13, lambda: ramp(10, 0, 13, 1.4)), (300, lambda: walking(t)),
        (303, lambda: ramp(300, walking(300), 303, 0)), (360, lambda: 0.0), (368, lambda: ramp(360, 0, 368, 14)),
        (480, lambda: 14 + 1.5 * math.sin(2 * math.pi * (t - 368) / 112)), (488, lambda: ramp(480, 14, 488, 1)),
        (688, lambda: max(0.0, 1 + 1.2 * math.sin(2 * math.pi * (t - 488) / 40))),
        (700, lambda: ramp(688, 1, 700, 25)), (780, lambda: 25.0), (840, lambda: ramp(780, 25, 840, 19)),
        (900, lambda: 19.0), (908, lambda: ramp(900, 19, 908, 0)),
    ]:
        if t < limit:
            return speed()
    return 0.0


def simulate(seed):
    """[(time, speed, accuracy, truth, kind)] as SimulatedSpeedTrace.generate(seed:)."""
    rng = SplitMix64(seed)
    spikes = set()
    following = 30
    while following < 290:
        spikes.add(following)
        following += 18 + int(rng.uniform(0, 14))
    spikes.add(sorted(spikes)[len(spikes) // 2] + 1)
    samples = []
    for second in range(960):
        time = second + rng.uniform(-0.05, 0.05) if second > 0 else 0.0
        true_speed = truth(time)
        if 790 <= second < 840:
            continue
        if second in (786, 787, 788, 789, 840, 841) or rng.unit() < 0.01:
            samples.append((time, -1.0, -1.0, true_speed, "invalid"))
            continue
        if second < 12:
            accuracy = rng.uniform(2, 5)
        elif true_speed < 3:
            accuracy = rng.uniform(0.3, 0.6)
        else:
            accuracy = rng.uniform(0.2, 0.5)
        speed = true_speed + accuracy * rng.gaussian()
        kind = "noisy" if accuracy >= 2 else "clean"
        if second in spikes and 21 <= second < 300:
            speed = rng.uniform(8, 15)
            kind = "spike"
        samples.append((time, max(0.0, speed), accuracy, true_speed, kind))
    return samples


def rms_errors(samples, cfg):
    """RMS errors against the truth over the fixes with a valid speed: raw, the seed's filter at
    its driving and walking presets (fed as its location handler does), forward, RTS."""
    valid = [i for i, s in enumerate(samples) if s[1] >= 0 and s[2] >= 0]

    def rms(estimates):
        return math.sqrt(sum((estimates[i] - samples[i][3]) ** 2 for i in valid) / len(valid))

    def seed_filter(q, r):
        estimate, covariance, estimates = 0.0, 1.0, []
        for s in samples:
            if s[2] >= 0:
                predicted = covariance + q
                gain = predicted / (predicted + r)
                estimate += gain * (max(0.0, s[1]) - estimate)
                covariance = (1 - gain) * predicted
            estimates.append(estimate)
        return estimates

    steps = run_filter([[s[0], s[1], s[2]] for s in samples], cfg)
    forward = [max(0.0, s["x"][0]) if s["x"] is not None else math.inf for s in steps]
    xs, _ = rts(steps)
    smoothed = [max(0.0, xs[i][0]) if i in xs else math.inf for i in range(len(steps))]
    errors = [rms([s[1] for s in samples]), rms(seed_filter(0.5, 0.5)), rms(seed_filter(0.05, 0.3)), rms(forward),
              rms(smoothed)]
    return errors, steps, forward


def evaluate(samples, cfg):
    (raw, seed, _, forward_error, smoothed_error), steps, forward = rms_errors(samples, cfg)
    move = max(abs(forward[i] - forward[i - 1]) for i, s in enumerate(samples) if s[4] == "spike")
    false = sum(1 for i, s in enumerate(steps)
                if s["status"] in ("rejectedSpike", "reinitialized") and samples[i][4] != "spike")
    return forward_error / raw, forward_error / seed, smoothed_error / seed, move, false


def main():
    seeds = [0x5EED0005 + offset for offset in range(20)]
    traces = [simulate(seed) for seed in seeds]
    grid = []
    for noise in [0.3, 1.0, 2.0]:
        grid.append({**RANDOM_WALK, "processNoise": noise, "processNoisePerSpeed": 0.0})
    for noise in [0.2, 0.3, 0.4]:
        for per_speed in [0.1, 0.15, 0.2]:
            for gate in [4.0, 5.0]:
                grid.append({**RANDOM_WALK, "processNoise": noise, "processNoisePerSpeed": per_speed,
                             "gateSigmas": gate})
    for runs in [2, 4]:
        grid.append({**RANDOM_WALK, "reinitializeAfterRejections": runs})
    for noise, per_speed in [(0.1, 0.0), (0.02, 0.0), (0.01, 0.02), (0.02, 0.02), (0.02, 0.05), (0.05, 0.02)]:
        for gate in [4.0, 5.0]:
            grid.append({**CONSTANT_VELOCITY, "processNoise": noise, "processNoisePerSpeed": per_speed,
                         "gateSigmas": gate})
    print("RMS error (m/s) on the test seed 0x5EED0005, fixes with a valid speed:\n")
    print("| model | raw | seed driving | seed walking | forward | RTS |")
    print("|---|---|---|---|---|---|")
    for cfg in (RANDOM_WALK, CONSTANT_VELOCITY):
        errors, _, _ = rms_errors(traces[0], cfg)
        print(f"| {cfg['model']} | " + " | ".join(f"{e:.3f}" for e in errors) + " |")
    print()
    print(f"Worst case over {len(seeds)} seeds (0x5EED0005 + 0...{len(seeds) - 1}).\n")
    print("| model | processNoise | perSpeed | gate | n | fwd/raw | fwd/seed | rts/seed | spike move m/s | false |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for cfg in grid:
        rows = [evaluate(trace, cfg) for trace in traces]
        worst = [max(row[k] for row in rows) for k in range(4)]
        false = sum(row[4] for row in rows)
        default = cfg in (RANDOM_WALK, CONSTANT_VELOCITY)
        mark = " (default)" if default else ""
        print(f"| {cfg['model']}{mark} | {cfg['processNoise']} | {cfg['processNoisePerSpeed']} | {cfg['gateSigmas']:g} "
              f"| {cfg['reinitializeAfterRejections']} | {worst[0]:.2f} | {worst[1]:.2f} | {worst[2]:.2f} "
              f"| {worst[3]:.2f} | {false} |")


if __name__ == "__main__":
    main()
