#!/usr/bin/env python3
"""Reference implementation of Locomotion's default feature set in numpy, vectorised over windows.

It implements the definitions in docs/Features.md independently of the Swift code, so the
benchmark (`LocomotionBenchmarks --suite features`) can check that both give the same values
(within 1e-9 relative) and then time both on the same data.

Usage:
    features_reference.py INPUT OUTPUT --windows W --samples N --rate FS [--repeats R]

INPUT holds W*3*N little-endian float64 values: for each window, the x, y and z accelerations
(g). OUTPUT receives W rows of the 33 default features other than the gait ones (float64, NaN =
missing): the gait features (gait_step_count, gait_step_cadence, gait_autocorrelation_cadence,
gait_step_regularity, gait_stride_regularity) come from Locomotion's step detector, which has no
independent numpy implementation here, so the benchmark leaves them out of the comparison. Standard output
is one JSON line: {"seconds": median time of one pass over all windows, "features": names}.
Exit status 3 means numpy is not installed.
"""

import argparse
import json
import sys
import time

try:
    import numpy as np
except ImportError:  # the benchmark reports the column as skipped
    print("numpy is not installed")
    sys.exit(3)

EPSILON = np.finfo(np.float64).eps
GAIT_BAND = (0.6, 2.5)
POWER_BANDS = [(0.3, 3.0), (3.0, 10.0), (10.0, 25.0)]
NAMES = [
    "acc_mag_mean", "acc_mag_variance", "acc_mag_std", "acc_mag_rms", "acc_mag_min", "acc_mag_max",
    "acc_mag_range", "acc_mag_median", "acc_mag_iqr", "acc_mag_mad", "acc_mag_skewness", "acc_mag_kurtosis",
    "acc_mag_mean_crossing_rate", "acc_sma", "acc_corr_xy", "acc_corr_xz", "acc_corr_yz", "acc_mag_jerk_rms",
    "acc_mag_dominant_frequency", "acc_mag_gait_frequency", "acc_mag_gait_prominence", "acc_mag_spectral_entropy",
    "acc_mag_spectral_centroid", "acc_mag_spectral_flatness", "acc_mag_power_0p3_3hz", "acc_mag_power_3_10hz",
    "acc_mag_power_10_25hz", "gyro_mag_mean", "gyro_mag_std", "gps_speed", "gps_speed_valid", "gps_fix_age",
    "pedometer_cadence",
]


def is_constant(m2, mean):
    """A window is constant when its variance is at or below the rounding level of its mean."""
    return m2 <= (EPSILON * mean) ** 2


def correlation(a, b):
    da = a - a.mean(axis=1, keepdims=True)
    db = b - b.mean(axis=1, keepdims=True)
    saa = (da * da).sum(axis=1)
    sbb = (db * db).sum(axis=1)
    sab = (da * db).sum(axis=1)
    n = a.shape[1]
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.clip(sab / np.sqrt(saa * sbb), -1.0, 1.0)
    undefined = is_constant(saa / n, a.mean(axis=1)) | is_constant(sbb / n, b.mean(axis=1))
    return np.where(undefined, np.nan, r)


def mean_crossings(deviation):
    """Sign changes of the deviation from the mean, skipping samples exactly at the mean."""
    sign = np.sign(deviation)
    columns = np.arange(sign.shape[1])
    last_nonzero = np.maximum.accumulate(np.where(sign != 0, columns, 0), axis=1)
    filled = np.take_along_axis(sign, last_nonzero, axis=1)
    changes = (filled[:, 1:] != filled[:, :-1]) & (filled[:, 1:] != 0) & (filled[:, :-1] != 0)
    return changes.sum(axis=1)


def peak(power, candidates, frequencies, bin_width, band=None):
    """Strongest candidate bin (first on ties), refined by a parabola through the log powers."""
    rows = np.arange(power.shape[0])
    candidate_power = power[:, candidates]
    index = np.argmax(candidate_power, axis=1)
    k = candidates[index]
    peak_power = power[rows, k]
    has_neighbours = (k >= 1) & (k + 1 < power.shape[1])
    left = power[rows, np.maximum(k - 1, 0)]
    right = power[rows, np.minimum(k + 1, power.shape[1] - 1)]
    with np.errstate(divide="ignore", invalid="ignore"):
        l, c, r = np.log(left), np.log(peak_power), np.log(right)
        curvature = l - 2 * c + r
        offset = np.clip(0.5 * (l - r) / curvature, -0.5, 0.5)
    usable = has_neighbours & (left > 0) & (right > 0) & (curvature < 0)
    offset = np.where(usable, offset, 0.0)
    frequency = (k + offset) * bin_width
    if band is not None:
        frequency = np.clip(frequency, band[0], band[1])
    prominence = peak_power / (candidate_power.sum(axis=1) / len(candidates))
    missing = peak_power <= 0
    return np.where(missing, np.nan, frequency), np.where(missing, np.nan, prominence), k


def features(x, y, z, rate):
    windows, n = x.shape
    m = np.sqrt(x * x + y * y + z * z)
    mean = m.mean(axis=1)
    d = m - mean[:, None]
    m2 = (d * d).mean(axis=1)
    m3 = (d * d * d).mean(axis=1)
    m4 = (d * d * d * d).mean(axis=1)
    constant = is_constant(m2, mean)
    with np.errstate(divide="ignore", invalid="ignore"):
        skewness = np.where(constant, np.nan, m3 / m2**1.5)
        kurtosis = np.where(constant, np.nan, m4 / (m2 * m2) - 3)
    minimum, maximum = m.min(axis=1), m.max(axis=1)
    median = np.median(m, axis=1)
    q25, q75 = np.percentile(m, [25, 75], axis=1)
    mad = np.median(np.abs(m - median[:, None]), axis=1)
    crossing_rate = mean_crossings(d) / (n - 1) * rate
    sma = (np.abs(x) + np.abs(y) + np.abs(z)).mean(axis=1)
    jerk = np.sqrt(((np.diff(m, axis=1) * rate) ** 2).mean(axis=1))

    # One spectrum per window: mean removed, periodic Hann, one-sided power ("spectrum" scaling).
    hann = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n)
    detrended = m - m.mean(axis=1, keepdims=True)
    spectrum = np.fft.rfft(detrended * hann, axis=1)
    power = 2 * (spectrum.real**2 + spectrum.imag**2) / hann.sum() ** 2
    power[:, 0] *= 0.5
    if n % 2 == 0:
        power[:, -1] *= 0.5
    bins = power.shape[1]
    frequencies = np.arange(bins) * rate / n
    bin_width = rate / n
    nyquist = rate / 2
    above_dc = np.arange(1, bins)
    dominant, _, _ = peak(power, above_dc, frequencies, bin_width)
    gait_bins = np.nonzero((frequencies >= GAIT_BAND[0]) & (frequencies <= GAIT_BAND[1]))[0]
    gait_bins = gait_bins[gait_bins >= 1]
    gait, _, gait_bin = peak(power, gait_bins, frequencies, bin_width, GAIT_BAND)
    p = power[:, 1:]
    total = p.sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        prominence = power[np.arange(windows), gait_bin] / (total / p.shape[1])
    with np.errstate(divide="ignore", invalid="ignore"):
        log_p = np.log(p)
        p_log_p = np.where(p > 0, p * log_p, 0.0).sum(axis=1)
        entropy = np.clip((np.log(total) - p_log_p / total) / np.log(p.shape[1]), 0, 1)
        centroid = (frequencies[1:] * p).sum(axis=1) / total
        flatness = np.exp(log_p.sum(axis=1) / p.shape[1]) / (total / p.shape[1])
        fractions = []
        for low, high in POWER_BANDS:
            if low >= nyquist:
                fractions.append(np.full(windows, np.nan))
                continue
            mask = (frequencies[1:] >= low) & ((frequencies[1:] < high) | (high >= nyquist))
            fractions.append(p[:, mask].sum(axis=1) / total)
    undefined = constant | ~(total > 0)
    spectral = [dominant, gait, prominence, entropy, centroid, flatness] + fractions
    spectral = [np.where(undefined, np.nan, column) for column in spectral]
    missing = np.full(windows, np.nan)
    columns = [
        mean, m2, np.sqrt(m2), np.sqrt((m * m).mean(axis=1)), minimum, maximum, maximum - minimum, median,
        q75 - q25, mad, skewness, kurtosis, crossing_rate, sma, correlation(x, y), correlation(x, z),
        correlation(y, z), jerk,
    ] + spectral + [missing] * 6
    return np.column_stack(columns)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--windows", type=int, required=True)
    parser.add_argument("--samples", type=int, required=True)
    parser.add_argument("--rate", type=float, required=True)
    parser.add_argument("--repeats", type=int, default=7)
    arguments = parser.parse_args()
    data = np.fromfile(arguments.input, dtype="<f8").reshape(arguments.windows, 3, arguments.samples)
    x, y, z = (np.ascontiguousarray(data[:, axis, :]) for axis in range(3))
    result = features(x, y, z, arguments.rate)
    times = []
    for _ in range(arguments.repeats):
        start = time.perf_counter()
        features(x, y, z, arguments.rate)
        times.append(time.perf_counter() - start)
    times.sort()
    result.astype("<f8").tofile(arguments.output)
    print(json.dumps({"seconds": times[len(times) // 2], "features": NAMES}))


if __name__ == "__main__":
    main()
