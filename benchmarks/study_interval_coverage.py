"""Coverage (not speed) of the intervals of K-class table measures, average precision and one-vs-rest AUC.

Reproduces the coverage tables in the docstrings of ``table_intervals.matthews_interval`` (and
``contingency_interval``), ``ranking.average_precision_interval`` and ``ranking.roc_auc_ovr_interval``.
Every truth comes from the population, not from a sample: the measure of the cell probabilities (a
classifier right with probability ``acc``, else uniformly wrong), Phi(mu/sqrt 2) for a binormal AUC, and
the integral of precision over recall for a binormal AP.  Seeds are fixed (0 for every setting).

    PYTHONPATH=. .venv/bin/python benchmarks/study_interval_coverage.py [tables|ap|ovr] [--bootstrap]

``--bootstrap`` adds the BCa bootstrap of the tables (a third of the replicates) and the AP bootstraps
(several minutes).
"""
import sys

import numpy as np
from scipy import integrate, stats
from scipy.special import ndtr, ndtri

from bookeval_lib import Contingency
from bookeval_lib.ranking import _average_precision_resamples, average_precision_interval, roc_auc_ovr_interval
from bookeval_lib.table_intervals import _measure, contingency_interval

TABLE_SETTINGS = {"K10 N50 acc.9": (10, 50, .9, np.ones(10)), "K10 N50 acc.97": (10, 50, .97, np.ones(10)),
                  "K2 N30 prev.1 acc.95": (2, 30, .95, [1, 9]), "K5 N40 acc.97 zipf": (5, 40, .97, 1 / np.arange(1, 6)),
                  "K3 N1000 acc.7": (3, 1000, .7, np.ones(3)), "K20 N100 acc.8": (20, 100, .8, np.ones(20))}


def population(k, accuracy, prevalence):
    """Cell probabilities, rows = predicted: right with probability ``accuracy``, else uniformly wrong."""
    prevalence = np.asarray(prevalence, float) / np.sum(prevalence)
    given = np.full((k, k), (1 - accuracy) / (k - 1))
    np.fill_diagonal(given, accuracy)
    return given * prevalence[None, :]


def table_coverage(k, n, accuracy, prevalence, measure, method, replicates, seed=0):
    p = population(k, accuracy, prevalence)
    truth = float(_measure(p, measure))
    rng = np.random.default_rng(seed)
    hits = defined = 0
    for r in range(replicates):
        counts = rng.multinomial(n, p.ravel()).reshape(k, k).astype(float)
        interval = contingency_interval(Contingency(counts, layout="powers"), measure=measure, method=method,
                                        n_resamples=999, seed=r)
        if not interval.undefined:
            defined += 1
            hits += interval.low <= truth <= interval.high
    return hits / defined, replicates - defined


def ap_truth(mu, prevalence):
    def integrand(x):
        hit, miss = stats.norm.sf(x - mu), stats.norm.sf(x)
        return stats.norm.pdf(x - mu) * prevalence * hit / (prevalence * hit + (1 - prevalence) * miss)
    return integrate.quad(integrand, mu - 10, mu + 10, limit=200)[0]


def ap_coverage(m, n, mu, replicates, bootstrap, seed=0, resamples=500):
    truth = ap_truth(mu, m / (m + n))
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(m, bool), np.zeros(n, bool)]
    hits = {"wilson": 0, "logit": 0, "percentile": 0, "BC": 0}
    for r in range(replicates):
        score = np.r_[rng.normal(mu, 1, m), rng.normal(0, 1, n)]
        for method in ("wilson", "logit"):
            interval = average_precision_interval(y, score, method=method)
            hits[method] += interval.low <= truth <= interval.high
        if bootstrap:
            draws = _average_precision_resamples(y, score, resamples, np.random.default_rng(r))
            low, high = np.quantile(draws, [0.025, 0.975])
            hits["percentile"] += low <= truth <= high
            z0 = ndtri((np.sum(draws < interval.estimate) + np.sum(draws <= interval.estimate)) / (2 * draws.size))
            low, high = np.quantile(draws, ndtr(2 * z0 + np.array([-1.959964, 1.959964])))
            hits["BC"] += low <= truth <= high
    return truth, {name: count / replicates for name, count in hits.items() if bootstrap or name in ("wilson", "logit")}


def ovr_coverage(sizes, mus, average, replicates, seed=0):
    sizes, mus = np.asarray(sizes), np.asarray(mus, float)
    weights = np.full(sizes.size, 1 / sizes.size) if average == "macro" else sizes / sizes.sum()
    truth = float(weights @ ndtr(mus / np.sqrt(2)))
    y = np.repeat(np.arange(sizes.size), sizes)
    rng = np.random.default_rng(seed)
    hits = {"logit": 0, "delong": 0}
    for _ in range(replicates):
        scores = rng.normal(size=(y.size, sizes.size))
        scores[np.arange(y.size), y] += mus[y]
        for method in hits:
            interval = roc_auc_ovr_interval(y, scores, average=average, method=method)
            hits[method] += interval.low <= truth <= interval.high
    return truth, {name: count / replicates for name, count in hits.items()}


def main():
    parts = [a for a in sys.argv[1:] if not a.startswith("--")] or ["tables", "ap", "ovr"]
    bootstrap = "--bootstrap" in sys.argv
    if "tables" in parts:
        print("K-class tables, 95 % intervals, 1,000 tables a setting (delta); coverage (undefined tables)")
        for name, (k, n, accuracy, prevalence) in TABLE_SETTINGS.items():
            for measure in ("matthews_correlation", "kappa", "macro_f1"):
                for method in ("delta", "bootstrap") if bootstrap else ("delta",):
                    replicates = 1000 if method == "delta" else 300
                    coverage, undefined = table_coverage(k, n, accuracy, prevalence, measure, method, replicates)
                    print(f"  {name:22} {measure:21} {method:9} {coverage:.3f} ({undefined})", flush=True)
    if "ap" in parts:
        print("average precision, 95 %, 600 test sets a setting")
        for m, n, mu in [(10, 90, 3.0), (20, 20, 3.0), (50, 50, 4.0), (5, 45, 2.0), (10, 90, 1.5), (30, 270, 2.0),
                         (200, 200, 1.0), (500, 500, 1.0)]:
            truth, coverage = ap_coverage(m, n, mu, 600, bootstrap)
            print(f"  m {m:3} n {n:3} mu {mu}: AP {truth:.3f} " + " ".join(f"{k} {v:.3f}" for k, v in coverage.items()),
                  flush=True)
    if "ovr" in parts:
        print("one-vs-rest AUC, 95 %, 1,000 test sets a setting")
        for sizes, mus, average in [([5] * 10, [2.5] * 10, "macro"), ([5] * 10, np.linspace(1.5, 3.5, 10), "weighted"),
                                    ([20, 10, 6, 4, 3], [3] * 5, "macro"),
                                    ([20, 10, 6, 4, 3], [1, 2, 3, 3.5, 4], "weighted"), ([3] * 4, [2] * 4, "macro"),
                                    ([300] * 3, [1] * 3, "macro")]:
            truth, coverage = ovr_coverage(sizes, mus, average, 1000)
            print(f"  {sizes} {average}: A {truth:.3f} " + " ".join(f"{k} {v:.3f}" for k, v in coverage.items()),
                  flush=True)


if __name__ == "__main__":
    main()
