#!/usr/bin/env python3
"""Reference fixtures for the LocomotionDSP spectral tests, computed with numpy and scipy.

What it writes (next to this script, in Tests/LocomotionDSPTests/Fixtures/):

  rfft.json         numpy.fft.rfft of seeded standard-normal input, lengths 1, 2, 3, 7, 64,
                    100, 127, 1000 (powers of two, composites and primes).
  windows.json      scipy.signal.get_window(name, n, fftbins=True) ("periodic") and
                    fftbins=False ("symmetric") for hann, hamming, blackman, boxcar at
                    n = 1, 2, 7, 64.
  periodogram.json  scipy.signal.periodogram(x, fs, window, nfft, detrend, scaling="spectrum",
                    return_onesided=True) for odd/even lengths, with and without zero padding.
  welch.json        scipy.signal.welch(x, fs, window, nperseg, noverlap, nfft, detrend, scaling)
                    over segment lengths (including non-powers of two and one longer than the
                    signal, which scipy shortens), overlaps (default, 0, explicit), windows,
                    padding, detrend "constant"/False, scaling "density"/"spectrum", fs 50/100.
                    Input signals are stored once under "signals" and referenced by name.

Every random input comes from numpy.random.default_rng(seed) with the seed stored in the
fixture, so the files are reproducible. Floats are written with Python's shortest round-trip
repr, so Swift's JSONDecoder reads back the exact doubles numpy produced.

How to rerun (from the package root):

    python3 Tests/LocomotionDSPTests/Fixtures/generate.py

The tests read the JSON files only; rerunning is needed only when cases change. Versions used
to generate the committed files: Python 3, numpy 2.4.6, scipy 1.17.1 (recorded in each file's
"generator" field as well).
"""

import json
import os
import sys
import warnings

import numpy as np
import scipy
import scipy.signal

HERE = os.path.dirname(os.path.abspath(__file__))


def floats(values):
    return [float(v) for v in np.asarray(values, dtype=np.float64).ravel()]


def write(name, payload):
    payload = {
        "generator": {
            "script": "Tests/LocomotionDSPTests/Fixtures/generate.py",
            "python": sys.version.split()[0],
            "numpy": np.__version__,
            "scipy": scipy.__version__,
        },
        **payload,
    }
    path = os.path.join(HERE, f"{name}.json")
    with open(path, "w") as handle:
        json.dump(payload, handle, separators=(",", ":"))
        handle.write("\n")
    print(f"wrote {path} ({os.path.getsize(path)} bytes)")


def rfft_fixture():
    cases = []
    for n in [1, 2, 3, 7, 64, 100, 127, 1000]:
        seed = 1000 + n
        x = np.random.default_rng(seed).standard_normal(n)
        spectrum = np.fft.rfft(x)
        cases.append({
            "count": n, "seed": seed, "input": floats(x),
            "real": floats(spectrum.real), "imaginary": floats(spectrum.imag),
        })
    write("rfft", {"cases": cases})


def windows_fixture():
    cases = []
    for name in ["hann", "hamming", "blackman", "boxcar"]:
        for n in [1, 2, 7, 64]:
            for symmetry, fftbins in [("periodic", True), ("symmetric", False)]:
                w = scipy.signal.get_window(name, n, fftbins=fftbins)
                cases.append({"window": name, "count": n, "symmetry": symmetry, "coefficients": floats(w)})
    write("windows", {"cases": cases})


def test_signal(n, fs, seed):
    """Two tones, an offset and a slow drift, plus white noise."""
    rng = np.random.default_rng(seed)
    t = np.arange(n) / fs
    return (0.7 + 1.5 * np.sin(2 * np.pi * 1.8 * t + 0.3) + 0.4 * np.cos(2 * np.pi * 7.3 * t)
            + 0.05 * t + 0.5 * rng.standard_normal(n))


def periodogram_fixture():
    specs = [
        # length, fs, window, nfft, detrend
        (64, 50.0, "hann", None, "constant"),
        (101, 100.0, "boxcar", None, False),
        (100, 50.0, "hamming", 256, "constant"),
        (37, 50.0, "blackman", 64, False),
        (127, 100.0, "hann", 127, "constant"),
        (50, 50.0, "hann", 51, "constant"),
        (2, 10.0, "hann", None, False),
        (1, 10.0, "boxcar", None, False),
        (1, 10.0, "hann", 4, False),
        (200, 100.0, "blackman", 333, "constant"),
    ]
    cases = []
    for index, (n, fs, window, nfft, detrend) in enumerate(specs):
        seed = 2000 + index
        x = test_signal(n, fs, seed)
        f, p = scipy.signal.periodogram(
            x, fs=fs, window=window, nfft=nfft, detrend=detrend, scaling="spectrum", return_onesided=True)
        cases.append({
            "seed": seed, "sampleRate": fs, "window": window, "fftLength": nfft,
            "detrend": detrend if detrend else "none",
            "input": floats(x), "frequencies": floats(f), "power": floats(p),
        })
    write("periodogram", {"cases": cases})


def welch_fixture():
    signals = {
        "long50": (500, 50.0, 3001),
        "long100": (600, 100.0, 3002),
        "short50": (37, 50.0, 3003),
    }
    data = {name: test_signal(n, fs, seed) for name, (n, fs, seed) in signals.items()}
    specs = [
        # signal, fs, window, nperseg, noverlap, nfft, detrend, scaling
        ("long50", 50.0, "hann", None, None, None, "constant", "density"),  # all scipy defaults
        ("long100", 100.0, "hamming", 100, None, None, "constant", "spectrum"),
        ("long50", 50.0, "blackman", 64, 0, None, False, "density"),
        ("long100", 100.0, "boxcar", 60, 45, 128, "constant", "spectrum"),
        ("long50", 50.0, "hann", 1000, None, None, "constant", "density"),  # nperseg > len(x)
        ("long100", 100.0, "hann", 77, 10, 100, False, "density"),
        ("long50", 50.0, "blackman", 33, None, 65, "constant", "spectrum"),
        ("short50", 50.0, "hamming", 16, None, None, "constant", "density"),
        ("long100", 100.0, "boxcar", 127, 126, None, "constant", "density"),
        ("long50", 50.0, "hann", 128, 0, 256, False, "spectrum"),
        ("short50", 50.0, "boxcar", 1, None, None, False, "density"),
        ("short50", 50.0, "hann", 2, None, None, False, "spectrum"),
        ("short50", 50.0, "hann", 100, None, 64, "constant", "density"),  # shortened to 37, padded
        ("long100", 100.0, "hamming", 256, 200, 300, False, "density"),
    ]
    cases = []
    for signal, fs, window, nperseg, noverlap, nfft, detrend, scaling in specs:
        x = data[signal]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # scipy warns when it shortens nperseg
            f, p = scipy.signal.welch(
                x, fs=fs, window=window, nperseg=nperseg, noverlap=noverlap, nfft=nfft,
                detrend=detrend, scaling=scaling, return_onesided=True, average="mean")
        used = min(256 if nperseg is None else nperseg, len(x))
        overlap = used // 2 if noverlap is None else noverlap
        cases.append({
            "signal": signal, "sampleRate": fs, "window": window, "segmentLength": nperseg,
            "overlap": noverlap, "fftLength": nfft, "detrend": detrend if detrend else "none",
            "scaling": scaling, "expectedSegmentLength": used,
            "expectedSegmentCount": (len(x) - overlap) // (used - overlap),
            "frequencies": floats(f), "values": floats(p),
        })
    write("welch", {
        "signals": {name: {"seed": signals[name][2], "sampleRate": signals[name][1], "samples": floats(x)}
                    for name, x in data.items()},
        "cases": cases,
    })


if __name__ == "__main__":
    rfft_fixture()
    windows_fixture()
    periodogram_fixture()
    welch_fixture()
