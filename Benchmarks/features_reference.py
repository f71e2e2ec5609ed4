#!/usr/bin/env python3
"""Reference implementation of Locomotion's default feature set in numpy, vectorised over windows.

It implements the definitions in docs/Features.md independently of the Swift code, so the
benchmark (`LocomotionBenchmarks --suite features`) can check that both give the same values
(within 1e-9 relative) and then time both on the same data.

Usage:
    features_reference.py INPUT OUTPUT --windows W --samples N --rate FS [--repeats R]

INPUT holds W*3*N little-endian float64 values: for each window, the x, y and z accelerations
(g). OUTPUT receives W rows of the 38 default features (float64, NaN = missing), in the schema's
order. Standard output is one JSON line: {"seconds": median time of one pass over all windows,
"secondsWithoutGait": the same without the five gait features, "features": names}. Exit status 3
means numpy is not installed.

The gait features follow docs/Features.md ("Gait features") and docs/Algorithms.md ("Step
detection"): the low-pass filter runs sample by sample, vectorised over the windows; the
autocorrelation, gates, local maxima, spacing and prominence rules are vectorised over windows and
lags or samples; only the bout rule, a sequential walk over each window's few candidate peaks,
is a Python loop per window, as numpy has no way to vectorise it.
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
# The step detector's defaults (StepDetectorConfiguration).
LOW_PASS_CUTOFF = 3.0
MINIMUM_STEP_INTERVAL = 0.25
STEP_PERIOD_SPACING = 0.0  # the spacing as a fraction of a periodic window's step lag (off by default)
PROMINENCE_WINDOW = 0.6
MINIMUM_PROMINENCE, WEAK_MINIMUM_PROMINENCE = 0.05, 0.03  # g
MINIMUM_SPREAD = 0.04  # g: a strong candidate's window moves the body
RELATIVE_PROMINENCE, WEAK_PROMINENCE = 1.0, 0.4
MINIMUM_REGULARITY, WEAK_REGULARITY = 0.5, 0.2
STEP_PERIODS = (0.25, 1.25)
MAXIMUM_ROUGHNESS = 1.8
VIGOROUS_SPREAD, VIGOROUS_ROUGHNESS = 0.08, 3.0  # a context moving this much (g) may be this rough
MINIMUM_RUN_LENGTH, MINIMUM_STRONG_STEPS = 4, 4
MAXIMUM_STEP_INTERVAL = 1.6
MAXIMUM_INTERVAL_RATIO = 2.0
CLOSING_STEP_INTERVAL = 1.6
GAIT_BAND = (0.6, 2.5)
POWER_BANDS = [(0.3, 3.0), (3.0, 10.0), (10.0, 25.0)]
NAMES = [
    "acc_mag_mean", "acc_mag_variance", "acc_mag_std", "acc_mag_rms", "acc_mag_min", "acc_mag_max",
    "acc_mag_range", "acc_mag_median", "acc_mag_iqr", "acc_mag_mad", "acc_mag_skewness", "acc_mag_kurtosis",
    "acc_mag_mean_crossing_rate", "acc_sma", "acc_corr_xy", "acc_corr_xz", "acc_corr_yz", "acc_mag_jerk_rms",
    "acc_mag_dominant_frequency", "acc_mag_gait_frequency", "acc_mag_gait_prominence", "acc_mag_spectral_entropy",
    "acc_mag_spectral_centroid", "acc_mag_spectral_flatness", "acc_mag_power_0p3_3hz", "acc_mag_power_3_10hz",
    "acc_mag_power_10_25hz", "gait_step_count", "gait_step_cadence", "gait_autocorrelation_cadence",
    "gait_step_regularity", "gait_stride_regularity", "acc_gravity_sway", "acc_gravity_step_correlation", "gyro_mag_mean", "gyro_mag_std", "gps_speed", "gps_speed_valid", "gps_fix_age",
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


def rounded(value):
    """Swift's `.rounded()`: halves away from zero (Python's round() rounds them to even)."""
    return int(np.floor(value + 0.5)) if value >= 0 else -int(np.floor(-value + 0.5))


def snapped(samples):
    """wholeSamples's snap of a sample count to a millionth of a sample, before it is rounded."""
    return np.round(np.asarray(samples, dtype=float) * 1e6) / 1e6


def low_pass(m, rate):
    """2nd-order Butterworth low-pass (bilinear transform), started at the first sample's steady state."""
    k = np.tan(np.pi * min(LOW_PASS_CUTOFF, 0.4 * rate) / rate)
    norm = 1 / (1 + np.sqrt(2) * k + k * k)
    b0 = k * k * norm
    b1, b2 = 2 * b0, b0
    a1 = 2 * (k * k - 1) * norm
    a2 = (1 - np.sqrt(2) * k + k * k) * norm
    gain = (b0 + b1 + b2) / (1 + a1 + a2)
    out = np.empty_like(m)
    x1 = x2 = m[:, 0]
    y1 = y2 = m[:, 0] * gain
    for i in range(m.shape[1]):
        xi = m[:, i]
        yi = b0 * xi + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        out[:, i] = yi
        x1, x2, y1, y2 = xi, x1, yi, y1
    return out


def sliding(values, width, fill, reduce, before):
    """reduce() over the `width` samples before (or after) each sample, padded with `fill`."""
    windows, n = values.shape
    padded = np.full((windows, n + width), fill)
    if before:
        padded[:, width:] = values
        view = np.lib.stride_tricks.sliding_window_view(padded[:, :n - 1 + width], width, axis=1)
    else:
        padded[:, :n] = values
        view = np.lib.stride_tricks.sliding_window_view(padded[:, 1:], width, axis=1)
    return reduce(view, axis=2)[:, :n]


def gait_features(m, rate, constant):
    """Steps, cadence, autocorrelation cadence and step/stride regularity of each window."""
    windows, n = m.shape
    f = low_pass(m, rate)
    spread = f.std(axis=1)
    residual = m - f
    roughness = residual.std(axis=1)
    # The normalised autocorrelation of the low-passed window at every lag up to 2n/3.
    d = f - f.mean(axis=1, keepdims=True)
    length = 1
    while length < n + n * 2 // 3 + 1:
        length *= 2
    spectrum = np.fft.rfft(d, length, axis=1)
    cross = np.fft.irfft(spectrum.real**2 + spectrum.imag**2, length, axis=1)
    energies = np.concatenate([np.zeros((windows, 1)), np.cumsum(d * d, axis=1)], axis=1)
    last_lag = min(n * 2 // 3, n - 1)
    lags = np.arange(last_lag + 1)
    overlap = np.sqrt(energies[:, n - lags] * (energies[:, [n]] - energies[:, lags]))
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(overlap > 0, cross[:, : last_lag + 1] / overlap, 0.0)
    # Autocorrelation cadence and regularity (GaitRegularity's rules).
    step_lower = max(1, rounded(snapped(STEP_PERIODS[0] * rate)))
    step_upper = max(step_lower, rounded(snapped(STEP_PERIODS[1] * rate)))
    upper = min(n * 2 // 3, n - 1, int(2 * step_upper * 1.15) + 1)
    rows = np.arange(windows)
    cadence = np.full(windows, np.nan)
    step_regularity = np.full(windows, np.nan)
    stride_regularity = np.full(windows, np.nan)
    if upper >= step_lower + 1:
        lag_index = np.arange(upper + 1)

        step, found = step_lag(r, upper, step_lower, step_upper)
        a, b, c = r[rows, step - 1], r[rows, step], r[rows, step + 1]
        curvature = a - 2 * b + c
        with np.errstate(divide="ignore", invalid="ignore"):
            refined = step + np.where(curvature < 0, 0.5 * (a - c) / curvature, 0.0)
        cadence = np.where(found, rate / refined, np.nan)
        step_regularity = np.where(found, b, np.nan)
        stride_low = (2 * step * 0.85).astype(int)
        stride_high = np.ceil(2 * step * 1.15).astype(int)
        in_stride = (lag_index >= stride_low[:, None]) & (lag_index <= stride_high[:, None])
        stride = np.where(in_stride, r[:, : upper + 1], -np.inf).max(axis=1)
        stride_regularity = np.where(found & (stride_high <= upper), stride, np.nan)
    # A constant magnitude has no autocorrelation shape.
    cadence, step_regularity, stride_regularity = (
        np.where(constant, np.nan, column) for column in (cadence, step_regularity, stride_regularity)
    )
    # The window-wide gates.
    gate_upper = min(step_upper, n // 2)
    periodicity = r[:, step_lower : gate_upper + 1].max(axis=1) if gate_upper >= step_lower else np.full(windows, -1.0)
    # Periodic at a step period (weakly at least), and not dominated by vibration (a vigorously
    # moving window may be rougher).
    walking = (spread > 0) & (periodicity >= min(MINIMUM_REGULARITY, WEAK_REGULARITY))
    walking &= (roughness <= MAXIMUM_ROUGHNESS * spread) | (
        (spread >= VIGOROUS_SPREAD) & (roughness <= VIGOROUS_ROUGHNESS * spread))
    # Candidates: local maxima higher than the samples up to the spacing before, at least as
    # high as those after, with their prominence over the lowest points within the reach. The
    # spacing widens to STEP_PERIOD_SPACING step lags in a window periodic at its step lag.
    spacing = np.full(windows, max(1, int(np.ceil(snapped(MINIMUM_STEP_INTERVAL * rate)))))
    lag_upper = min(gate_upper + 1, n * 2 // 3, n - 1)
    if STEP_PERIOD_SPACING > 0 and lag_upper > gate_upper:
        lag, has_lag = step_lag(r, lag_upper, step_lower, step_upper)
        clear = has_lag & (r[rows, lag] >= MINIMUM_REGULARITY)
        spacing = np.where(clear, np.maximum(spacing, np.ceil(snapped(STEP_PERIOD_SPACING * lag)).astype(int)), spacing)
    reach = max(1, rounded(snapped(PROMINENCE_WINDOW * rate)))
    candidate = np.zeros((windows, n), dtype=bool)
    for width in np.unique(spacing):
        chosen = spacing == width
        before = sliding(f[chosen], int(width), -np.inf, np.max, True)
        after = sliding(f[chosen], int(width), -np.inf, np.max, False)
        candidate[chosen] = (before < f[chosen]) & (after <= f[chosen])
    candidate[:, 0] = candidate[:, -1] = False
    left_low = np.minimum(sliding(f, reach, np.inf, np.min, True), f)
    right_low = np.minimum(sliding(f, reach, np.inf, np.min, False), f)
    prominence = f - np.maximum(left_low, right_low)
    # The amplitude rule, strong and weak: an absolute floor and a multiple of the window's spread.
    strong_amplitude = (prominence >= MINIMUM_PROMINENCE) & (prominence >= RELATIVE_PROMINENCE * spread[:, None])
    weak_amplitude = (prominence >= WEAK_MINIMUM_PROMINENCE) & (prominence >= WEAK_PROMINENCE * spread[:, None])
    candidate &= strong_amplitude | weak_amplitude
    # A window periodic only at the weak level has weak candidates only.
    strong = ((periodicity >= MINIMUM_REGULARITY) & (spread >= MINIMUM_SPREAD))[:, None] & strong_amplitude
    counts = np.zeros(windows)
    step_cadence = np.full(windows, np.nan)
    for w in np.nonzero(walking)[0]:
        counts[w], step_cadence[w] = bout_rule(np.nonzero(candidate[w])[0], strong[w], rate)
    return [counts, step_cadence, cadence, step_regularity, stride_regularity]


def step_lag(r, upper, step_lower, step_upper):
    """GaitRegularity's step lag per window from the autocorrelation r (valid through upper): the
    highest interior local maximum among the step lags below upper, or a local maximum near half
    of it (+-15 %) reaching 0.3 of its height. Returns the lags (step_lower where none) and
    whether one was found."""
    windows = r.shape[0]
    rows = np.arange(windows)
    k = np.arange(1, upper)
    is_peak = np.zeros((windows, upper + 1), dtype=bool)
    is_peak[:, 1:upper] = (r[:, k] >= r[:, k - 1]) & (r[:, k] > r[:, k + 1])
    lag_index = np.arange(upper + 1)

    def best_peak(low, high):
        """The first highest interior peak within [low, high] per window (-1 when none)."""
        mask = is_peak & (lag_index >= low[:, None]) & (lag_index <= high[:, None])
        scores = np.where(mask, r[:, : upper + 1], -np.inf)
        best = np.argmax(scores, axis=1)
        return np.where(mask.any(axis=1), best, -1)

    step = best_peak(np.full(windows, step_lower), np.full(windows, min(step_upper, upper - 1)))
    found = step >= 0
    safe = np.where(found, step, step_lower)
    half_low = np.floor(safe / 2 * 0.85).astype(int)
    half_high = np.ceil(safe / 2 * 1.15).astype(int)
    half = best_peak(half_low, half_high)
    use_half = found & (half_low >= step_lower) & (half >= 0)
    use_half &= r[rows, np.maximum(half, 0)] >= 0.3 * r[rows, safe]
    return np.where(use_half, half, safe), found


def bout_rule(positions, strong, rate):
    """Steps among the candidate sample indices: runs of regular intervals holding enough candidates,
    enough of them strong, each confirmed run closed by at most one slower last step."""
    steps, first, last = 0, 0, 0
    pending_start, strength, total, confirmed = 0, 0, 0, False
    last_candidate, last_interval, last_strong = None, None, False
    limit = 4 * MINIMUM_RUN_LENGTH + 16
    for number, index in enumerate(positions):
        if last_candidate is not None and index - last_candidate <= MAXIMUM_STEP_INTERVAL * rate * (1 + 1e-9):
            interval = index - last_candidate
            if last_interval is not None and (
                interval > MAXIMUM_INTERVAL_RATIO * last_interval or last_interval > MAXIMUM_INTERVAL_RATIO * interval
            ):
                if (
                    confirmed
                    and interval > MAXIMUM_INTERVAL_RATIO * last_interval
                    and interval <= CLOSING_STEP_INTERVAL * rate * (1 + 1e-9)
                ):
                    # The closing step: a step, and the run ends with it.
                    steps += 1
                    last = index
                    pending_start, strength, total, confirmed, last_interval = number + 1, 0, 0, False, None
                    last_candidate, last_strong = index, bool(strong[index])
                    continue
                pending_start = number if confirmed else number - 1
                strength = 1 if (not confirmed and last_strong) else 0
                total = 0 if confirmed else 1
                confirmed = False
            last_interval = interval
        else:
            pending_start, strength, total, confirmed, last_interval = number, 0, 0, False, None
        if strong[index]:
            strength += 1
        total += 1
        if confirmed:
            steps += 1
            last = index
        elif strength >= min(MINIMUM_STRONG_STEPS, MINIMUM_RUN_LENGTH) and total >= MINIMUM_RUN_LENGTH:
            if steps == 0:
                first = positions[pending_start]
            steps += number - pending_start + 1
            last = index
            confirmed = True
        elif number - pending_start + 1 > limit:
            pending_start += 1
        last_candidate, last_strong = index, bool(strong[index])
    cadence = (steps - 1) * rate / (last - first) if steps >= 2 and last > first else np.nan
    return steps, cadence


GRAVITY_SMOOTHING = 0.25  # s, the centred moving average over each axis
SWAY_QUANTILE = 0.95
LAG_TOLERANCE = 0.1  # the lags searched around the step lag, as a fraction of it


def gravity_rotation(x, y, z, rate, cadence):
    """acc_gravity_sway and acc_gravity_step_correlation: gravity's direction (each axis averaged over
    0.25 s, centred, within the window) and its angle from the window's mean direction (95th percentile);
    its swing along the main axis of the directions' spread and that swing's normalised autocorrelation
    at the magnitude's step lag (the largest within +-10 %, scaled by n / (n - lag))."""
    windows, n = x.shape
    half = int(GRAVITY_SMOOTHING * rate) // 2
    lo = np.maximum(np.arange(n) - half, 0)
    hi = np.minimum(np.arange(n) + half + 1, n)

    def smoothed(a):
        c = np.concatenate([np.zeros((windows, 1)), np.cumsum(a, axis=1)], axis=1)
        return c[:, hi] - c[:, lo]

    u = np.stack([smoothed(x), smoothed(y), smoothed(z)], axis=2)  # windows x n x 3
    with np.errstate(divide="ignore", invalid="ignore"):
        u = u / np.linalg.norm(u, axis=2, keepdims=True)
        mean = u.mean(axis=1)
        cosine = np.einsum("wnk,wk->wn", u, mean) / np.linalg.norm(mean, axis=1)[:, None]
    angles = np.degrees(np.arccos(np.clip(cosine, -1, 1)))
    sway = np.percentile(angles, 100 * SWAY_QUANTILE, axis=1)
    d = u - mean[:, None, :]
    covariance = np.einsum("wni,wnj->wij", d, d)
    # power iteration from the row with the largest diagonal, as the Swift side
    start = np.argmax(np.diagonal(covariance, axis1=1, axis2=2), axis=1)
    axis = covariance[np.arange(windows), start]
    with np.errstate(divide="ignore", invalid="ignore"):
        for _ in range(50):
            axis = np.einsum("wij,wj->wi", covariance, axis)
            axis = axis / np.linalg.norm(axis, axis=1, keepdims=True)
    swing = np.einsum("wnk,wk->wn", d, axis)
    energy = (swing * swing).sum(axis=1)
    correlation = np.full(windows, np.nan)
    for w in np.nonzero(np.isfinite(cadence) & (cadence > 0) & (energy > 0))[0]:
        lag = rate / cadence[w]
        first, last = max(1, int(np.floor(lag * (1 - LAG_TOLERANCE)))), min(n - 1, int(np.ceil(lag * (1 + LAG_TOLERANCE))))
        if first > last:
            continue
        correlation[w] = max((swing[w, :n - k] * swing[w, k:]).sum() / energy[w] * n / (n - k)
                             for k in range(first, last + 1))
    invalid = ~np.isfinite(x).all(axis=1) | ~np.isfinite(y).all(axis=1) | ~np.isfinite(z).all(axis=1)
    return [np.where(invalid, np.nan, sway), np.where(invalid, np.nan, correlation)]


def features(x, y, z, rate, with_gait=True):
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
    ] + spectral
    gait = gait_features(m, rate, constant) if with_gait else [missing] * 5
    columns += gait + gravity_rotation(x, y, z, rate, gait[2]) + [missing] * 6
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

    def median_seconds(with_gait):
        times = []
        for _ in range(arguments.repeats):
            start = time.perf_counter()
            features(x, y, z, arguments.rate, with_gait)
            times.append(time.perf_counter() - start)
        return sorted(times)[len(times) // 2]

    seconds, without_gait = median_seconds(True), median_seconds(False)
    result.astype("<f8").tofile(arguments.output)
    print(json.dumps({"seconds": seconds, "secondsWithoutGait": without_gait, "features": NAMES}))


if __name__ == "__main__":
    main()
