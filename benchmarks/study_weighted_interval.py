"""Coverage of bookmaker_report's interval for the weighted (bias-weighted) K-class informedness B.

Seeded simulation: each real class c has a fixed number of cases R_c (prevalences spread
evenly from 1 to 3, N = 30, 100, 300 cases) and each case is decided by an informed/guessing
decision maker: with probability G its class, else a guess drawn with the real prevalences.
The true B is the bias-weighted B of the expected table.  Prints, for K = 2, 3, 5, 10 and
G = 0, 0.5, 0.9, 0.97, 1, the fraction of nominal 95% intervals that hold the true B (binomial
standard error sqrt(c (1 - c)/trials): 0.005 at 0.95 for 2,000 tables) and the mean width, for

  * the Wald interval bookmaker_report uses (``metrics._informedness_wald``: delta-method
    variance on the table with one pseudo-case per class), 2,000 tables;
  * the percentile bootstrap it replaced (tables resampled within each real class, 500
    resamples), 400 tables (slower; standard error 0.011 at 0.95).

Run: python benchmarks/study_weighted_interval.py  (a few minutes on one core).
"""
import numpy as np

from bookeval_lib.metrics import _informedness_of, _informedness_wald

SEED = 2003
CONFIDENCE = 0.95


def decision_maker(k, informedness, prevalence):
    """Pr(predicted l | real c) as a (K, K) matrix, rows = predicted."""
    shares = (1.0 - informedness) * prevalence[:, None] * np.ones((k, k))
    shares[np.arange(k), np.arange(k)] += informedness
    return shares


def draw_tables(rng, shares, real_totals, trials):
    """(trials, K, K) tables, rows = predicted, each real class a multinomial sample of its R_c cases."""
    return np.stack([rng.multinomial(r, shares[:, c], size=trials) for c, r in enumerate(real_totals)],
                    axis=2).astype(float)


def percentile_bootstrap(rng, table, real_totals, resamples):
    shares = table / real_totals
    samples = np.stack([rng.multinomial(r, shares[:, c], size=resamples) for c, r in enumerate(real_totals)],
                       axis=2).astype(float)
    values = _informedness_of(samples)
    values = values[np.isfinite(values)]
    return np.quantile(values, [0.025, 0.975]) if values.size else (np.nan, np.nan)


def main():
    rng = np.random.default_rng(SEED)
    print("coverage / mean width of nominal 95% intervals for the weighted K-class B")
    print(f"{'K':>3} {'N':>4} {'G':>5}  {'Wald (2,000 tables)':>20}  {'percentile bootstrap (400)':>27}")
    for k in (2, 3, 5, 10):
        prevalence = np.linspace(1.0, 3.0, k)
        prevalence /= prevalence.sum()
        for total in (30, 100, 300):
            real_totals = np.maximum(1, np.round(prevalence * total)).astype(int)
            for informedness in (0.0, 0.5, 0.9, 0.97, 1.0):
                shares = decision_maker(k, informedness, prevalence)
                truth = _informedness_of((shares * real_totals)[None])[0]
                tables = draw_tables(rng, shares, real_totals, 2000)
                estimate = _informedness_of(tables)
                low, high = _informedness_wald(tables, estimate, CONFIDENCE)
                defined = np.isfinite(low)
                wald = np.mean((low <= truth) & (truth <= high) & defined) / np.mean(defined)
                wald_width = np.mean((high - low)[defined])
                limits = np.array([percentile_bootstrap(rng, t, real_totals, 500) for t in tables[:400]])
                ok = np.isfinite(limits[:, 0])
                boot = np.mean((limits[ok, 0] <= truth) & (truth <= limits[ok, 1]))
                boot_width = np.mean(limits[ok, 1] - limits[ok, 0])
                print(f"{k:3d} {total:4d} {informedness:5.2f}  {wald:10.3f} / {wald_width:.3f}  "
                      f"{boot:16.3f} / {boot_width:.3f}", flush=True)


if __name__ == "__main__":
    main()
