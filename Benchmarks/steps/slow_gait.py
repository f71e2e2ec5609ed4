#!/usr/bin/env python3
"""Slow and impaired-gait variants of the Mobilise-D HA001 recordings, with their references.

Usage:
    python3 Benchmarks/steps/slow_gait.py [--data DIR] [--out DIR] [--seed N] [--variants LIST] [--regular-steps]

    --data DIR      the shared data folder (default ../shared/data, else /work/shared/data)
    --out DIR       where to write (default /tmp/slow-gait); the side-by-side script reads it
                    with `side_by_side.py --extra DIR`
    --seed N        base seed (default 12); the same seed gives the same bytes
    --variants LIST comma-separated subset of the variants below (default: all)
    --regular-steps split each reference bout where an interval is not one step before the warp:
                    a contact under 0.2 s after the previous is a duplicate (dropped), an interval
                    over 1.8 x the bout's median (a turn, a stop) ends a part; a part of one
                    contact is no bout. Without it every interval of a bout is warped into a step,
                    and HA001 Test11's five 1.2-2 s intervals and one duplicate become "steps" whose
                    signal is a turn or a stop (docs/Accuracy.md, 2026-12-04). Off by default: the
                    same bytes as before.

What it makes. For each HA001 trial (Test5 trials 1 and 2, Test11) and variant it writes, in
the layout of mobilised-d-lab-example (see its README):
    <trial>__<variant>_imu.csv                       t_s, acc_*_g (g), gyr_*_deg_s, 100 Hz
    <trial>__<variant>_ref-INDIP_initial_contacts.csv wb_id, ic_time_s, side
    <trial>__<variant>_ref-INDIP_walking_bouts.csv    wb_id, start_s, end_s, duration_s,
        n_strides, n_initial_contacts, cadence_steps_per_min, walking_speed_m_s (NaN),
        avg_stride_length_m (NaN), termination_reason
and README.md, one line per variant saying what it models.

How (not a uniform time stretch). Everything is built from the original signal through a
monotone time map tau(t) (new time t -> original time) and a gain curve on the dynamic part:
    acc_new(t) = G(tau(t)) + gain(t) * (acc - G)(tau(t)) + noise,
    gyr_new(t) = gyr(tau(t)) * tau'(t) + turn(t) + noise,
where G is the gravity estimate (2nd-order 0.3 Hz zero-phase low-pass, as
Benchmarks/stretch_gait.py) and tau' the local slowing (rotation rates follow the chain rule).
* Per-step time warping: every step between two consecutive reference contacts of a bout is
  mapped to a new duration 60 / cadence * (1 + u), with the bout's cadence drawn in 74-93 (veryslow: 40-50)
  steps/min (the slow walkers of issue 12; at most the bout's recorded cadence / 1.1, so every
  bout is slower than recorded) and u uniform in +-jitter for each step (step-to-step
  variability); the half step before a bout's first and after its last contact is slowed like
  its neighbour, so walking starts and ends smoothly; time outside the bouts runs as recorded.
  Reference contacts move with the map, exactly (they are its knots).
* Longer double support: within each step the first 20 % of the original step after the
  contact (loading response, both feet down) is mapped to a fraction q of the new step, q
  drawn per step in the variant's range (healthy: about 20 %), and the dynamic part is
  flattened around the contact by a Hann-shaped dip down to a gain drawn in 0.5-0.7.
* Weaker and flatter excursion: the dynamic part is scaled by a per-step amplitude drawn in
  0.3-0.5 (interpolated between step midpoints; 1 outside the bouts, ramped over the lead-in and
  lead-out). This stands in for the physical 1/f^2 of slower motion and the smaller vertical
  excursion of slow walkers.
* Sensor noise is restored: white noise of the original's noise level (per axis, the 10th
  percentile over 1 s windows of the std of the signal above 5 Hz) times sqrt(1 - gain^2), since
  scaling the dynamic part also scaled its noise.
* Pauses and extra turns (split bouts): a bout with at least 8 contacts is split once (two
  parts of at least 3 contacts each; one with 14 or more, twice) by a pause of 1-3 s inserted in
  the double support after a contact: the motion fades out and in over 0.2 s, the trunk holds
  still (gravity and noise), and every other pause holds a turn on the spot of 90-180 degrees (a
  pivot without steps: a smooth rotation about the vertical axis gyr_x and its centripetal
  acceleration at 0.12 m from the axis on the forward axis acc_z). The reference bout is split
  there; no reference contact lies in the pause.
Outside the reference bouts (sitting, standing up, turning) the signal is unchanged, so false
detections outside the bouts are judged on the original movements. Deterministic: every
random draw comes from numpy's default_rng seeded by the base seed, the trial and the variant.

Sources: the Mobilise-D example data (HA001, INDIP reference; Micó-Amigo et al., J NeuroEng
Rehabil 20:78, 2023; mobgap, doi:10.5281/zenodo.14035833); slow-gait figures from issue 12
(bouts at 0.25-0.57 m/s, 74-93 steps/min); double support of slow and pathological gait about
30-40 % of the step against about 20 % in healthy adults (Perry & Burnfield, Gait Analysis,
2010; Hausdorff, J NeuroEng Rehabil 2:19, 2005, for step-to-step variability); the gravity
split and amplitude scaling of Benchmarks/stretch_gait.py.
"""

from __future__ import annotations

import argparse
import os
import zlib

import numpy as np
import pandas as pd
from scipy.signal import butter, sosfiltfilt

RATE = 100.0
TRIALS = ["Test5-StraightWalkComfortable_Trial1", "Test5-StraightWalkComfortable_Trial2",
          "Test11-SimulatedDailyActivities_Trial1"]
ACC = ["acc_x_g", "acc_y_g", "acc_z_g"]
GYR = ["gyr_x_deg_s", "gyr_y_deg_s", "gyr_z_deg_s"]

# name: (cadence range (default CADENCE), step jitter, double-support fraction range or None, amplitude range,
#        pauses and turns, README line)
VARIANTS = {
    "slowweak": dict(
        jitter=0.10, ds=None, amp=(0.3, 0.5), pauses=False,
        text="per-step time warp to 74-93 steps/min with ±10 % step-to-step jitter, dynamic "
             "acceleration ×0.3-0.5 per step, noise restored; no change of double support"),
    "slowweak-ds": dict(
        jitter=0.10, ds=(0.30, 0.40), amp=(0.3, 0.5), pauses=False,
        text="as slowweak, plus longer double support (30-40 % of the step instead of 20 %) "
             "flattened around each contact (gain dip to 0.5-0.7)"),
    "impaired-s1": dict(
        jitter=0.15, ds=(0.30, 0.40), amp=(0.3, 0.5), pauses=True,
        text="as slowweak-ds with ±15 % jitter, plus 1-3 s pauses splitting every bout of 8 or "
             "more contacts (twice from 14), every other pause with a 90-180° turn on the spot; seed 1"),
    "impaired-s2": dict(
        jitter=0.15, ds=(0.30, 0.40), amp=(0.3, 0.5), pauses=True, seed_offset=1,
        text="the same model as impaired-s1 with other draws (seed 2)"),
    "veryslow": dict(
        cadence=(40.0, 50.0), jitter=0.15, ds=(0.40, 0.50), amp=(0.2, 0.35), pauses=True, seed_offset=2,
        text="a walker at about 0.2 m/s (issue 31: MS at EDSS 6-7, 40-50 steps/min): per-step time warp "
             "to 40-50 steps/min with ±15 % jitter, double support 40-50 % of the step, dynamic "
             "acceleration ×0.2-0.35, pauses and turns as impaired-s1; seed 3"),
    "veryslow-b": dict(
        cadence=(40.0, 50.0), jitter=0.15, ds=(0.40, 0.50), amp=(0.2, 0.35), pauses=True, seed_offset=4,
        text="the same model as veryslow with other draws (seed 5): held out from any choice made on veryslow"),
    "veryslow-irregular": dict(
        cadence=(40.0, 50.0), jitter=0.30, ds=(0.40, 0.50), amp=(0.1, 0.25), pauses=True, seed_offset=3,
        text="a harder very slow walker: as veryslow with ±30 % step-to-step jitter and dynamic "
             "acceleration ×0.1-0.25; seed 4"),
}
CADENCE = (74.0, 93.0)
ORIGINAL_DS = 0.20  # fraction of the original step after the contact mapped to the new double support
LEAD = 0.6  # lead-in and lead-out, in steps
FADE = 0.2  # s, motion fade at a pause
TURN_RADIUS = 0.12  # m, sensor behind the turning axis


def rng_for(seed, trial, variant):
    offset = VARIANTS[variant].get("seed_offset", 0)
    return np.random.default_rng([seed + offset, zlib.crc32(trial.encode()), zlib.crc32(variant.split("-s")[0].encode())])


def noise_level(signal, rate):
    """Per-axis sensor noise: the 10th percentile over 1 s windows of the std above 5 Hz."""
    high = signal - sosfiltfilt(butter(4, 5.0, fs=rate, output="sos"), signal, axis=0)
    n = int(rate)
    windows = high[: len(high) // n * n].reshape(-1, n, signal.shape[1])
    return np.percentile(windows.std(axis=1), 10, axis=0)


def build(trial_frame, contacts, bouts, variant, rng):
    """The knots of tau (new time -> original time), the gain knots, the pauses, new contacts."""
    spec = VARIANTS[variant]
    t = trial_frame.t_s.to_numpy()
    end = float(t[-1])
    # knots: lists of (original time, new time) pairs, built left to right; slope 1 between bouts
    knots_orig, knots_new = [0.0], [0.0]
    gain_t, gain_v = [0.0], [1.0]  # in new time
    dips = []  # (start, contact, end, floor) in new time
    pauses = []  # (new start, new end, original time held, turn degrees or 0)
    new_contacts = {}
    new_bouts = []
    pause_count = 0

    def advance(orig):
        """Adds a knot at orig with slope 1 from the previous knot."""
        if orig > knots_orig[-1]:
            knots_new.append(knots_new[-1] + (orig - knots_orig[-1]))
            knots_orig.append(orig)

    def add(orig, new):
        knots_orig.append(orig)
        knots_new.append(new)

    for (start, stop) in bouts:
        ics = sorted(c for c in contacts if start - 1e-9 <= c <= stop + 1e-9 and not np.isnan(c))
        if len(ics) < 2:
            continue
        # slower than recorded: drawn in 74-93 steps/min, and at least 10 % below the bout's own (median step)
        cadence = min(rng.uniform(*spec.get("cadence", CADENCE)), 60.0 / float(np.median(np.diff(ics))) / 1.1)
        steps = np.diff(ics)
        new_steps = 60.0 / cadence * (1 + rng.uniform(-spec["jitter"], spec["jitter"], len(steps)))
        amps = rng.uniform(*spec["amp"], len(steps))
        ds = rng.uniform(*spec["ds"], len(steps)) if spec["ds"] else None
        floors = rng.uniform(0.5, 0.7, len(ics)) if spec["ds"] else None
        # split points: after contact k (index into ics), parts of at least 3 contacts
        splits = []
        if spec["pauses"] and len(ics) >= 8:
            count = 2 if len(ics) >= 14 else 1
            if count == 1:
                splits = [int(rng.integers(2, len(ics) - 3))]
            else:
                first = int(rng.integers(2, len(ics) // 2 - 1))
                second = int(rng.integers(max(first + 3, len(ics) // 2), len(ics) - 3))
                splits = [first, second]
        lead_in = LEAD * steps[0]
        lead_out = LEAD * steps[-1]
        f0, fn = new_steps[0] / steps[0], new_steps[-1] / steps[-1]
        advance(ics[0] - lead_in)
        gain_t.append(knots_new[-1])
        gain_v.append(1.0)
        add(ics[0], knots_new[-1] + lead_in * f0)
        part_start = ics[0]
        for i in range(len(steps)):
            c, d, new_c, new_d = ics[i], steps[i], knots_new[-1], new_steps[i]
            new_contacts[c] = new_c
            if ds is not None:
                dips.append((new_c - 0.25 * ds[i] * new_d, new_c, new_c + ds[i] * new_d, floors[i]))
            gain_t.append(new_c + 0.5 * new_d)
            gain_v.append(amps[i])
            if i in splits:
                # pause in the double support after contact c
                hold = c + 0.5 * ORIGINAL_DS * d
                new_hold = new_c + 0.5 * (ds[i] if ds is not None else ORIGINAL_DS) * new_d
                add(hold, new_hold)
                length = rng.uniform(1.0, 3.0)
                turn = rng.uniform(90, 180) * rng.choice([-1, 1]) if pause_count % 2 == 0 else 0.0
                pause_count += 1
                pauses.append((new_hold, new_hold + length, hold, turn))
                add(hold, new_hold + length)
                rest = new_d - (new_hold - new_c)
                add(c + d, new_hold + length + rest)
                new_bouts.append((part_start, c))
                part_start = c + d
                continue
            if ds is not None:
                add(c + ORIGINAL_DS * d, new_c + ds[i] * new_d)
            add(c + d, new_c + new_d)
        new_contacts[ics[-1]] = knots_new[-1]
        new_bouts.append((part_start, ics[-1]))
        add(ics[-1] + lead_out, knots_new[-1] + lead_out * fn)
        gain_t.append(knots_new[-1])
        gain_v.append(1.0)
    advance(end)
    return (np.array(knots_orig), np.array(knots_new), np.array(gain_t), np.array(gain_v), dips, pauses,
            new_contacts, new_bouts)


def regular_parts(contacts, bouts, shortest=0.2, longest=1.8):
    """The reference bouts split where an interval between consecutive contacts is not one step:
    a contact under `shortest` s after the previous one is a duplicate (dropped); an interval over
    `longest` times the bout's median interval (a turn, a stop) ends the part. Parts keep their
    contacts; a part of one contact is no bout (build() skips it, so that contact leaves the
    reference). HA001 Test11's INDIP reference has a duplicate (76.42, 76.43 s) and five such
    intervals of 1.2-2 s against steps of 0.55-0.65 s; warped as steps they are not steps."""
    kept, parts = [], []
    for start, stop in bouts:
        ics = sorted(c for c in contacts if start - 1e-9 <= c <= stop + 1e-9 and not np.isnan(c))
        clean = []
        for c in ics:
            if clean and c - clean[-1] < shortest:
                continue
            clean.append(c)
        if len(clean) < 2:
            continue
        median = float(np.median(np.diff(clean)))
        split = [[clean[0]]]
        for c in clean[1:]:
            if c - split[-1][-1] > longest * median:
                split.append([])
            split[-1].append(c)
        for part in split:
            if len(part) >= 2:
                parts.append((part[0], part[-1]))
                kept.extend(part)
    return np.array(kept), parts


def make(frame, contacts_table, bouts_table, variant, rng, regular=False):
    t = frame.t_s.to_numpy()
    contacts = contacts_table.ic_time_s.to_numpy(float)
    bouts = list(zip(bouts_table.start_s, bouts_table.end_s))
    if regular:
        contacts, bouts = regular_parts(contacts, bouts)
        contacts_table = contacts_table[contacts_table.ic_time_s.isin(contacts)].reset_index(drop=True)
    k_orig, k_new, gain_t, gain_v, dips, pauses, new_contacts, new_bouts = build(frame, contacts, bouts, variant, rng)
    grid = np.arange(int(np.floor(k_new[-1] * RATE + 1e-9)) + 1) / RATE
    tau = np.interp(grid, k_new, k_orig)
    # the time map's own slope on each segment (0 in a pause)
    segment = np.clip(np.searchsorted(k_new, grid, side="right") - 1, 0, len(k_new) - 2)
    widths = np.diff(k_new)
    slope = np.where(widths[segment] > 0, np.diff(k_orig)[segment] / np.where(widths[segment] > 0, widths[segment], 1), 0.0)

    acc = frame[ACC].to_numpy(float)
    gyr = frame[GYR].to_numpy(float)
    rate = 1.0 / float(np.median(np.diff(t)))
    gravity = sosfiltfilt(butter(2, 0.3, fs=rate, output="sos"), acc, axis=0)
    dynamic = acc - gravity
    sigma_acc, sigma_gyr = noise_level(acc, rate), noise_level(gyr, rate)

    gain = np.interp(grid, gain_t, gain_v)
    for lo, contact, hi, floor in dips:
        w = np.zeros_like(grid)
        left = (grid >= lo) & (grid < contact)
        right = (grid >= contact) & (grid <= hi)
        # a raised-cosine dip over [lo, hi], 90 % deep at the contact and deepest just after it
        phase = np.where(left, 0.4 * (grid - lo) / max(contact - lo, 1e-9),
                         0.4 + 0.6 * (grid - contact) / max(hi - contact, 1e-9))
        inside = left | right
        w[inside] = 0.5 - 0.5 * np.cos(2 * np.pi * phase[inside])
        gain *= 1 - (1 - floor) * w
    turn = np.zeros_like(grid)
    for start, stop, _, degrees in pauses:
        fade = np.ones_like(grid)
        before = (grid > start - FADE) & (grid < start)
        fade[before] = 0.5 + 0.5 * np.cos(np.pi * (grid[before] - (start - FADE)) / FADE)
        after = (grid > stop) & (grid < stop + FADE)
        fade[after] = 0.5 - 0.5 * np.cos(np.pi * (grid[after] - stop) / FADE)
        fade[(grid >= start) & (grid <= stop)] = 0.0
        gain *= fade
        if degrees:
            length = min(stop - start - 0.4, rng.uniform(1.2, 2.0))
            t0 = start + 0.5 * (stop - start - length)
            inside = (grid >= t0) & (grid <= t0 + length)
            phase = (grid[inside] - t0) / length
            turn[inside] = degrees * np.pi / (2 * length) * np.sin(np.pi * phase)  # deg/s, integrates to degrees
    columns = {"t_s": grid}
    noise_gain = np.sqrt(np.clip(1 - gain**2, 0, None))
    for k, name in enumerate(ACC):
        value = np.interp(tau, t, gravity[:, k]) + gain * np.interp(tau, t, dynamic[:, k])
        if name == "acc_z_g":  # centripetal acceleration of the turn, towards the axis (forward)
            value = value + np.deg2rad(turn) ** 2 * TURN_RADIUS / 9.80665
        columns[name] = value + rng.normal(0, sigma_acc[k], len(grid)) * noise_gain
    for k, name in enumerate(GYR):
        value = np.interp(tau, t, gyr[:, k]) * slope
        if name == "gyr_x_deg_s":
            value = value + turn
        columns[name] = value + rng.normal(0, sigma_gyr[k], len(grid)) * np.sqrt(np.clip(1 - slope**2, 0, None))
    imu = pd.DataFrame(columns)

    ics = contacts_table.copy()
    ics["ic_time_s"] = [new_contacts.get(c, np.nan) if not np.isnan(c) else np.nan for c in contacts]
    # a contact is in a new (split) bout: renumber wb_id by the new bouts
    new_bout_times = [(new_contacts[a], new_contacts[b]) for a, b in new_bouts]
    ids = []
    for c in ics.ic_time_s:
        ids.append(next((j for j, (a, b) in enumerate(new_bout_times) if a - 1e-9 <= c <= b + 1e-9), -1))
    ics["wb_id"] = ids
    rows = []
    for j, (a, b) in enumerate(new_bout_times):
        n = int(sum(1 for c in ics.ic_time_s if a - 1e-9 <= c <= b + 1e-9))
        rows.append({"wb_id": j, "start_s": round(a, 4), "end_s": round(b, 4), "duration_s": round(b - a, 4),
                     "n_strides": max(n - 2, 0), "n_initial_contacts": n,
                     "cadence_steps_per_min": round(60 * (n - 1) / (b - a), 4) if b > a else np.nan,
                     "walking_speed_m_s": np.nan, "avg_stride_length_m": np.nan,
                     "termination_reason": "Pause"})
    ics["ic_time_s"] = ics.ic_time_s.round(3)
    return imu, ics, pd.DataFrame(rows), len(pauses)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=None)
    parser.add_argument("--out", default="/tmp/slow-gait")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--regular-steps", action="store_true")
    args = parser.parse_args()
    data = args.data or next((d for d in ("../shared/data", "/work/shared/data") if os.path.isdir(d)), None)
    if data is None:
        raise SystemExit("no data folder: give --data DIR")
    variants = [v for v in args.variants.split(",") if v]
    for v in variants:
        if v not in VARIANTS:
            raise SystemExit(f"unknown variant {v}; choose from {', '.join(VARIANTS)}")
    os.makedirs(args.out, exist_ok=True)
    folder = os.path.join(data, "mobilised-d-lab-example")
    for trial in TRIALS:
        stem = os.path.join(folder, f"HA001_{trial}")
        frame = pd.read_csv(stem + "_imu.csv")
        contacts = pd.read_csv(stem + "_ref-INDIP_initial_contacts.csv")
        bouts = pd.read_csv(stem + "_ref-INDIP_walking_bouts.csv")
        for variant in variants:
            rng = rng_for(args.seed, trial, variant)
            imu, ics, new_bouts, n_pauses = make(frame, contacts, bouts, variant, rng, args.regular_steps)
            out = os.path.join(args.out, f"HA001_{trial}__{variant}")
            imu.to_csv(out + "_imu.csv", index=False, float_format="%.5f")
            ics.to_csv(out + "_ref-INDIP_initial_contacts.csv", index=False)
            new_bouts.to_csv(out + "_ref-INDIP_walking_bouts.csv", index=False)
            cad = ", ".join(f"{c:.0f}" for c in new_bouts.cadence_steps_per_min)
            print(f"{os.path.basename(out)}: {imu.t_s.iloc[-1]:.1f} s (was {frame.t_s.iloc[-1]:.1f}), "
                  f"{len(new_bouts)} bouts (was {len(bouts)}), {n_pauses} pauses, cadence {cad} steps/min")
    with open(os.path.join(args.out, "README.md"), "w") as readme:
        readme.write("# Slow and impaired-gait variants of Mobilise-D HA001 (generated)\n\n")
        readme.write(f"Made by Benchmarks/steps/slow_gait.py --seed {args.seed} from ../shared/data/"
                     "mobilised-d-lab-example (INDIP reference). Files: <trial>__<variant>_imu.csv, "
                     "_ref-INDIP_initial_contacts.csv, _ref-INDIP_walking_bouts.csv, as the originals. "
                     "Evaluation only: derived from the mobgap example data (Apache-2.0).\n\n")
        if args.regular_steps:
            readme.write("With --regular-steps: each reference bout split where an interval is not one step "
                         "(a duplicate contact under 0.2 s dropped; a part ended at an interval over 1.8 times "
                         "the bout's median), before the warp.\n\n")
        for variant in variants:
            readme.write(f"- `{variant}`: {VARIANTS[variant]['text']}.\n")


if __name__ == "__main__":
    main()
