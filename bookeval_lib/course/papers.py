"""What the source papers print, as data, each with its source.

Numbers are copied as printed (per cent stays per cent); where a printed value
is wrong, the notebooks and ``notebooks/ERRATA.md`` say so and why, and the
value here stays as printed.  Seeds: Powers 2003, "Recall and Precision versus
the Bookmaker" (ICCS 2003, paper and poster); Powers 2008, "Evaluation
Evaluation: a Monte Carlo study" (ECAI 2008); LingPipe 2.1, documentation of
``com.aliasi.classify.PrecisionRecallEvaluation``.
"""
from __future__ import annotations

from typing import Any

__all__ = [
    "PAPER_TABLE_1", "PAPER_EVALUATION", "PAPER_CLASSIFIED", "FIGURE1_MODELS",
    "LINGPIPE_WINES", "LINGPIPE_PRINTED", "LINGPIPE_MARGINS",
]

# ---------------------------------------------------------------------- Powers 2003
#: Powers 2003, Table 1: sense -> (tf, df), occurrences and documents.
PAPER_TABLE_1 = {
    "A": (127, 37), "B": (2, 2), "C": (2, 2), "D": (1, 1), "E": (16, 14), "F": (1, 1),
    "G": (4, 3), "H": (9, 1), "I": (5, 5), "J": (2, 2), "K": (11, 3), "L": (1, 1),
    "M": (229, 87), "N": (75, 42), "O": (8, 4), "P": (5, 1), "Q": (2, 1),
}

#: Powers 2003, the 12-class table after Table 1 (per cent): label ->
#: (recall r, precision p, B, F, G); "wav" is its weighted-average column.
#: Its r and p entries are None: the "34" of that column is the coverage
#: 170/500, not an average of r or p.  B_wav = 86 % was discounted to
#: 0.86 * 0.34 = 29 %.
PAPER_EVALUATION = {
    "A": (100, 35, 100, 52, 60), "B": (3, 100, -24, 5, 16), "E": (33, 100, 32, 50, 58),
    "G": (7, 33, -2, 11, 15), "H": (13, 25, 5, 17, 18), "I": (10, 100, 4, 18, 32),
    "K": (33, 25, 32, 29, 29), "M": (100, 33, 100, 50, 58), "N": (100, 24, 100, 39, 49),
    "O": (8, 25, 1, 13, 14), "P": (13, 100, -2, 22, 35), "Z": (20, 100, 18, 33, 45),
    "wav": (None, None, 86, 18, 31),
}
#: Powers 2003: the retained classes classify 170 of the 500 occurrences.
PAPER_CLASSIFIED = (170, 500)

#: Powers 2003, Figure 1: the four models of the spreadsheet, N = 100 cases,
#: prevalence Pr(+R) = 70 %, the guess backs + 80 % of the time, and the share
#: G of informed play (model 1 guesses, model 2 is perfect, models 3 and 4
#: mix in 15 % of perfect and of reversed play).
FIGURE1_MODELS: dict[str, Any] = {"prevalence": 0.7, "guess_bias": 0.8,
                                  "informedness": (0.0, 1.0, 0.15, -0.15), "total": 100}

# ---------------------------------------------------------------------- LingPipe 2.1
#: The three one-versus-rest wine tables of LingPipe's documentation, in its
#: constructor order (tp, fn, fp, tn): reference rows, response columns.
LINGPIPE_WINES = {"Cabernet": (9, 3, 4, 11), "Syrah": (5, 4, 4, 14), "Pinot": (4, 2, 1, 20)}

#: The printed margins: method -> (Cabernet, Syrah, Pinot).
LINGPIPE_MARGINS = {"positiveReference": (12, 9, 6), "negativeReference": (15, 18, 21),
                    "positiveResponse": (13, 9, 5), "negativeResponse": (14, 18, 22),
                    "correctResponse": (20, 19, 24), "total": (27, 27, 27)}

#: The printed values: LingPipe method -> (BinaryTable measure, Cabernet, Syrah, Pinot).
LINGPIPE_PRINTED = {
    "accuracy": ("accuracy", 0.7407, 0.7037, 0.8889),
    "recall": ("recall", 0.7500, 0.5555, 0.6666),
    "precision": ("precision", 0.6923, 0.5555, 0.8000),
    "rejectionRecall": ("inverse_recall", 0.7333, 0.7778, 0.9524),
    "rejectionPrecision": ("inverse_precision", 0.7858, 0.7778, 0.9091),
    "fMeasure": ("f1", 0.7200, 0.5555, 0.7272),
    "jaccardCoefficient": ("jaccard", 0.5625, 0.3846, 0.5714),
    "yulesQ": ("yules_q", 0.7838, 0.6279, 0.9512),
    "yulesY": ("yules_y", 0.4835, 0.3531, 0.7269),
    "referenceLikelihood": ("prevalence", 0.4444, 0.3333, 0.2222),
    "responseLikelihood": ("bias", 0.4815, 0.3333, 0.1852),
    "randomAccuracy": ("random_accuracy", 0.5021, 0.5556, 0.6749),
    "kappa": ("kappa", 0.4792, 0.3333, 0.6583),
    "randomAccuracyUnbiased": ("random_accuracy_unbiased", 0.5027, 0.5556, 0.6756),
    "kappaUnbiased": ("kappa_unbiased", 0.4789, 0.3333, 0.6575),
    "kappaNoPrevalence": ("kappa_no_prevalence", 0.4814, 0.4074, 0.7778),
    "chiSquared": ("chi_squared", 6.2382, 3.0000, 11.8519),
    "phiSquared": ("phi_squared", 0.2310, 0.1111, 0.4390),
    "accuracyDeviation": ("accuracy_deviation", 0.0843, 0.0879, 0.0605),
}
