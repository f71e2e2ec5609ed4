#!/usr/bin/env python3
"""Reference fixtures for the hidden Markov smoother (Sources/Locomotion/Smoothing), computed with
hmmlearn, numpy and scipy.

What it writes (next to this script): hmm.json, with

  cases  HMMs over K = 3 and K = 5 states with a seeded random transition matrix and start
         distribution, and seeded random per-window class probabilities (the classifier's output,
         drawn around a hidden path sampled from the chain). For each case hmmlearn gives the
         Viterbi path and its log probability (`decode(..., algorithm="viterbi")`), the
         forward-backward posteriors (`predict_proba`) and the log-likelihood (`score`).
         hmmlearn does not expose the filtered (forward-only) posteriors, so they are computed
         here by a plain numpy forward pass, normalised at each step:
             a_0 = pi * e_0 / sum,   a_t = (a_{t-1} A) * e_t / sum.
         The emission log-likelihoods handed to hmmlearn are log(p) for `emission: probabilities`
         and log(p) - log(prior) for `emission: dividedByPrior` (the hybrid "scaled likelihood").
         hmmlearn is driven through a BaseHMM subclass whose `_compute_log_likelihood` returns
         that matrix (the observations X are just the window indices 0..T-1).
         One case has structural zeros in its transition matrix (log 0 = -inf paths).
  hops   Scaling a per-second transition matrix P to a hop of h seconds, as P^floor(h) times
         exp(frac(h) Q) with Q = logm(P):
           - an embeddable P (expm of a random generator): the reference is scipy's
             fractional_matrix_power(P, h) (Schur-Pade, Higham & Lin 2011), independent of our
             method;
           - the activity preset (zeros in the driving row, so logm(P) has small negative
             off-diagonal entries): Q is logm(P) with the diagonal adjustment of Israel,
             Rosenthal & Wei (2001) -- negative off-diagonals set to 0, each diagonal entry minus
             the sum of its row's off-diagonals -- and the reference is
             matrix_power(P, floor(h)) @ expm(frac(h) Q) with scipy's logm and expm.

Random inputs come from numpy.random.default_rng(seed) and are stored in the fixture, so the
tests need no Python. Floats are written with Python's shortest round-trip repr.

How to rerun (from the package root):

    pip install hmmlearn numpy scipy
    python3 Tests/LocomotionTests/Fixtures/generate_hmm.py

Versions used for the committed file are recorded in it.
"""

import json
import math
import os

import hmmlearn
import numpy as np
import scipy
import scipy.linalg
from hmmlearn.base import BaseHMM

HERE = os.path.dirname(os.path.abspath(__file__))


class FixedEmissionHMM(BaseHMM):
    """An HMM whose emission log-likelihoods are a given T x K matrix; X[t, 0] = t."""

    def __init__(self, log_emissions, **kwargs):
        super().__init__(n_components=log_emissions.shape[1], **kwargs)
        self.log_emissions = log_emissions

    def _compute_log_likelihood(self, X):
        return self.log_emissions[X[:, 0].astype(int)]

    def _get_n_fit_scalars_per_param(self):
        return {}


def random_transitions(rng, k, stay_weight, zeros=()):
    rows = rng.dirichlet(np.ones(k), size=k)
    matrix = stay_weight * np.eye(k) + (1 - stay_weight) * rows
    for i, j in zeros:
        matrix[i, j] = 0.0
    return matrix / matrix.sum(axis=1, keepdims=True)


def sample_probabilities(rng, transitions, start, length, concentration, weight):
    """Per-window class probabilities drawn around a hidden path sampled from the chain."""
    k = len(start)
    state = rng.choice(k, p=start)
    rows = []
    for _ in range(length):
        noise = rng.dirichlet(concentration * np.ones(k))
        vector = (1 - weight) * noise
        vector[state] += weight
        rows.append(vector / vector.sum())
        state = rng.choice(k, p=transitions[state])
    return np.array(rows)


def forward_filter(start, transitions, likelihoods):
    filtered = []
    alpha = None
    for t, e in enumerate(likelihoods):
        predicted = start if t == 0 else alpha @ transitions
        alpha = predicted * e
        alpha = alpha / alpha.sum()
        filtered.append(alpha)
    return np.array(filtered)


def make_case(name, seed, k, length, stay_weight, with_prior=False, zeros=(), concentration=0.7, weight=0.35):
    rng = np.random.default_rng(seed)
    transitions = random_transitions(rng, k, stay_weight, zeros)
    start = rng.dirichlet(np.ones(k))
    probabilities = sample_probabilities(rng, transitions, start, length, concentration, weight)
    log_emissions = np.log(probabilities)
    prior = None
    if with_prior:
        prior = rng.dirichlet(3 * np.ones(k))
        log_emissions = log_emissions - np.log(prior)

    model = FixedEmissionHMM(log_emissions, implementation="log")
    model.startprob_ = start
    model.transmat_ = transitions
    X = np.arange(length).reshape(-1, 1)
    with np.errstate(divide="ignore"):
        viterbi_log_probability, path = model.decode(X, algorithm="viterbi")
        posteriors = model.predict_proba(X)
        log_likelihood = model.score(X)
    filtered = forward_filter(start, transitions, np.exp(log_emissions))
    return {
        "name": name,
        "stateCount": k,
        "start": start.tolist(),
        "transitions": transitions.tolist(),
        "prior": None if prior is None else prior.tolist(),
        "probabilities": probabilities.tolist(),
        "viterbi": [int(s) for s in path],
        "viterbiLogProbability": float(viterbi_log_probability),
        "posteriors": posteriors.tolist(),
        "logLikelihood": float(log_likelihood),
        "filtered": filtered.tolist(),
    }


def activity_preset():
    """The preset in ActivityType.decidable order: walking, running, cycling, driving, stationary."""
    other = 0.001
    p = np.full((5, 5), other)
    walking, running, cycling, driving, stationary = range(5)
    p[walking, running] = 0.05  # the seed's prior
    p[running, walking] = 0.05  # its mirror: the gaits alternate
    p[driving, :] = 0.0  # the seed gives the whole row: stay 0.999, to walking 0.001
    p[driving, walking] = 0.001
    np.fill_diagonal(p, 0.0)
    np.fill_diagonal(p, 1.0 - p.sum(axis=1))
    p[driving, driving] = 0.999
    return p


def diagonal_adjustment(q):
    q = np.real(q).copy()
    k = q.shape[0]
    for i in range(k):
        for j in range(k):
            if i != j and q[i, j] < 0:
                q[i, j] = 0.0
        q[i, i] = 0.0
        q[i, i] = -q[i].sum()
    return q


def hop_cases():
    hops = [0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 2.56, 3.0, 7.3]
    cases = []

    rng = np.random.default_rng(2024)
    for name, k, rate in (("embeddable-k3", 3, 0.3), ("embeddable-k5", 5, 0.1)):
        # exp of a random generator, so that P is embeddable.
        generator = rng.uniform(0, rate, size=(k, k))
        np.fill_diagonal(generator, 0.0)
        np.fill_diagonal(generator, -generator.sum(axis=1))
        p = scipy.linalg.expm(generator)
        p = p / p.sum(axis=1, keepdims=True)
        q = scipy.linalg.logm(p)
        assert np.max(np.abs(np.imag(q))) < 1e-12
        off = np.real(q) - np.diag(np.diag(np.real(q)))
        assert off.min() >= 0, "this P must be embeddable"
        expected = [np.real(scipy.linalg.fractional_matrix_power(p, h)).tolist() for h in hops]
        cases.append({"name": name, "perSecond": p.tolist(), "hops": hops, "expected": expected,
                      "embeddable": True})

    p = activity_preset()
    q = diagonal_adjustment(scipy.linalg.logm(p))
    expected = []
    for h in hops:
        whole = math.floor(h)
        expected.append((np.linalg.matrix_power(p, whole) @ scipy.linalg.expm((h - whole) * q)).tolist())
    cases.append({"name": "activity-preset", "perSecond": p.tolist(), "hops": hops, "expected": expected,
                  "embeddable": False})
    return cases


def main():
    cases = [
        make_case("k3-a", 11, 3, 50, 0.7),
        make_case("k3-b", 12, 3, 48, 0.4),
        make_case("k3-sparse", 13, 3, 50, 0.6, zeros=((0, 2), (2, 0))),
        make_case("k5-a", 21, 5, 60, 0.8),
        make_case("k5-b", 22, 5, 55, 0.5, concentration=0.3, weight=0.2),
        make_case("k5-prior", 23, 5, 50, 0.8, with_prior=True),
        make_case("k5-single", 24, 5, 1, 0.8),
    ]
    document = {
        "generator": "Tests/LocomotionTests/Fixtures/generate_hmm.py",
        "versions": {"hmmlearn": hmmlearn.__version__, "numpy": np.__version__, "scipy": scipy.__version__},
        "cases": cases,
        "hops": hop_cases(),
    }
    path = os.path.join(HERE, "hmm.json")
    with open(path, "w") as f:
        json.dump(document, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
