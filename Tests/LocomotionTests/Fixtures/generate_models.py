#!/usr/bin/env python3
"""Reference fixtures for the linear probabilistic models (Sources/Locomotion/Classification/Models):
GaussianNaiveBayes against scikit-learn's GaussianNB and LogisticRegression against scikit-learn's
LogisticRegression (multinomial loss, lbfgs) on StandardScaler-transformed data.

What it writes (next to this script, in Tests/LocomotionTests/Fixtures/):

  models_linear.json  Two seeded datasets of 4 classes and 6 features (feature-like columns of
                      different units and scales: a variance in g^2, a frequency in Hz, a speed in
                      m/s, ...), 200 training rows and 40 test rows each. Values are rounded to
                      4 decimals so the file stays small; the rounded values are the inputs.

    "complete"   No missing values. Cases:
      nb-raw          GaussianNB() fit on the raw rows; predict_proba of the raw test rows.
      nb-standardised GaussianNB() fit on StandardScaler().fit_transform(train); the scaled
                      rows are stored ("trainStandardised", "testStandardised") and are the
                      Swift input too.
      lr-c1           make_pipeline(StandardScaler(), LogisticRegression(C=1.0, solver="lbfgs",
                      tol=1e-10, max_iter=10000)) on the raw rows (scikit-learn >= 1.5 uses the
                      multinomial loss for more than two classes with lbfgs). Each LR case
                      records sklearn's iteration count and the largest partial derivative of the
                      row-averaged objective at its solution ("sklearnGradientNorm", about 1e-8:
                      sklearn's lbfgs also stops on a relative decrease of 64 eps), which bounds
                      how closely any solver can be expected to agree with it (about 1e-7).
      lr-c0.05        The same with C=0.05 (a strong penalty).

    "missing"    About 8 % of the training values missing (null in the file, NaN in Swift), one
                 constant column (0.5), some test rows with missing values and one test row
                 with every value missing. Cases:
      nb-missing      scikit-learn's GaussianNB refuses NaN, so this is a numpy reference of
                      Locomotion's documented semantics, written independently below: per class
                      and feature, the mean and population variance of the non-missing values;
                      epsilon = var_smoothing * max over features of the variance of the
                      non-missing values of the whole column; priors = class frequencies; at
                      prediction a missing feature is left out of the sum of log densities.
                      The reference is checked against GaussianNB on the complete dataset.
      lr-missing      make_pipeline(StandardScaler(), SimpleImputer(strategy="constant",
                      fill_value=0), LogisticRegression(C=1.0, ...)): the scaler ignores NaN
                      when it fits (the mean and standard deviation of the non-missing values)
                      and the imputer puts a missing value at the training mean. The constant
                      column gets scale 1, as in the Swift code.

Random inputs come from numpy.random.default_rng(seed) with the seed stored in the file. Floats
are written with Python's shortest round-trip repr, so Swift's JSONDecoder reads back the exact
doubles numpy produced.

How to rerun (from the package root; needs numpy and scikit-learn):

    python3 Tests/LocomotionTests/Fixtures/generate_models.py

Versions used for the committed file are recorded in its "generator" field.
"""

import json
import math
import os
import sys

import numpy as np
import sklearn
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

HERE = os.path.dirname(os.path.abspath(__file__))
CLASS_COUNT = 4
FEATURE_COUNT = 6
TRAIN_ROWS = 200
TEST_ROWS = 40


def floats(values):
    return [float(v) for v in np.asarray(values, dtype=np.float64).ravel()]


def rows(matrix):
    """Rows of a matrix as lists, NaN written as null."""
    return [[None if math.isnan(v) else float(v) for v in row] for row in np.asarray(matrix, dtype=np.float64)]


def make_dataset(rng, count):
    """Feature-like rows: per class a centre and a spread per column, overlapping classes."""
    centres = np.array([
        # variance g^2, step frequency Hz, speed m/s, dominant power, jerk, tilt rad
        [0.002, 0.1, 0.2, 0.5, 0.05, 0.3],   # still
        [0.040, 1.8, 1.4, 2.0, 0.40, 0.5],   # walking
        [0.150, 2.7, 3.2, 4.0, 0.90, 0.6],   # running
        [0.012, 0.6, 9.0, 0.9, 0.20, 0.4],   # vehicle
    ])
    spreads = np.array([
        [0.002, 0.3, 0.6, 0.5, 0.05, 0.20],
        [0.015, 0.4, 0.6, 0.8, 0.15, 0.25],
        [0.050, 0.5, 1.0, 1.2, 0.30, 0.25],
        [0.010, 0.6, 5.0, 0.6, 0.10, 0.30],
    ])
    labels = rng.integers(0, CLASS_COUNT, size=count)
    labels[:CLASS_COUNT] = np.arange(CLASS_COUNT)  # every class present
    # Spreads doubled so that the classes overlap and many probabilities are far from 0 and 1.
    x = centres[labels] + 2 * spreads[labels] * rng.standard_normal((count, FEATURE_COUNT))
    return np.round(x, 4), labels


def lr(c):
    return LogisticRegression(C=c, solver="lbfgs", tol=1e-10, max_iter=10000)


def reference_nb(train, labels, test, var_smoothing=1e-9):
    """Gaussian naive Bayes with missing values ignored when fitting and marginalised when
    predicting (see the module docstring). Written from the definitions, not from sklearn."""
    observed = ~np.isnan(train)
    column_var = np.array([np.var(train[observed[:, j], j]) for j in range(train.shape[1])])
    epsilon = var_smoothing * np.max(column_var)
    priors = np.array([np.mean(labels == k) for k in range(CLASS_COUNT)])
    means = np.zeros((CLASS_COUNT, train.shape[1]))
    variances = np.zeros((CLASS_COUNT, train.shape[1]))
    for k in range(CLASS_COUNT):
        for j in range(train.shape[1]):
            values = train[(labels == k) & observed[:, j], j]
            means[k, j] = np.mean(values)
            variances[k, j] = np.var(values) + epsilon
    probabilities = []
    for row in test:
        present = ~np.isnan(row)
        joint = np.log(priors) - 0.5 * np.sum(
            np.log(2 * np.pi * variances[:, present]) + (row[present] - means[:, present]) ** 2 / variances[:, present],
            axis=1)
        top = np.max(joint)
        log_norm = top + np.log(np.sum(np.exp(joint - top)))
        probabilities.append(np.exp(joint - log_norm))
    return np.array(probabilities)


def lr_case(name, c, train, labels, test, missing=False):
    steps = [StandardScaler()]
    if missing:
        steps.append(SimpleImputer(strategy="constant", fill_value=0.0, keep_empty_features=True))
    model = make_pipeline(*steps, lr(c))
    model.fit(train, labels)
    estimator = model[-1]
    assert list(estimator.classes_) == list(range(CLASS_COUNT))
    # The largest partial derivative of the mean-scaled objective at sklearn's solution: how far
    # sklearn's own stop (lbfgs with ftol 64 eps) is from the exact optimum.
    z = model[:-1].transform(train)
    residual = estimator.predict_proba(z) - np.eye(CLASS_COUNT)[labels]
    gradient_w = residual.T @ z / len(labels) + estimator.coef_ / (c * len(labels))
    gradient_b = residual.sum(axis=0) / len(labels)
    return {
        "name": name, "model": "logisticRegression", "c": c, "input": "raw",
        "sklearnIterations": int(estimator.n_iter_[0]),
        "sklearnGradientNorm": float(max(np.max(np.abs(gradient_w)), np.max(np.abs(gradient_b)))),
        "probabilities": rows(model.predict_proba(test)),
    }


def main():
    seed = 20240611
    rng = np.random.default_rng(seed)

    # --- the complete dataset
    train, labels = make_dataset(rng, TRAIN_ROWS)
    test, _ = make_dataset(rng, TEST_ROWS)
    scaler = StandardScaler().fit(train)
    train_std, test_std = scaler.transform(train), scaler.transform(test)

    nb_raw = GaussianNB().fit(train, labels)
    nb_std = GaussianNB().fit(train_std, labels)
    # The numpy reference of the missing-value semantics agrees with sklearn when nothing is missing.
    for model, (a, b) in ((nb_raw, (train, test)), (nb_std, (train_std, test_std))):
        difference = np.max(np.abs(reference_nb(a, labels, b) - model.predict_proba(b)))
        assert difference < 1e-12, difference

    complete = {
        "name": "complete",
        "train": rows(train), "labels": [int(v) for v in labels], "test": rows(test),
        "trainStandardised": rows(train_std), "testStandardised": rows(test_std),
        "cases": [
            {"name": "nb-raw", "model": "gaussianNaiveBayes", "input": "raw",
             "probabilities": rows(nb_raw.predict_proba(test))},
            {"name": "nb-standardised", "model": "gaussianNaiveBayes", "input": "standardised",
             "probabilities": rows(nb_std.predict_proba(test_std))},
            lr_case("lr-c1", 1.0, train, labels, test),
            lr_case("lr-c0.05", 0.05, train, labels, test),
        ],
    }

    # --- the dataset with missing values and a constant column
    train_m, labels_m = make_dataset(rng, TRAIN_ROWS)
    test_m, _ = make_dataset(rng, TEST_ROWS)
    train_m[:, 5] = 0.5
    test_m[:, 5] = 0.5
    train_m[rng.random(train_m.shape) < 0.08] = np.nan
    test_mask = rng.random(test_m.shape) < 0.15
    test_mask[0, :] = True  # every value missing: the priors
    test_m[test_mask] = np.nan
    # Every class keeps at least one value of every feature (the reference needs a mean).
    for k in range(CLASS_COUNT):
        for j in range(FEATURE_COUNT):
            assert np.any(~np.isnan(train_m[labels_m == k, j])), (k, j)

    missing = {
        "name": "missing",
        "train": rows(train_m), "labels": [int(v) for v in labels_m], "test": rows(test_m),
        "cases": [
            {"name": "nb-missing", "model": "gaussianNaiveBayes", "input": "raw",
             "probabilities": rows(reference_nb(train_m, labels_m, test_m))},
            lr_case("lr-missing", 1.0, train_m, labels_m, test_m, missing=True),
        ],
    }

    payload = {
        "generator": {
            "script": "Tests/LocomotionTests/Fixtures/generate_models.py",
            "python": sys.version.split()[0],
            "numpy": np.__version__,
            "sklearn": sklearn.__version__,
        },
        "seed": seed,
        "classCount": CLASS_COUNT,
        "datasets": [complete, missing],
    }
    path = os.path.join(HERE, "models_linear.json")
    with open(path, "w") as handle:
        json.dump(payload, handle, separators=(",", ":"))
        handle.write("\n")
    print(f"wrote {path} ({os.path.getsize(path)} bytes)")
    for dataset in payload["datasets"]:
        for case in dataset["cases"]:
            if "sklearnIterations" in case:
                print(f"  {dataset['name']}/{case['name']}: sklearn iterations {case['sklearnIterations']}, "
                      f"gradient {case['sklearnGradientNorm']:.2e}")


if __name__ == "__main__":
    main()
