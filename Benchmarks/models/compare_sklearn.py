#!/usr/bin/env python3
"""Compares the Swift activity models of `locomotion train` with scikit-learn's on the same windows,
the same 16 features and the same grouped cross-validation folds. See README.md beside this file.

For a training corpus in the folder-per-activity layout (DIR/<activity>/<group>__<name>.csv):
  1. every CSV's features are exported with `locomotion features FILE` (two processes at a time), the
     16 columns of ActivityModel.defaultFeatures are kept (missing = NaN), each window gets its folder's
     activity and its file's group (the name before '__'); the window count is checked against
     `train --json` ("windows" and "windowsPerClass");
  2. the grouped folds of ActivityTrainingSet.groupedFolds(k) are rebuilt (groups largest first, ties by
     name; each to the fold with the fewest rows so far, ties to the lower fold), and scikit-learn's
     GaussianNB, LogisticRegression and RandomForestClassifier are cross-validated on them; accuracy and
     macro-F1 (mean per-class F1 over the true classes with support > 0, as ActivityConfusion.macroF1)
     are scored on the pooled held-out predictions, and fit + predict is timed;
  3. `locomotion train DIR --kind M --folds K --json` gives the Swift scores and time;
  4. a markdown table goes to stdout.

scikit-learn refuses NaN in GaussianNB, LogisticRegression (and in this comparison's forest), so each
gets SimpleImputer(strategy="mean") first. The Swift models treat a missing value differently: naive
Bayes leaves it out (marginalises it), logistic regression standardises on the non-missing values and
then puts the missing ones at the mean, the forest sends it to the child with more training samples.
--investigate adds variants that mimic the Swift treatment, to tell those differences apart from the
rest.
"""
import argparse
import concurrent.futures
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.dont_write_bytecode = True
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

try:
    import sklearn  # noqa: E402
    from sklearn.ensemble import RandomForestClassifier  # noqa: E402
    from sklearn.impute import SimpleImputer  # noqa: E402
    from sklearn.linear_model import LogisticRegression  # noqa: E402
    from sklearn.naive_bayes import GaussianNB  # noqa: E402
    from sklearn.pipeline import make_pipeline  # noqa: E402
    from sklearn.preprocessing import StandardScaler  # noqa: E402
except ImportError:
    sys.exit("needs scikit-learn: python3 -m pip install scikit-learn")

ROOT = Path(__file__).resolve().parents[2]
# ActivityModel.defaultFeatures (Sources/Locomotion/Classification/ActivityModel.swift), in order
FEATURES = [
    "acc_mag_std", "acc_mag_iqr", "acc_mag_mad", "acc_mag_range", "acc_mag_skewness", "acc_mag_kurtosis",
    "acc_mag_gait_frequency", "acc_mag_gait_prominence", "acc_mag_spectral_entropy", "acc_mag_power_0p3_3hz",
    "acc_mag_power_3_10hz", "gait_step_count", "gait_step_cadence", "gait_autocorrelation_cadence",
    "gait_step_regularity", "gait_stride_regularity",
]
# ActivityType.decidable: the order of the Swift model's classes
ACTIVITIES = ["walking", "running", "cycling", "driving", "stationary"]
MODELS = ["bayes", "logistic", "forest"]
NAMES = {"bayes": "naive Bayes", "logistic": "logistic regression", "forest": "random forest"}


# ---------------------------------------------------------------------------------------------- data

def sources(corpus):
    """(path, activity, group) of every CSV under corpus/<activity>/, sorted by path as
    ActivityTrainingSet.sources(in:) sorts them."""
    out = []
    for activity in sorted(os.listdir(corpus)):
        folder = corpus / activity
        if activity not in ACTIVITIES or not folder.is_dir():
            continue
        for name in sorted(os.listdir(folder)):
            if name.lower().endswith(".csv"):
                stem = name[: -len(".csv")]
                out.append((str(folder / name), activity, stem.split("__")[0]))
    return sorted(out)


def export_one(binary, path):
    """The default windows' features of one file (CSV: file, start_s, end_s, label, every feature; empty = NaN)."""
    run = subprocess.run([binary, "features", path, "--threads", "1"], capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"locomotion features {path} failed ({run.returncode}): {run.stderr.strip()}")
    table = pd.read_csv(io.StringIO(run.stdout))  # pandas >= 3 parses to the correctly rounded double
    missing = [f for f in FEATURES if f not in table.columns]
    if missing:
        raise RuntimeError(f"{path}: no column {', '.join(missing)}")
    return table[FEATURES].to_numpy(dtype=float)


def export(binary, items, jobs):
    """X (windows x 16), activity and group per window, in source order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        tables = list(pool.map(lambda item: export_one(binary, item[0]), items))
    x = np.vstack(tables) if tables else np.empty((0, len(FEATURES)))
    y = np.concatenate([[activity] * len(t) for t, (_, activity, _) in zip(tables, items)])
    groups = np.concatenate([[group] * len(t) for t, (_, _, group) in zip(tables, items)])
    return x, y.astype(object), groups.astype(object)


def grouped_folds(groups, k):
    """ActivityTrainingSet.groupedFolds(k): groups by row count descending, ties by name ascending;
    each goes to the fold with the fewest rows so far (ties to the lower fold). Row indices ascending."""
    rows = defaultdict(list)
    for row, group in enumerate(groups):
        rows[group].append(row)
    if k < 2 or len(rows) < k:
        sys.exit(f"{k} folds need k >= 2 and at least k groups; the set has {len(rows)}")
    ordered = sorted(rows.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    folds = [[] for _ in range(k)]
    for _, r in ordered:
        smallest = min(range(k), key=lambda i: (len(folds[i]), i))
        folds[smallest] += r
    return [np.array(sorted(f), dtype=int) for f in folds]


# ------------------------------------------------------------------------------------------- scores

def confusion(truth, predicted):
    """counts[truth][predicted] over ACTIVITIES."""
    index = {a: i for i, a in enumerate(ACTIVITIES)}
    m = np.zeros((len(ACTIVITIES), len(ACTIVITIES)), dtype=int)
    for t, p in zip(truth, predicted):
        m[index[t], index[p]] += 1
    return m


def scores(m):
    """accuracy, macro-F1 and per-class (precision, recall, f1, support), as ActivityConfusion does:
    macro-F1 is the mean F1 over the classes with support > 0, a class never predicted has precision 0."""
    support = m.sum(axis=1)
    predicted = m.sum(axis=0)
    per = {}
    for i, a in enumerate(ACTIVITIES):
        if support[i] == 0:
            continue
        recall = m[i, i] / support[i]
        precision = m[i, i] / predicted[i] if predicted[i] > 0 else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
        per[a] = {"precision": precision, "recall": recall, "f1": f1, "support": int(support[i])}
    return {"accuracy": np.trace(m) / m.sum(), "macroF1": float(np.mean([c["f1"] for c in per.values()])),
            "classes": per, "matrix": m}


# ------------------------------------------------------------------------------------------- models

class MarginalNB:
    """Gaussian naive Bayes as GaussianNaiveBayes.swift: NaN left out of each class's mean and population
    variance, epsilon = var_smoothing * the largest column variance of the non-missing values, a missing
    feature left out of the joint log-likelihood. A class with no value of a feature takes the column's
    mean and variance (not needed here, kept for completeness)."""

    def __init__(self, var_smoothing=1e-9):
        self.var_smoothing = var_smoothing

    def fit(self, x, y):
        self.classes_ = np.array(sorted(set(y), key=ACTIVITIES.index), dtype=object)
        observed = ~np.isnan(x)
        col_mean = np.nanmean(np.where(observed.any(axis=0), x, 0.0), axis=0)
        col_var = np.nanvar(np.where(observed.any(axis=0), x, 0.0), axis=0)
        eps = self.var_smoothing * np.nanmax(col_var)
        self.prior_, self.mean_, self.var_ = [], [], []
        for c in self.classes_:
            xc = x[y == c]
            has = (~np.isnan(xc)).any(axis=0)
            with np.errstate(all="ignore"):
                mean = np.where(has, np.nanmean(xc, axis=0), col_mean)
                var = np.where(has, np.nanvar(xc, axis=0), col_var)
            self.prior_.append(len(xc) / len(x))
            self.mean_.append(mean)
            self.var_.append(var + eps)
        self.mean_, self.var_ = np.array(self.mean_), np.array(self.var_)
        self.used_ = observed.any(axis=0)
        return self

    def predict(self, x):
        x = np.where(self.used_, x, np.nan)
        jll = []
        for k in range(len(self.classes_)):
            terms = -0.5 * (np.log(2 * np.pi * self.var_[k]) + (x - self.mean_[k]) ** 2 / self.var_[k])
            jll.append(np.log(self.prior_[k]) + np.nansum(terms, axis=1))
        return self.classes_[np.argmax(np.array(jll), axis=0)]  # first class on a tie, as the Swift side


def sklearn_models(investigate):
    """name -> (model kind, description, factory). The first three are the comparison proper."""
    mean = lambda: SimpleImputer(strategy="mean")  # noqa: E731
    models = {
        "bayes": ("bayes", "SimpleImputer(mean) + GaussianNB()", lambda: make_pipeline(mean(), GaussianNB())),
        "logistic": ("logistic", "SimpleImputer(mean) + StandardScaler + LogisticRegression(C=1, max_iter=10000)",
                     lambda: make_pipeline(mean(), StandardScaler(), LogisticRegression(C=1.0, max_iter=10000))),
        "forest": ("forest", "SimpleImputer(mean) + RandomForestClassifier(100, random_state=0, n_jobs=2)",
                   lambda: make_pipeline(mean(), RandomForestClassifier(n_estimators=100, random_state=0, n_jobs=2))),
    }
    if investigate:
        models.update({
            "bayes-marginal": ("bayes", "numpy Gaussian NB that leaves NaN out (GaussianNaiveBayes.swift)",
                               lambda: MarginalNB()),
            "logistic-swiftlike": ("logistic", "StandardScaler on non-missing values, then NaN -> 0 (the mean); "
                                   "LogisticRegression(C=1, tol=1e-8, max_iter=10000)",
                                   lambda: make_pipeline(StandardScaler(), SimpleImputer(strategy="constant",
                                                                                         fill_value=0.0),
                                                         LogisticRegression(C=1.0, tol=1e-8, max_iter=10000))),
            "forest-nan": ("forest", "RandomForestClassifier(100, random_state=0, n_jobs=2) on NaN directly "
                           "(scikit-learn's own missing-value splits)",
                           lambda: RandomForestClassifier(n_estimators=100, random_state=0, n_jobs=2)),
        })
    return models


def cross_validate(factory, x, y, folds):
    """Pooled held-out predictions and per-fold accuracy; the seconds of fit + predict."""
    predicted = np.empty(len(y), dtype=object)
    per_fold = []
    seconds = 0.0
    everything = np.arange(len(y))
    for held in folds:
        train = np.setdiff1d(everything, held, assume_unique=True)
        t0 = time.perf_counter()
        model = factory().fit(x[train], y[train])
        predicted[held] = model.predict(x[held])
        seconds += time.perf_counter() - t0
        per_fold.append(float(np.mean(predicted[held] == y[held])))
    return predicted, per_fold, seconds


# -------------------------------------------------------------------------------------------- swift

def swift_train(binary, corpus, kind, folds, work, seed=0):
    """`locomotion train --json`: its JSON and the wall time of the process."""
    cmd = [binary, "train", str(corpus), "--kind", kind, "--folds", str(folds), "--seed", str(seed), "--json",
           "--date", "2000-01-01", "--out", str(Path(work) / f"{kind}-{folds}-{seed}.json")]
    t0 = time.perf_counter()
    run = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if run.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({run.returncode}): {run.stderr.strip()}")
    return json.loads(run.stdout), wall


def swift_matrix(report):
    labels = report["confusion"]["labels"]
    full = np.array(report["confusion"]["matrix"], dtype=int)
    pick = [labels.index(a) for a in ACTIVITIES]
    if full[np.ix_(pick, pick)].sum() != full.sum():
        print("note: the Swift confusion has 'unknown' counts", file=sys.stderr)
    return full[np.ix_(pick, pick)]


# --------------------------------------------------------------------------------------------- main

def swift_cv(seconds):
    """A difference of two timed runs: below 0.1 s it is within the noise of timing two processes."""
    return f"{seconds:.2f} s" if seconds >= 0.1 else "< 0.1 s (within the timing noise)"


def pct(v):
    return f"{100 * v:.2f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=ROOT / ".build/training-licensed",
                    help="folder-per-activity corpus (default .build/training-licensed)")
    ap.add_argument("--bin", default=str(ROOT / ".build/release/locomotion"),
                    help="the locomotion CLI (default .build/release/locomotion)")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2, help="feature-export processes at a time (default 2)")
    ap.add_argument("--investigate", action="store_true",
                    help="also run scikit-learn variants that treat NaN as the Swift models do, and per-fold scores")
    ap.add_argument("--forest-seeds", default="", metavar="N,N,...",
                    help="also cross-validate both forests with these seeds (Swift --seed, scikit-learn "
                         "random_state), to see how much the seed alone moves the scores")
    args = ap.parse_args()
    corpus = args.corpus.resolve()
    if not Path(args.bin).is_file():
        sys.exit(f"no CLI at {args.bin}: build it (swift build -c release --product locomotion) or pass --bin")
    started = time.perf_counter()
    phases = {}

    items = sources(corpus)
    if not items:
        sys.exit(f"{corpus}: no CSV under its activity folders")
    t0 = time.perf_counter()
    x, y, groups = export(args.bin, items, args.jobs)
    phases["feature export (CLI, 2 processes)"] = time.perf_counter() - t0

    # The Swift side first, one run at a time, so that nothing else competes for the cores.
    swift = {}
    with tempfile.TemporaryDirectory() as work:
        t0 = time.perf_counter()
        for kind in MODELS:
            swift[kind] = swift_train(args.bin, corpus, kind, args.folds, work)
        # reading + feature extraction + one naive Bayes fit (negligible): the fixed cost inside every
        # train run's "seconds"
        baseline, baseline_wall = swift_train(args.bin, corpus, "bayes", 0, work)
        phases["locomotion train (3 models + 1 baseline run)"] = time.perf_counter() - t0

    report0 = swift["bayes"][0]
    counts = {a: int((y == a).sum()) for a in ACTIVITIES if (y == a).any()}
    same = len(y) == report0["windows"] and counts == report0["windowsPerClass"]
    ngroups = len(set(groups))
    if not same or ngroups != report0["groups"] or len(items) != report0["recordings"]:
        sys.exit(f"window mismatch: exported {len(y)} windows {counts}, {len(items)} files, {ngroups} groups; "
                 f"train --json says {report0['windows']} {report0['windowsPerClass']}, "
                 f"{report0['recordings']} files, {report0['groups']} groups")

    folds = grouped_folds(groups, args.folds)
    t0 = time.perf_counter()
    results = {}
    for name, (kind, description, factory) in sklearn_models(args.investigate).items():
        predicted, per_fold, seconds = cross_validate(factory, x, y, folds)
        results[name] = {"kind": kind, "description": description, "predicted": predicted, "per_fold": per_fold,
                         "seconds": seconds, **scores(confusion(y, predicted))}
    # the final fit on every window, as `train` does after cross-validation (for the time breakdown)
    final = {}
    for kind in MODELS:
        factory = sklearn_models(False)[kind][2]
        t1 = time.perf_counter()
        factory().fit(x, y)
        final[kind] = time.perf_counter() - t1
    phases["scikit-learn (cross-validation + final fits)"] = time.perf_counter() - t0

    seeds = [int(v) for v in args.forest_seeds.split(",") if v.strip() and int(v) != 0]  # 0: the main run
    seed_rows = []
    if seeds:
        t0 = time.perf_counter()
        with tempfile.TemporaryDirectory() as work:
            for seed in seeds:
                report, _ = swift_train(args.bin, corpus, "forest", args.folds, work, seed=seed)
                factory = lambda: make_pipeline(SimpleImputer(strategy="mean"),  # noqa: E731
                                                RandomForestClassifier(n_estimators=100, random_state=seed, n_jobs=2))
                predicted, _, _ = cross_validate(factory, x, y, folds)
                seed_rows.append((seed, report["crossValidation"], scores(confusion(y, predicted))))
        phases[f"forest seeds {args.forest_seeds}"] = time.perf_counter() - t0

    # ------------------------------------------------------------------------------------ output
    nan_share = np.isnan(x).mean(axis=0)
    print(f"## {corpus.name}\n")
    print(f"Corpus `{corpus}`: {len(items)} files, {len(y)} windows, {ngroups} groups; windows per class "
          + ", ".join(f"{a} {n}" for a, n in counts.items())
          + f". The exported window count and classes equal `train --json`'s. CLI `{args.bin}`; "
          f"scikit-learn {sklearn.__version__}, numpy {np.__version__}, pandas {pd.__version__}.\n")
    sizes = [len(f) for f in folds]
    fold_classes = []
    for f in folds:
        c = {a: int((y[f] == a).sum()) for a in ACTIVITIES if (y[f] == a).any()}
        fold_classes.append(", ".join(f"{a} {n}" for a, n in c.items()))
    print(f"Grouped folds (rebuilt as `groupedFolds({args.folds})`): windows " + ", ".join(map(str, sizes)) + ".")
    for i, (f, c) in enumerate(zip(folds, fold_classes)):
        print(f"- fold {i + 1}: {len(set(groups[f]))} groups; {c}")
    print()

    print("| model | Swift accuracy | sklearn accuracy | Swift macro-F1 | sklearn macro-F1 | Swift s | sklearn s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for kind in MODELS:
        cv = swift[kind][0]["crossValidation"]
        r = results[kind]
        print(f"| {NAMES[kind]} | {pct(cv['accuracy'])} | {pct(r['accuracy'])} | {pct(cv['macroF1'])} | "
              f"{pct(r['macroF1'])} | {swift[kind][0]['seconds']:.2f} | {r['seconds']:.2f} |")
    print()
    print("Accuracy and macro-F1 in %, over the pooled held-out windows of the same folds. Swift s: "
          "`train --json` \"seconds\" (reading, feature extraction, 5 fold fits and predictions, and the final "
          f"fit on all windows). sklearn s: the 5 fold fits and predictions only, on features already in memory. "
          f"Breakdown: a `train --folds 0 --kind bayes` run (reading + features + one NB fit) takes "
          f"{baseline['seconds']:.2f} s, so the Swift models' cross-validation + final fit take about "
          + ", ".join(f"{NAMES[k]} {swift_cv(swift[k][0]['seconds'] - baseline['seconds'])}" for k in MODELS)
          + "; scikit-learn's cross-validation + final fit take "
          + ", ".join(f"{NAMES[k]} {results[k]['seconds'] + final[k]:.2f} s" for k in MODELS) + ".\n")

    print("Per-class F1 (%), Swift / sklearn:\n")
    present = list(counts)
    print("| class | support | " + " | ".join(NAMES[k] for k in MODELS) + " |")
    print("|---|---:|" + "---:|" * len(MODELS))
    for a in present:
        cells = []
        for kind in MODELS:
            s = swift[kind][0]["crossValidation"]["classes"][a]["f1"]
            cells.append(f"{pct(s)} / {pct(results[kind]['classes'][a]['f1'])}")
        print(f"| {a} | {counts[a]} | " + " | ".join(cells) + " |")
    print()

    # agreement of the pooled confusion matrices, the sharpest check that folds and features match
    print("Confusion matrices equal to the Swift one: "
          + ", ".join(f"{name} {'yes' if np.array_equal(r['matrix'], swift_matrix(swift[r['kind']][0]['crossValidation'])) else 'no'}"
                      for name, r in results.items()) + ".\n")

    # classes whose every window lies in one fold: when that fold is held out, no training window has the
    # class, so neither side can predict it there
    lonely = []
    for a in present:
        inside = [i for i, f in enumerate(folds) if (y[f] == a).any()]
        if len(inside) == 1:
            lonely.append(f"{a} (all {counts[a]} windows, {len(set(groups[y == a]))} group(s), in fold {inside[0] + 1})")
    print("Notes on what differs:")
    print("- Missing values (NaN): scikit-learn's estimators get SimpleImputer(mean) (GaussianNB refuses NaN). "
          "The Swift naive Bayes instead leaves a missing feature out of the likelihood (marginalises it); the "
          "Swift logistic regression standardises on the non-missing values, then puts a missing value at the "
          "mean (0), which differs from impute-then-scale only in the scale; the Swift forest sends a missing "
          "value to the child with more training samples.")
    print("- Logistic regression: the Swift fit stops at a gradient of 1e-8 per row (at most 500 L-BFGS steps); "
          "scikit-learn's lbfgs at its default tol=1e-4.")
    print("- Random forest: same algorithm and settings, but another random generator, so other bootstrap "
          "samples and feature draws: the two forests are not the same trees.")
    print("- Time: the Swift seconds include reading the CSVs and extracting features; the scikit-learn seconds "
          "do not (see the breakdown above).")
    print("- Missing values per feature (share of windows): "
          + ", ".join(f"{f} {100 * v:.1f}%" for f, v in zip(FEATURES, nan_share) if v > 0) + "; the other 12 "
          "features are never missing.")
    if lonely:
        print("- Folds: " + "; ".join(lonely) + ": never in the training folds when held out, so its recall is 0 "
              "for every model on both sides, and it pulls the macro-F1 down.")
    print()

    if seed_rows:
        print("Random forest with other seeds (same folds):\n")
        print("| seed | Swift accuracy | sklearn accuracy | Swift macro-F1 | sklearn macro-F1 |")
        print("|---:|---:|---:|---:|---:|")
        rows = [(0, swift["forest"][0]["crossValidation"], results["forest"])] + seed_rows
        for seed, cv, r in rows:
            print(f"| {seed} | {pct(cv['accuracy'])} | {pct(r['accuracy'])} | {pct(cv['macroF1'])} | {pct(r['macroF1'])} |")
        cols = [np.array([cv["accuracy"] for _, cv, _ in rows]), np.array([r["accuracy"] for _, _, r in rows]),
                np.array([cv["macroF1"] for _, cv, _ in rows]), np.array([r["macroF1"] for _, _, r in rows])]
        print("| mean | " + " | ".join(pct(c.mean()) for c in cols) + " |")
        print("| sd | " + " | ".join(pct(c.std(ddof=1)) for c in cols) + " |")
        print()

    if args.investigate:
        print("Investigation: scikit-learn variants (same folds).\n")
        print("| variant | model | accuracy | macro-F1 | Swift accuracy | Swift macro-F1 | per-fold accuracy | s |")
        print("|---|---|---:|---:|---:|---:|---|---:|")
        for name, r in results.items():
            cv = swift[r["kind"]][0]["crossValidation"]
            print(f"| {name} | {r['description']} | {pct(r['accuracy'])} | {pct(r['macroF1'])} | "
                  f"{pct(cv['accuracy'])} | {pct(cv['macroF1'])} | "
                  + " ".join(pct(v) for v in r["per_fold"]) + f" | {r['seconds']:.2f} |")
        print()
        for name, r in results.items():
            m = swift_matrix(swift[r["kind"]][0]["crossValidation"])
            if not np.array_equal(r["matrix"], m):
                print(f"Confusion, rows truth, columns predicted ({' '.join(present)}): Swift {r['kind']} vs {name}\n")
                idx = [ACTIVITIES.index(a) for a in present]
                print("| truth | Swift | sklearn |\n|---|---|---|")
                for a, i in zip(present, idx):
                    print(f"| {a} | {' '.join(str(m[i, j]) for j in idx)} | "
                          f"{' '.join(str(r['matrix'][i, j]) for j in idx)} |")
                print()

    phases["total"] = time.perf_counter() - started
    print("Wall time: " + ", ".join(f"{k} {v:.1f} s" for k, v in phases.items()) + ".\n")


if __name__ == "__main__":
    main()
