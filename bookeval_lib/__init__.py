"""bookeval_lib: evaluating a classifier honestly, after David Powers.

Bookmaker informedness, markedness and their geometric mean, the Matthews
correlation, set against recall, precision, F, Jaccard, Rand accuracy, kappa,
Yule's Q/Y and chi^2.  The library needs numpy and scipy only.

Every public function and class is a name of this package, like
``sklearn.metrics``: ``bookeval_lib.compare_predictions``,
``bookeval_lib.compare_roc_auc``, ``bookeval_lib.corrected_cv_test``.  Each is
imported from its module on first use (PEP 562), so ``import bookeval_lib``
loads neither scipy nor matplotlib.  The names, in the groups of the API
reference (``book/api.md``):

* **Tables of counts** — :class:`BinaryTable` (every 2x2 measure, vectorised),
  :class:`Contingency` (K classes, the K-class Bookmaker, label matching,
  abstention), :data:`MEASURES`, :data:`LAYOUTS`;
* **Scores, reports and scorers** — scikit-learn-style scores from label vectors
  (``informedness_score``, ``bookmaker_report``, ``scorer``, ...) and
  :class:`UndefinedMeasureWarning`;
* **Intervals, tests and comparisons** — confidence intervals for B, M and r,
  for K-class MCC, kappa and macro-F1 (``contingency_interval``), independence and McNemar tests, two classifiers on the same cases
  (``compare_predictions``) or on the same folds (``corrected_cv_test``), one classifier in two groups of
  cases (``compare_groups``), the
  result types (:class:`Interval`, :class:`Significance`, :class:`Comparison`,
  ...), and how often an interval covers (``coverage`` module: ``exact_coverage``, ...);
* **Rankings** — ROC AUC with DeLong's interval and paired test
  (``roc_auc_interval``, ``compare_roc_auc``), average precision, one-vs-rest AUC, with their intervals;
* **Proper scores** — the Brier score, log loss, the reliability curve, Murphy's decomposition and the paired
  comparison of two forecasters (``compare_proper_scores``);
* **Curves** — ROC space (points, curves, hull, AUC, isocost lines, expected
  cost), precision-recall and cost curves;
* **Averages** — Powers' bias-weighted averages (AvF, AvG, Wav);
* **Betting and simulation** — fair odds and payoffs, and the simulated
  informed/guessing decision makers (``simulate_tables``);
* **Clusterings** — the exact B-maximising map of clusters onto classes
  (``best_map``) and Powers 2003's evaluation of a clustering (``reduce_clustering``).

Three groups stay modules, as their names would collide: :mod:`.plot` (figures,
matplotlib imported only when one is drawn: ``bookeval_lib.plot.roc_curve``
draws what ``bookeval_lib.roc_curve`` computes), :mod:`.cli` (``python -m
bookeval_lib report FILE ...``), and the two functions named like their modules,
``bookeval_lib.metrics.contingency`` and ``bookeval_lib.coverage.coverage``.

The modules are public too (``from bookeval_lib.uncertainty import
compare_predictions`` works); the engines behind them are private
(``_comparison``, ``_resampling``, ``_merge_search``, ...), and :mod:`._checks`
holds the one set of input validators.  The **course layer**,
:mod:`bookeval_lib.course`, holds what only the notebooks need (the papers'
printed tables and replications, sympy, figures, widgets); the library never
imports it.
"""
from __future__ import annotations

import importlib
from typing import Any

from ._undefined import UndefinedMeasureWarning
from .contingency import Contingency
from .measures import LAYOUTS, MEASURES, BinaryTable

__version__ = "0.1.0"

#: module -> the public names it gives this namespace, in the groups of book/api.md
_HOMES = {
    # tables of counts
    "measures": ("BinaryTable", "MEASURES", "LAYOUTS", "rate_cells", "positive_masks"),
    "contingency": ("Contingency", "LabelMatching", "Abstention"),
    # scores, reports and scorers
    "metrics": ("informedness_score", "markedness_score", "bookmaker_report", "expected_cost_score", "scorer",
                "scorers", "SCORER_NAMES"),
    "_undefined": ("UndefinedMeasureWarning",),
    # intervals, tests and comparisons
    "uncertainty": ("informedness_interval", "markedness_interval", "correlation_interval", "independence_test",
                    "mcnemar", "compare_predictions", "INTERVAL_METHODS", "TEST_METHODS", "K_CLASS_MEASURES",
                    "DEFAULT_COMPARED"),
    "table_intervals": ("TABLE_MEASURES", "TABLE_INTERVAL_METHODS", "contingency_interval", "matthews_interval",
                        "kappa_interval", "macro_f1_interval"),
    "results": ("Interval", "Significance", "Comparison", "ComparisonReport", "BookmakerReport"),
    "crossval": ("FoldComparison", "corrected_cv_test"),
    "coverage": ("Coverage", "exact_coverage", "exact_coverage_random_composition", "CoverageSweep",
                 "exact_coverage_sweep"),
    "groups": ("GroupComparison", "compare_groups"),
    # rankings
    "ranking": ("roc_auc", "roc_auc_interval", "compare_roc_auc", "average_precision", "roc_auc_ovr",
                "average_precision_interval", "roc_auc_ovr_interval"),
    # proper scores and calibration
    "proper_scores": ("brier_score", "log_loss", "reliability_curve", "brier_decomposition", "compare_proper_scores",
                      "ReliabilityCurve", "BrierDecomposition"),
    # curves
    "roc": ("roc_point", "threshold_tables", "roc_curve", "auc", "single_point_auc", "roc_convex_hull",
            "class_ratio", "isocost_slope", "isocost_intercept", "isocost_segment", "expected_cost",
            "optimal_operating_point", "distance_to_perfect", "distance_contour", "height_above_chance",
            "point_at_threshold", "operating_state", "cost_operating_state"),
    "curves": ("precision_recall_curve", "precision_recall_baseline", "precision_from_rates",
               "precision_recall_interpolation", "probability_cost", "normalised_expected_cost", "cost_curve"),
    # averages
    "averages": ("WEIGHTINGS", "WAV_READINGS", "positive_weight", "weighted_mean", "weighted_average",
                 "averaged_g_measure", "averaged_f_measure"),
    # betting and simulation
    "betting": ("fair_odds", "reduced_odds", "expected_gain", "payoff_matrix", "table_payoffs", "total_winnings",
                "expected_winnings_per_bet", "binary_table_from_rates", "feasible_informedness",
                "NORMALISATIONS"),
    "montecarlo": ("Simulation", "simulate_tables", "informed_decisions", "expected_table",
                   "informedness_sampling_variance", "compare_informedness", "transpose_tables",
                   "MarkerSimulation", "simulate_marker_tables"),
    # clusterings
    "matching": ("map_informedness", "best_map", "exhaustive_map"),
    "clustering": ("PermutationNull", "ReducedClustering", "permutation_null", "reduce_clustering",
                   "reduction_scores", "scores_over_seeds", "HeldOut", "held_out_scores"),
}

__all__ = [
    # tables of counts
    "BinaryTable", "Contingency", "MEASURES", "LAYOUTS", "LabelMatching", "Abstention", "rate_cells",
    "positive_masks",
    # scores, reports and scorers
    "informedness_score", "markedness_score", "bookmaker_report", "expected_cost_score", "scorer", "scorers",
    "SCORER_NAMES", "UndefinedMeasureWarning",
    # intervals, tests and comparisons
    "informedness_interval", "markedness_interval", "correlation_interval", "independence_test", "mcnemar",
    "compare_predictions", "INTERVAL_METHODS", "TEST_METHODS", "K_CLASS_MEASURES", "DEFAULT_COMPARED",
    "TABLE_MEASURES", "TABLE_INTERVAL_METHODS", "contingency_interval", "matthews_interval", "kappa_interval",
    "macro_f1_interval",
    "Interval", "Significance", "Comparison", "ComparisonReport", "BookmakerReport",
    "FoldComparison", "corrected_cv_test",
    "Coverage", "exact_coverage", "exact_coverage_random_composition", "CoverageSweep", "exact_coverage_sweep",
    "GroupComparison", "compare_groups",
    # rankings: ROC AUC and average precision
    "roc_auc", "roc_auc_interval", "compare_roc_auc", "average_precision", "roc_auc_ovr",
    "average_precision_interval", "roc_auc_ovr_interval",
    # proper scores and calibration
    "brier_score", "log_loss", "reliability_curve", "brier_decomposition", "compare_proper_scores",
    "ReliabilityCurve", "BrierDecomposition",
    # curves: ROC space, precision-recall and cost curves
    "roc_point", "threshold_tables", "roc_curve", "auc", "single_point_auc", "roc_convex_hull", "class_ratio",
    "isocost_slope", "isocost_intercept", "isocost_segment", "expected_cost", "optimal_operating_point",
    "distance_to_perfect", "distance_contour", "height_above_chance", "point_at_threshold", "operating_state",
    "cost_operating_state",
    "precision_recall_curve", "precision_recall_baseline", "precision_from_rates",
    "precision_recall_interpolation", "probability_cost", "normalised_expected_cost", "cost_curve",
    # averages of recall and precision
    "WEIGHTINGS", "WAV_READINGS", "positive_weight", "weighted_mean", "weighted_average", "averaged_g_measure",
    "averaged_f_measure",
    # betting and simulation
    "fair_odds", "reduced_odds", "expected_gain", "payoff_matrix", "table_payoffs", "total_winnings",
    "expected_winnings_per_bet", "binary_table_from_rates", "feasible_informedness", "NORMALISATIONS",
    "Simulation", "simulate_tables", "informed_decisions", "expected_table", "informedness_sampling_variance",
    "compare_informedness", "transpose_tables", "MarkerSimulation", "simulate_marker_tables",
    # clusterings
    "map_informedness", "best_map", "exhaustive_map",
    "PermutationNull", "ReducedClustering", "permutation_null", "reduce_clustering", "reduction_scores",
    "scores_over_seeds", "HeldOut", "held_out_scores",
]

_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then cached here); else AttributeError."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
