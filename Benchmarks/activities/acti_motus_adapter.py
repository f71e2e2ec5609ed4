"""acti-motus (PyPI `acti-motus`, the Acti4 thigh rules of Skotte et al. 2014) on our pocket and thigh files.

acti-motus wants a thigh frame: x along the thigh, reading +1 g when the person stands (Android's sign: an
axis pointing up reads +1 g), z out of the front of the thigh. The phone's frame is turned into it per source,
from what each source's README documents (no labels are read):
  * motionsense: iOS signs (negated to Android's); the phone sits top toward the knee, so up is -y, and the
    screen faces the body, so forward is -z;
  * geotec: executions_info.csv gives front / back / *_inv per execution: upright is +y (inverted -y), the screen
    facing front has forward +z (back: -z);
  * hugadb: the band-mounted IMU's z runs along the thigh (gravity is +0.3-0.6 g on z and -0.9 g on x while
    pedalling seated, a thigh 55-75 degrees from vertical) and x is across it; of x's two signs, +x as
    forward is the one with which acti-motus finds the pedalling (with -x it calls 61 % of the first
    session stationary), so this baseline is given its best case;
  * oxford-pocket: walking only, orientation undocumented: up is the signed axis nearest the mean gravity.
"""
import os

import numpy as np
import pandas as pd

DATA = "../shared/data"  # set by evaluate.py

ACTIVITY = {"walk": "walking", "slow-walk": "walking", "fast-walk": "walking", "stairs": "walking",
            "shuffle": "stationary", "run": "running", "bicycle": "cycling", "sit": "stationary",
            "stand": "stationary", "lie": "stationary", "kneel": "stationary", "squat": "stationary",
            "move": "stationary"}


def thigh_frame(path, a):
    name = os.path.basename(path)
    x, y, z = a.acc_x_g.values, a.acc_y_g.values, a.acc_z_g.values
    if name.startswith("motionsense"):
        x, y, z = -x, -y, -z  # iOS -> Android signs
        return -y, x, -z
    if name.startswith("geotec"):
        info = pd.read_csv(os.path.join(DATA, "geotec-phone-pocket-tug", "executions_info.csv"))
        execution = name.split("_tug")[0].replace("geotec_", "")
        orientation = info.set_index("execution_id").orientation.get(execution, "front")
        up = -y if orientation.endswith("_inv") else y
        forward = -z if orientation.startswith("back") else z
        return up, x, forward
    if name.startswith("hugadb"):
        return z, y, x
    g = np.array([x.mean(), y.mean(), z.mean()])
    k = int(np.argmax(np.abs(g)))
    axes = [x, y, z]
    up = axes[k] * np.sign(g[k])
    rest = [axes[i] for i in range(3) if i != k]
    return up, rest[0], rest[1]


def classify_thigh(path, starts, ends):
    """acti-motus's activity for each window [start, end] of the recording at `path` (the majority of its
    1 s epochs inside the window), mapped to our five classes (None where it has no answer)."""
    from actimotus import Activities, Features

    a = pd.read_csv(path)
    frame = thigh_frame(path, a)
    t0 = pd.Timestamp("2024-01-01", tz="UTC")
    df = pd.DataFrame({"acc_x": frame[0], "acc_y": frame[1], "acc_z": frame[2]},
                      index=t0 + pd.to_timedelta(a.t_s.values, unit="s"))
    df = df[~df.index.duplicated()]
    try:
        features = Features().compute(df)
        activities, _ = Activities().compute(features)
    except Exception:  # too short or refused: no answer for this recording
        return np.full(len(starts), None, dtype=object)
    epochs = (activities.index - t0).total_seconds().values
    names = activities.iloc[:, 0].astype(str).map(ACTIVITY).values
    out = np.full(len(starts), None, dtype=object)
    for i, (s, e) in enumerate(zip(starts, ends)):
        inside = names[(epochs >= s) & (epochs < e)]
        inside = inside[pd.notna(inside)]
        if len(inside):
            vals, counts = np.unique(inside.astype(str), return_counts=True)
            out[i] = vals[np.argmax(counts)]
    return out
