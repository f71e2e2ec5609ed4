#!/usr/bin/env python3
"""Python baselines for the benchmark matrix (`LocomotionBenchmarks --suite matrix`).

The benchmark writes one JSON request and the binary inputs it names, runs this script once,
and reads one JSON line back, so every baseline of a run shares one interpreter start.

Usage:
    matrix_reference.py REQUEST.json

REQUEST holds {"repeats": R, "jobs": [job, ...]}; each job has an "id" and a "kind":

- "sosfilt": scipy.signal.sosfilt over the float64 file "signal", block by block of "block"
  samples with the filter state carried between blocks (as the Swift SOSFilter streams);
  "sos" holds scipy's rows [b0, b1, b2, 1, a1, a2]. Result: ns per sample.
- "resample_poly": scipy.signal.resample_poly(axis, 1, 2) on each of the three axes stored one
  after another in the float64 file "signal" (2000 Hz to 1000 Hz). Result: ns per input sample.
- "find_peaks": scipy.signal.find_peaks on the float64 file "signal" (one window) with
  "distance" (samples) and "prominence". Result: ns per window, and the peak count.
- "features": the numpy reference (features_reference.py) on "windows" windows of "samples"
  samples at "rate" Hz from the float64 file "input", with or without ("gait") the gait
  features. Result: ns per window.
- "sklearn": scikit-learn's "model" ("naive_bayes", "logistic_regression" or "random_forest",
  with the parameters the Swift models use) fitted on the float64 file "train" ("rows" x
  "columns") and the int64 file "labels", then predict_proba on the float64 file "test" (all
  its rows in one call). Result: ns per vector.

The reply is {"results": {id: {"ns": value, ...} or {"skipped": reason}}}. A job whose package
is missing is skipped with the reason; the benchmark prints it.
"""

import json
import sys
import time

try:
    import numpy as np
except ImportError:
    np = None


def median_seconds(body, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def sosfilt_job(job, repeats):
    from scipy.signal import sosfilt, sosfilt_zi

    sos = np.array(job["sos"], dtype=np.float64)
    signal = np.fromfile(job["signal"], dtype="<f8")
    block = job["block"]
    blocks = [signal[start:start + block] for start in range(0, len(signal) - block + 1, block)]
    zi = sosfilt_zi(sos) * signal[0]

    def run():
        state = zi
        for samples in blocks:
            _, state = sosfilt(sos, samples, zi=state)

    seconds = median_seconds(run, repeats)
    return {"ns": seconds * 1e9 / (len(blocks) * block)}


def resample_poly_job(job, repeats):
    from scipy.signal import resample_poly

    axes = np.fromfile(job["signal"], dtype="<f8").reshape(3, -1)

    def run():
        for axis in axes:
            resample_poly(axis, 1, 2)

    return {"ns": median_seconds(run, repeats) * 1e9 / axes.shape[1]}


def find_peaks_job(job, repeats):
    from scipy.signal import find_peaks

    signal = np.fromfile(job["signal"], dtype="<f8")
    options = {"distance": job["distance"], "prominence": job["prominence"]}
    peaks, _ = find_peaks(signal, **options)
    calls = max(1, 20000 // max(len(signal), 1))

    def run():
        for _ in range(calls):
            find_peaks(signal, **options)

    return {"ns": median_seconds(run, repeats) * 1e9 / calls, "peaks": int(len(peaks))}


def features_job(job, repeats):
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    import features_reference

    data = np.fromfile(job["input"], dtype="<f8").reshape(job["windows"], 3, job["samples"])
    x, y, z = (np.ascontiguousarray(data[:, axis, :]) for axis in range(3))
    seconds = median_seconds(lambda: features_reference.features(x, y, z, job["rate"], job["gait"]), repeats)
    return {"ns": seconds * 1e9 / job["windows"]}


def sklearn_job(job, repeats):
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB

    train = np.fromfile(job["train"], dtype="<f8").reshape(job["rows"], job["columns"])
    labels = np.fromfile(job["labels"], dtype="<i8")
    test = np.fromfile(job["test"], dtype="<f8").reshape(-1, job["columns"])
    model = {
        "naive_bayes": lambda: GaussianNB(var_smoothing=1e-9),
        "logistic_regression": lambda: LogisticRegression(C=1.0, max_iter=500, tol=1e-8),
        # As RandomForest.Configuration's defaults (scikit-learn's own); one thread, as the Swift loop.
        "random_forest": lambda: RandomForestClassifier(n_estimators=100, max_features="sqrt", random_state=0, n_jobs=1),
    }[job["model"]]()
    model.fit(train, labels)
    seconds = median_seconds(lambda: model.predict_proba(test), repeats)
    return {"ns": seconds * 1e9 / len(test)}


JOBS = {
    "sosfilt": (sosfilt_job, "scipy"),
    "resample_poly": (resample_poly_job, "scipy"),
    "find_peaks": (find_peaks_job, "scipy"),
    "features": (features_job, "numpy"),
    "sklearn": (sklearn_job, "sklearn"),
}


def main():
    with open(sys.argv[1]) as file:
        request = json.load(file)
    repeats = request.get("repeats", 5)
    results = {}
    for job in request["jobs"]:
        body, package = JOBS[job["kind"]]
        if np is None:
            results[job["id"]] = {"skipped": "numpy is not installed"}
            continue
        try:
            __import__(package)
        except ImportError:
            results[job["id"]] = {"skipped": f"{package} is not installed"}
            continue
        try:
            results[job["id"]] = body(job, repeats)
        except Exception as error:  # reported by the benchmark, not fatal to the other jobs
            results[job["id"]] = {"skipped": f"{job['kind']} failed: {error}"}
    print(json.dumps({"results": results}))


if __name__ == "__main__":
    main()
