"""Which interval for the K-class weighted B (and, on the transpose, M): measured coverage of two candidates.

The report's weighted row and ``contingency_interval(table, measure="informedness")`` give B of K > 2
classes one interval.  Candidates, nominal 95 %:

* the bias-corrected Wald of ``bookeval_lib.metrics._informedness_wald`` (delta-method variance on the
  table with 1/K pseudo-case a cell, centred on B minus its estimated many-class bias, widened to hold B);
* the delta interval of ``bookeval_lib.table_intervals`` centred on B (``_delta_variance`` on the table
  with 1/K pseudo-case a cell).

Each table: every real class a multinomial draw of its ``per`` cases; the classifier right with
probability ``acc``, else uniformly wrong; the truth is B of the expected table.  Seeded; 400 tables a
setting (standard error about 0.011 at 0.95).  Run: ``python benchmarks/study_weighted_interval_choice.py``.
Measured (seed 0, 400 tables): K = 10, 10 a class, acc 0.7: 0.935 vs 0.905; acc 0.9: 0.960 vs 0.958;
K = 60, 10 a class, acc 0.5: 0.925 vs 0.790; K = 3, 10 a class, acc 0.9: 0.945 vs 0.945.
"""
import sys

import numpy as np

from bookeval_lib import Contingency
from bookeval_lib.metrics import _informedness_wald
from bookeval_lib.results import _normal_quantile
from bookeval_lib.table_intervals import _delta_variance

SETTINGS = [(10, 10, 0.7), (10, 10, 0.9), (60, 10, 0.5), (3, 10, 0.9)]


def coverage(k, per, acc, n_tables, seed=0):
    rng = np.random.default_rng(seed)
    shares = np.full((k, k), (1 - acc) / (k - 1))
    np.fill_diagonal(shares, acc)                      # shares[predicted, real]; columns sum to 1
    truth = Contingency(shares * per, layout="powers").informedness
    z = _normal_quantile(0.95)
    wald = delta = 0
    for _ in range(n_tables):
        counts = np.stack([rng.multinomial(per, shares[:, c]) for c in range(k)], axis=1).astype(float)
        estimate = Contingency(counts, layout="powers").informedness
        low, high = _informedness_wald(counts, estimate, 0.95)
        wald += low <= truth <= high
        half = z * np.sqrt(max(float(_delta_variance(counts + 1.0 / k, "informedness")), 0.0))
        delta += estimate - half <= truth <= estimate + half
    return wald / n_tables, delta / n_tables


if __name__ == "__main__":
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    for k, per, acc in SETTINGS:
        wald, delta = coverage(k, per, acc, tables)
        print(f"K = {k:3d}, {per} a class, acc {acc}: bias-corrected Wald {wald:.3f}, delta {delta:.3f}")
