#!/usr/bin/env python3
"""Chooses the bundled model's kind by leave-one-source-out measurement, beside the activity rules, and
reports the calibration of its probabilities. See README.md beside this file.

For a corpus written with `prepare_training.py --group-by source` (every file named <dataset>__..., so a
group is a source; `--augment N` copies are named ...~aug<i> and stay in their source's group):
  1. `locomotion train CORPUS --kind K --folds groups --predictions K.csv` for each kind: every window's
     probabilities from a model trained on the other sources only;
  2. `locomotion classify FILES --truth A --csv` (no hysteresis): the default rules' window decisions on
     the same windows (matched file by file, window by window; the counts are checked);
  3. "combined": the rules' decision when it is cycling or driving, else the model's most probable
     activity (the model for walking, running and stationary; the rules for cycling and vehicles);
  4. per source, on its recorded windows and on its augmented copies: macro-F1 over the activities the
     source holds (mean per-class F1 over the true classes, as ActivityConfusion.macroF1, with every
     decision counted, so a window called cycling or unknown counts against its class); pooled over
     sources: the mean of the per-source macro-F1 (every source weighs the same) and the pooled
     macro-F1 of all windows;
  5. calibration of each kind's held-out probabilities: expected calibration error (ECE) over 10
     equal-width bins of the top probability, |accuracy - mean confidence| weighted by the bin's
     windows (Guo et al. 2017, "On calibration of modern neural networks"), and the reliability table.

Markdown goes to stdout. Run from the repository root:

    swift build -c release --product locomotion
    python3 Benchmarks/activity/prepare_training.py --licensed-only --augment 1 --group-by source \\
        --out .build/training-sources
    python3 Benchmarks/models/leave_one_source_out.py --corpus .build/training-sources --work .build/loso
"""
import argparse
import io
import json
import os
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ACTIVITIES = ["walking", "running", "cycling", "driving", "stationary"]
KINDS = ["bayes", "logistic", "forest"]
RULES_ONLY = {"cycling", "driving"}  # what the combination takes from the rules
BINS = 10


def run(cmd, out=None):
    shown = [str(c) for c in cmd]
    print("$ " + " ".join(shown[:6] + (["..."] if len(shown) > 6 else [])), file=sys.stderr)
    result = subprocess.run(list(map(str, cmd)), capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(map(str, cmd))}\n{result.stderr[-2000:]}")
    if out is not None:
        Path(out).write_text(result.stdout)
    return result.stdout


def held_out(binary, corpus, work, kind, date):
    path = work / f"{kind}.csv"
    if not path.exists():
        run([binary, "train", corpus, "--kind", kind, "--folds", "groups", "--predictions", path,
             "--date", date, "--out", work / f"{kind}-all.json"], out=work / f"{kind}.txt")
    return pd.read_csv(path)


def rules(binary, corpus, work, files):
    path = work / "rules.csv"
    if not path.exists():
        parts = []
        for activity in ACTIVITIES:
            names = [f for f in files if f.startswith(activity + "/")]
            for i in range(0, len(names), 200):
                text = run([binary, "classify", *[corpus / f for f in names[i:i + 200]], "--truth", activity,
                            "--csv"])
                parts.append(pd.read_csv(io.StringIO(text)))
        table = pd.concat(parts, ignore_index=True)
        table["file"] = [os.path.relpath(f, corpus) for f in table.file]
        table.to_csv(path, index=False)
    return pd.read_csv(path)


def macro_f1(truth, predicted):
    """Mean F1 over the true classes (support > 0), every prediction counted."""
    scores = []
    for c in sorted(set(truth)):
        tp = np.sum((truth == c) & (predicted == c))
        fp = np.sum((truth != c) & (predicted == c))
        fn = np.sum((truth == c) & (predicted != c))
        scores.append(2 * tp / (2 * tp + fp + fn) if tp else 0.0)
    return float(np.mean(scores)) if scores else float("nan")


def recall(truth, predicted, c):
    sel = truth == c
    return float(np.mean(predicted[sel] == c)) if sel.any() else float("nan")


def tempered(p, temperature):
    """p^(1/T), renormalised (ActivityModel.temper); zeros stay zero."""
    with np.errstate(divide="ignore"):
        logs = np.where(p > 0, np.log(np.where(p > 0, p, 1)) / temperature, -np.inf)
    e = np.exp(logs - logs.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def fitted_temperature(p, truth):
    """The temperature of least mean negative log-likelihood in 0.05-20 (ActivityModel.fittedTemperature)."""
    index = np.array([ACTIVITIES.index(t) for t in truth])

    def loss(log_t):
        q = tempered(p, np.exp(log_t))[np.arange(len(index)), index]
        return -np.mean(np.maximum(np.log(np.maximum(q, 1e-300)), np.log(1e-12)))
    lo, hi = np.log(0.05), np.log(20)
    r = (5 ** 0.5 - 1) / 2
    a, b = hi - r * (hi - lo), lo + r * (hi - lo)
    fa, fb = loss(a), loss(b)
    while hi - lo > 1e-6:
        if fa <= fb:
            hi, b, fb = b, a, fa
            a = hi - r * (hi - lo)
            fa = loss(a)
        else:
            lo, a, fa = a, b, fb
            b = lo + r * (hi - lo)
            fb = loss(b)
    return float(np.exp((lo + hi) / 2))


def reliability(p, truth):
    """(ECE, rows of (bin, windows, mean confidence, accuracy)) of the top probability."""
    p = np.asarray(p)
    top = p.max(axis=1)
    correct = np.array(ACTIVITIES)[p.argmax(axis=1)] == truth
    edges = np.linspace(0, 1, BINS + 1)
    rows, ece = [], 0.0
    for i in range(BINS):
        sel = (top > edges[i]) & (top <= edges[i + 1]) if i else (top <= edges[1])
        if sel.any():
            gap = abs(correct[sel].mean() - top[sel].mean())
            ece += sel.mean() * gap
            rows.append((f"{edges[i]:.1f}-{edges[i + 1]:.1f}", int(sel.sum()), top[sel].mean(), correct[sel].mean()))
    return ece, rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", required=True, type=Path)
    ap.add_argument("--work", required=True, type=Path, help="keeps the CLI outputs; reused when present")
    ap.add_argument("--bin", default=ROOT / ".build/release/locomotion", type=Path)
    ap.add_argument("--date", default="2026-12-03", help="the training date recorded in the fold models")
    ap.add_argument("--kinds", default=",".join(KINDS))
    args = ap.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    kinds = args.kinds.split(",")

    model = {k: held_out(args.bin, args.corpus, args.work, k, args.date) for k in kinds}
    files = list(dict.fromkeys(model[kinds[0]].file))
    ruled = rules(args.bin, args.corpus, args.work, files)
    # windows in file order on both sides: check the counts file by file, then align
    base = model[kinds[0]]
    counts_model = base.groupby("file", sort=False).size()
    counts_rules = ruled.groupby("file", sort=False).size().reindex(counts_model.index)
    if not (counts_model == counts_rules).all():
        bad = counts_model[counts_model != counts_rules]
        sys.exit(f"window counts differ between train and classify in {len(bad)} files, e.g. {bad.index[0]}")
    ruled = ruled.set_index("file").loc[counts_model.index].reset_index()
    truth = base.truth.to_numpy()
    source = np.array([f.split("/", 1)[1].split("__", 1)[0] for f in base.file])
    augmented = np.array(["~aug" in f for f in base.file])

    decisions = {"rules": ruled.activity.to_numpy()}
    for k in kinds:
        decisions[k] = model[k].predicted.to_numpy()
        decisions[f"{k} + rules"] = np.where(np.isin(decisions["rules"], list(RULES_ONLY)), decisions["rules"],
                                             decisions[k])
    names = list(decisions)

    print("## Leave one source out, per window (macro-F1 over the source's own activities)\n")
    for part, sel in (("recorded windows", ~augmented), ("augmented copies", augmented)):
        print(f"### {part}\n")
        print("| source | windows | classes | " + " | ".join(names) + " |")
        print("|---|---:|---|" + "---:|" * len(names))
        means = {n: [] for n in names}
        for s in sorted(set(source)):
            m = sel & (source == s)
            if not m.any():
                continue
            classes = ", ".join(c for c in ACTIVITIES if (truth[m] == c).any())
            cells = []
            for n in names:
                f1 = macro_f1(truth[m], decisions[n][m])
                means[n].append(f1)
                cells.append(f"{f1:.3f}")
            print(f"| {s} | {m.sum()} | {classes} | " + " | ".join(cells) + " |")
        print("| **mean over sources** | | | " + " | ".join(f"**{np.mean(means[n]):.3f}**" for n in names) + " |")
        print("| pooled windows | " + f"{sel.sum()} | | " + " | ".join(
            f"{macro_f1(truth[sel], decisions[n][sel]):.3f}" for n in names) + " |\n")
        print("Recall per activity (pooled):\n")
        print("| activity | " + " | ".join(names) + " |")
        print("|---|" + "---:|" * len(names))
        for c in ACTIVITIES:
            if (truth[sel] == c).any():
                print(f"| {c} | " + " | ".join(f"{recall(truth[sel], decisions[n][sel], c):.3f}" for n in names)
                      + " |")
        print()

    print("## Calibration of the held-out probabilities (recorded and augmented windows)\n")
    print("ECE over 10 bins of the top probability: as trained (temperature 1); at the temperature `train "
          "--calibrate` fitted on all held-out windows (in-sample: one number fitted to the same windows); and "
          "with each source's windows tempered by a temperature fitted on the other sources' held-out windows "
          "only (out-of-sample).\n")
    print("| kind | temperature | ECE as trained | ECE at the fitted temperature | ECE, temperature fitted "
          "without the source | per source (as trained -> without the source) |")
    print("|---|---:|---:|---:|---:|---|")
    tables = {}
    for k in kinds:
        p = model[k][[f"p_{c}" for c in ACTIVITIES]].to_numpy()
        stored = json.loads((args.work / f"{k}-all.json").read_text()).get("calibration", {}).get("temperature", 1)
        nested = np.zeros_like(p)
        per_source = []
        for s in sorted(set(source)):
            m = source == s
            t = fitted_temperature(p[~m], truth[~m])
            nested[m] = tempered(p[m], t)
            per_source.append(f"{s} {reliability(p[m], truth[m])[0]:.2f}->{reliability(nested[m], truth[m])[0]:.2f}")
        ece, rows = reliability(p, truth)
        ece_stored, rows_stored = reliability(tempered(p, stored), truth)
        ece_nested, _ = reliability(nested, truth)
        tables[k] = (rows, rows_stored, stored)
        print(f"| {k} | {stored:.3f} | {ece:.3f} | {ece_stored:.3f} | {ece_nested:.3f} | {'; '.join(per_source)} |")
    print()
    for k, (rows, rows_stored, stored) in tables.items():
        for title, table in (("as trained", rows), (f"at temperature {stored:.3f}", rows_stored)):
            print(f"Reliability of {k}, {title}:\n")
            print("| top probability | windows | mean confidence | accuracy |")
            print("|---|---:|---:|---:|")
            for b, n, conf, acc in table:
                print(f"| {b} | {n} | {conf:.3f} | {acc:.3f} |")
            print()


if __name__ == "__main__":
    main()
