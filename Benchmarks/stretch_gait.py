#!/usr/bin/env python3
"""Slower and weaker variants of a Mobilise-D recording, for the step detector's robustness table.

Usage:
    stretch_gait.py IMU.csv REF.csv BOUTS.csv STRETCH AMP OUTPREFIX [KEEP_ABOVE_HZ]

Resamples the 100 Hz recording (columns t_s, acc_*_g, gyr_*_deg_s) so that time runs STRETCH
times slower (a slower gait: 1.3 turns 1.8 steps/s into 1.38), divides the rotation rates by
STRETCH, and scales the dynamic part of the acceleration (the signal minus its 0.3 Hz zero-phase
low-pass, the gravity estimate) by AMP (a weaker gait; sensor noise is scaled with it). The
reference initial contacts (ic_time_s) and walking bouts (start_s, end_s) are scaled in time
likewise. With KEEP_ABOVE_HZ (for example 3), AMP scales only the dynamic part below that
frequency (split by a 4th-order zero-phase low-pass) and the part above it keeps its level: a
weaker sway with impacts and noise as strong as before, so the context is rougher against its
spread (the step detector's vibration gate sees 1/AMP times the roughness). Writes OUTPREFIX_imu.csv, OUTPREFIX_ref.csv and OUTPREFIX_bouts.csv. Needs numpy, pandas
and scipy. See docs/Accuracy.md ("Robustness to slower and weaker gait").
"""

import sys

import numpy as np
import pandas as pd
from scipy.signal import butter, sosfiltfilt

src, ref, bouts, factor, amp, out = (
    sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), float(sys.argv[5]), sys.argv[6])
keep_above = float(sys.argv[7]) if len(sys.argv) > 7 else None
d = pd.read_csv(src)
t = d.t_s.values
tn = np.arange(0, t[-1] * factor, 0.01)
cols = {"t_s": tn}
sos = butter(2, 0.3, fs=100, output="sos")
for c in ["acc_x_g", "acc_y_g", "acc_z_g", "gyr_x_deg_s", "gyr_y_deg_s", "gyr_z_deg_s"]:
    v = np.interp(tn / factor, t, d[c].values)
    if c.startswith("acc"):
        g = sosfiltfilt(sos, v)
        if keep_above is None:
            v = g + (v - g) * amp
        else:
            low = sosfiltfilt(butter(4, keep_above, fs=100, output="sos"), v)
            v = g + (low - g) * amp + (v - low)
    else:
        v = v / factor
    cols[c] = v
pd.DataFrame(cols).to_csv(out + "_imu.csv", index=False, float_format="%.5f")
r = pd.read_csv(ref)
r["ic_time_s"] = r.ic_time_s * factor
r.to_csv(out + "_ref.csv", index=False)
b = pd.read_csv(bouts)
b["start_s"] *= factor
b["end_s"] *= factor
b.to_csv(out + "_bouts.csv", index=False)
