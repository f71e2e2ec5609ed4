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
  statistics.json   numpy/scipy window statistics of seeded signals (normal, 1 g + noise, a
                    1e6 offset, lognormal, small integers with ties): mean, var (ddof 0 and 1),
                    std, min, max, ptp, median, percentile (linear) at several q, scipy.stats.iqr,
                    median_abs_deviation (scale 1), skew and kurtosis (biased, Fisher), RMS, sum
                    of squares, zero-/mean-crossing counts (Locomotion's definition, see below),
                    Pearson correlation pairs and a three-axis signal magnitude area. Each case
                    also holds its moments in exact rational arithmetic ("exact").
  butterworth.json  scipy.signal.butter(N, Wn, btype, fs=fs, output="sos") for orders 1-8 of
                    every btype, plus awkward cutoffs (near 0 and Nyquist, wide bands whose
                    poles are real); for a subset, sosfilt_zi, sosfilt and sosfiltfilt (default
                    padding and explicit padlen) of a seeded gait-like signal.
  peaks.json        scipy.signal.find_peaks(x, height, threshold, distance, prominence) with the
                    properties it returns, on seeded signals: white noise, smoothed noise,
                    quantised smoothed noise (plateaus and equal heights), a step-like gait
                    signal. Under `distance`, scipy visits equal heights in numpy's default
                    argsort order, which is not stable and differs between CPUs; the expected
                    indices ("indices") therefore come from scipy's own distance selection
                    (the private _select_by_peak_distance) with ties ranked stably (the later
                    peak first), Locomotion's documented rule; "scipyIndices" is what
                    find_peaks returned on the generating machine, and the script asserts the
                    two agree wherever no conflicting peaks share a height.

Every random input comes from numpy.random.default_rng(seed) with the seed stored in the
fixture, so the files are reproducible. Floats are written with Python's shortest round-trip
repr, so Swift's JSONDecoder reads back the exact doubles numpy produced.

How to rerun (from the package root):

    python3 Tests/LocomotionDSPTests/Fixtures/generate.py

The tests read the JSON files only; rerunning is needed only when cases change. Versions used
to generate the committed files: Python 3, numpy 2.4.6, scipy 1.17.1 (recorded in each file's
"generator" field as well).
"""

import decimal
import fractions
import json
import os
import sys
import warnings

import numpy as np
import scipy
import scipy.signal
import scipy.stats

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


def nullable(value):
    """A float, or None (JSON null) for NaN: scipy's marker of an undefined statistic."""
    value = float(value)
    return None if np.isnan(value) else value


def crossings(x, level=0.0):
    """Sign changes between consecutive nonzero values of x - level (zeros take no side).

    This is Locomotion's documented definition (numpy has no zero-crossing function)."""
    signs = np.sign(np.asarray(x) - level)
    signs = signs[signs != 0]
    return int(np.count_nonzero(signs[1:] != signs[:-1]))


def exact_moments(x):
    """Mean, population variance, skewness and excess kurtosis of the doubles in x, computed in
    exact rational arithmetic (roots to 40 digits), then rounded once to double. numpy and scipy
    round at every step; on a window with a large offset their skewness is off by ~1e-8."""
    decimal.getcontext().prec = 40
    values = [fractions.Fraction(v) for v in x]
    n = len(values)
    mean = sum(values) / n
    m2, m3, m4 = (sum((v - mean) ** k for v in values) / n for k in (2, 3, 4))

    def dec(f):
        return decimal.Decimal(f.numerator) / decimal.Decimal(f.denominator)

    exact = {"mean": float(mean), "variance": float(m2), "skewness": None, "kurtosis": None}
    if m2 > 0:
        exact["skewness"] = float(dec(m3) / dec(m2) ** decimal.Decimal("1.5"))
        exact["kurtosis"] = float(m4 / m2 ** 2 - 3)
    return exact


def statistics_fixture():
    percentages = [0.0, 1.0, 5.0, 10.0, 25.0, 33.3, 50.0, 62.5, 75.0, 90.0, 99.0, 100.0]
    specs = [
        # name, kind, length, seed
        ("normal-1", "normal", 1, 4001), ("normal-2", "normal", 2, 4002), ("normal-3", "normal", 3, 4003),
        ("normal-7", "normal", 7, 4004), ("normal-50", "normal", 50, 4005), ("normal-128", "normal", 128, 4006),
        ("normal-1000", "normal", 1000, 4007),
        ("gravity-50", "gravity", 50, 4010), ("gravity-256", "gravity", 256, 4011),
        ("offset-100", "offset", 100, 4020),
        ("lognormal-64", "lognormal", 64, 4030), ("lognormal-301", "lognormal", 301, 4031),
        ("integers-10", "integers", 10, 4040), ("integers-51", "integers", 51, 4041),
        ("integers-200", "integers", 200, 4042),
        ("constant-9", "constant", 9, 0),
    ]
    cases = []
    for name, kind, n, seed in specs:
        rng = np.random.default_rng(seed)
        x = {
            "normal": lambda: rng.standard_normal(n),
            "gravity": lambda: 1.0 + 0.01 * rng.standard_normal(n),  # 1 g plus 10 mg of noise
            "offset": lambda: 1e6 + rng.standard_normal(n),
            "lognormal": lambda: rng.lognormal(0.0, 0.8, n),
            "integers": lambda: rng.integers(-3, 4, n).astype(np.float64),
            "constant": lambda: np.full(n, 0.1),
        }[kind]()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # scipy warns about constant input
            skew = scipy.stats.skew(x)
            kurtosis = scipy.stats.kurtosis(x)
        cases.append({
            "name": name, "seed": seed, "samples": floats(x),
            "mean": float(np.mean(x)), "variance": float(np.var(x)),
            "sampleVariance": nullable(np.var(x, ddof=1)) if n > 1 else None,
            "standardDeviation": float(np.std(x)), "minimum": float(np.min(x)), "maximum": float(np.max(x)),
            "range": float(np.ptp(x)), "median": float(np.median(x)),
            "percentiles": floats(np.percentile(x, percentages)),
            "interquartileRange": float(scipy.stats.iqr(x)),
            "medianAbsoluteDeviation": float(scipy.stats.median_abs_deviation(x)),
            "skewness": nullable(skew), "kurtosis": nullable(kurtosis),
            "rootMeanSquare": float(np.sqrt(np.mean(x * x))), "energy": float(np.sum(x * x)),
            "zeroCrossings": crossings(x), "meanCrossings": crossings(x, np.mean(x)),
            "exact": exact_moments(x),
        })
    pairs = []
    for index, (n, slope, noise) in enumerate([(2, 1.0, 0.5), (50, 0.8, 0.5), (128, -2.0, 3.0), (300, 0.1, 1.0)]):
        seed = 4100 + index
        rng = np.random.default_rng(seed)
        x = 1.0 + rng.standard_normal(n)
        y = slope * x + noise * rng.standard_normal(n)
        pairs.append({"seed": seed, "x": floats(x), "y": floats(y), "correlation": float(np.corrcoef(x, y)[0, 1]),
                      "pearsonr": float(scipy.stats.pearsonr(x, y)[0])})
    rng = np.random.default_rng(4200)
    axes = 0.3 * rng.standard_normal((3, 50)) + np.array([[0.0], [0.0], [1.0]])
    sma = {"seed": 4200, "x": floats(axes[0]), "y": floats(axes[1]), "z": floats(axes[2]),
           "signalMagnitudeArea": float(np.mean(np.abs(axes[0]) + np.abs(axes[1]) + np.abs(axes[2])))}
    write("statistics", {"percentages": percentages, "cases": cases, "correlations": pairs,
                         "signalMagnitudeArea": sma})


def gait_signal(n, fs, seed):
    """1 g, a 1.8 Hz gait oscillation with a harmonic, a 7 Hz buzz, a slow drift and noise."""
    rng = np.random.default_rng(seed)
    t = np.arange(n) / fs
    return (1.0 + 0.25 * np.sin(2 * np.pi * 1.8 * t) + 0.08 * np.sin(2 * np.pi * 3.6 * t + 1.0)
            + 0.05 * np.sin(2 * np.pi * 7.0 * t) + 0.02 * t + 0.03 * rng.standard_normal(n))


def butterworth_fixture():
    bands = {"lowpass": [5.0], "highpass": [0.5], "bandpass": [0.6, 2.5], "bandstop": [8.0, 12.0]}
    specs = [(order, btype, edges, 50.0) for order in range(1, 9) for btype, edges in bands.items()]
    specs += [
        (3, "lowpass", [20.0], 50.0), (5, "lowpass", [24.0], 50.0), (6, "lowpass", [24.5], 50.0),
        (4, "lowpass", [0.3], 100.0), (3, "highpass", [40.0], 100.0), (8, "highpass", [0.1], 50.0),
        (3, "bandpass", [0.5, 20.0], 50.0), (5, "bandpass", [0.3, 22.0], 50.0),
        (7, "bandpass", [5.0, 20.0], 50.0), (3, "bandstop", [1.0, 20.0], 50.0),
        (4, "bandstop", [0.2, 24.0], 50.0), (2, "bandpass", [1.0, 1.2], 50.0),
    ]
    filtered = {  # designs (by index into specs) whose filtering is recorded, with padlen cases
        (4, "lowpass", (5.0,), 50.0): [None], (2, "highpass", (0.5,), 50.0): [None],
        (3, "bandpass", (0.6, 2.5), 50.0): [None, 0, 10], (2, "bandstop", (8.0, 12.0), 50.0): [None],
        (8, "lowpass", (5.0,), 50.0): [None], (1, "lowpass", (5.0,), 50.0): [None, 3],
        (3, "lowpass", (20.0,), 50.0): [None], (7, "highpass", (0.5,), 50.0): [None],
        (7, "bandpass", (5.0, 20.0), 50.0): [None],
    }
    signal = gait_signal(160, 50.0, 5001)
    designs = []
    for order, btype, edges, fs in specs:
        wn = edges[0] if len(edges) == 1 else edges
        sos = scipy.signal.butter(order, wn, btype=btype, fs=fs, output="sos")
        # Edges symmetric about fs/4 (tan(pi f1/fs) tan(pi f2/fs) = 1) give mirror-image pole
        # pairs equally far from the unit circle: which pairs first is decided by rounding.
        _, poles, _ = scipy.signal.butter(order, wn, btype=btype, fs=fs, output="zpk")
        upper = poles[poles.imag >= 0]
        distance = np.abs(1 - np.abs(upper))
        ties = any(abs(distance[i] - distance[j]) <= 1e-12 for i in range(len(upper)) for j in range(i))
        design = {"order": order, "btype": btype, "edges": edges, "sampleRate": fs,
                  "sos": [floats(row) for row in sos], "tiedPoles": bool(ties)}
        padlens = filtered.get((order, btype, tuple(edges), fs))
        if padlens is not None:
            design["steadyState"] = floats(scipy.signal.sosfilt_zi(sos))
            design["sosfilt"] = floats(scipy.signal.sosfilt(sos, signal))
            design["sosfiltfilt"] = [
                {"padlen": padlen, "output": floats(scipy.signal.sosfiltfilt(sos, signal, padlen=padlen))}
                for padlen in padlens]
        designs.append(design)
    write("butterworth", {"signal": {"seed": 5001, "sampleRate": 50.0, "samples": floats(signal)},
                          "designs": designs})


def stable_distance_selection(x, peaks, distance):
    """scipy's distance selection with equal heights ranked stably (the later peak first)."""
    from scipy.signal._peak_finding_utils import _select_by_peak_distance
    rank = np.empty(len(peaks), dtype=np.float64)
    rank[np.argsort(x[peaks], kind="stable")] = np.arange(len(peaks))
    return _select_by_peak_distance(peaks, rank, np.float64(distance))


def peaks_fixture():
    rng = np.random.default_rng(6001)
    white = rng.standard_normal(300)
    smooth = np.convolve(rng.standard_normal(320), np.hanning(9) / 4, mode="valid")[:300]
    plateaus = np.round(np.convolve(rng.standard_normal(320), np.hanning(7) / 3, mode="valid")[:300] * 4) / 4
    t = np.arange(300) / 50.0
    gait = (1.0 + 0.3 * np.maximum(np.sin(2 * np.pi * 1.9 * t), 0) ** 3 + 0.08 * np.sin(2 * np.pi * 3.8 * t)
            + 0.03 * rng.standard_normal(300))
    signals = {"white": white, "smooth": smooth, "plateaus": plateaus, "gait": gait}
    none = (None, None)
    specs = [
        # signal, height, threshold, distance, prominence
        ("white", None, None, None, None), ("white", 0.5, None, None, None), ("white", (0.0, 1.5), None, None, None),
        ("white", None, 0.3, None, None), ("white", None, (0.1, 1.0), None, None), ("white", None, None, 5, None),
        ("white", None, None, 12.5, None), ("white", None, None, None, 1.0), ("white", None, None, None, (0.5, 2.0)),
        ("white", 0.2, 0.05, 4, 0.5), ("white", None, None, None, none), ("white", (None, 0.0), None, None, None),
        ("smooth", None, None, None, none), ("smooth", None, None, 20, 0.1), ("smooth", -0.2, None, 7.2, None),
        ("plateaus", None, None, None, none), ("plateaus", 0.0, 0.0, None, None), ("plateaus", None, None, 3, None),
        ("plateaus", None, None, 6, 0.25), ("plateaus", 0.25, None, 11, None), ("plateaus", None, (None, 0.0), None, None),
        ("gait", 1.1, None, 13, 0.05), ("gait", None, None, 12.5, none), ("gait", (1.05, 1.5), 0.0, None, 0.1),
    ]
    cases = []
    for signal, height, threshold, distance, prominence in specs:
        x = signals[signal]
        peaks, properties = scipy.signal.find_peaks(
            x, height=height, threshold=threshold, distance=distance, prominence=prominence)
        expected, _ = scipy.signal.find_peaks(x, height=height, threshold=threshold, prominence=None)
        case = {"signal": signal, "height": height, "threshold": threshold, "distance": distance,
                "prominence": prominence, "scipyIndices": [int(i) for i in peaks]}
        if distance is not None:
            # Redo the distance step with stable tie ranking, then the prominence step.
            kept = expected[stable_distance_selection(x, expected, distance)]
            if prominence is not None:
                prominences = scipy.signal.peak_prominences(x, kept)[0]
                lo, hi = prominence if isinstance(prominence, tuple) else (prominence, None)
                kept = kept[(prominences >= (lo if lo is not None else -np.inf))
                            & (prominences <= (hi if hi is not None else np.inf))]
            heights = x[expected]
            conflict = any(heights[i] == heights[j] and abs(expected[i] - expected[j]) < np.ceil(distance)
                           for i in range(len(expected)) for j in range(i))
            if not conflict:
                assert np.array_equal(kept, peaks), f"stable rule differs from scipy without ties: {case}"
            case["equalHeightConflicts"] = bool(conflict)
            peaks = kept
            properties = {}
            if height is not None:
                properties["peak_heights"] = x[peaks]
            if threshold is not None:
                properties["left_thresholds"] = x[peaks] - x[peaks - 1]
                properties["right_thresholds"] = x[peaks] - x[peaks + 1]
            if prominence is not None:
                prom, left, right = scipy.signal.peak_prominences(x, peaks)
                properties.update({"prominences": prom, "left_bases": left, "right_bases": right})
        case["indices"] = [int(i) for i in peaks]
        for key in ["peak_heights", "left_thresholds", "right_thresholds", "prominences"]:
            if key in properties:
                case[key] = floats(properties[key])
        for key in ["left_bases", "right_bases"]:
            if key in properties:
                case[key] = [int(i) for i in properties[key]]
        cases.append(case)
    write("peaks", {"signals": {name: floats(x) for name, x in signals.items()}, "seed": 6001, "cases": cases})


if __name__ == "__main__":
    rfft_fixture()
    windows_fixture()
    periodogram_fixture()
    welch_fixture()
    statistics_fixture()
    butterworth_fixture()
    peaks_fixture()
