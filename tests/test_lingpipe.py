"""BinaryTable reproduces LingPipe's PrecisionRecallEvaluation table (seed 001, Cabernet/Syrah/Pinot).

Every expected number below is printed in the LingPipe documentation; where the
printed value is not the measure's value, the test says why (hand arithmetic in
the comment) instead of copying the package's output.
"""
import math

import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score, f1_score, matthews_corrcoef

from bookeval_lib import BinaryTable

# LingPipe's constructor order is (tp, fn, fp, tn): reference rows, response columns.
WINES = {"Cabernet": (9, 3, 4, 11), "Syrah": (5, 4, 4, 14), "Pinot": (4, 2, 1, 20)}


def wine(name):
    return BinaryTable.from_matrix(np.reshape(WINES[name], (2, 2)), layout="lingpipe")


# (BinaryTable measure, LingPipe method, printed Cabernet, Syrah, Pinot), 4 decimals.
PRINTED = [
    ("accuracy", "accuracy", 0.7407, 0.7037, 0.8889),
    ("recall", "recall", 0.7500, 0.5555, 0.6666),
    ("precision", "precision", 0.6923, 0.5555, 0.8000),
    ("inverse_recall", "rejectionRecall", 0.7333, 0.7778, 0.9524),
    ("inverse_precision", "rejectionPrecision", 0.7858, 0.7778, 0.9091),
    ("f1", "fMeasure", 0.7200, 0.5555, 0.7272),
    ("jaccard", "jaccardCoefficient", 0.5625, 0.3846, 0.5714),
    ("yules_q", "yulesQ", 0.7838, 0.6279, 0.9512),
    ("yules_y", "yulesY", 0.4835, 0.3531, 0.7269),
    ("prevalence", "referenceLikelihood", 0.4444, 0.3333, 0.2222),
    ("bias", "responseLikelihood", 0.4815, 0.3333, 0.1852),
    ("random_accuracy", "randomAccuracy", 0.5021, 0.5556, 0.6749),
    ("kappa", "kappa", 0.4792, 0.3333, 0.6583),
    ("random_accuracy_unbiased", "randomAccuracyUnbiased", 0.5027, 0.5556, 0.6756),
    ("kappa_unbiased", "kappaUnbiased", 0.4789, 0.3333, 0.6575),
    ("kappa_no_prevalence", "kappaNoPrevalence", 0.4814, 0.4074, 0.7778),
    ("chi_squared", "chiSquared", 6.2382, 3.0000, 11.8519),
    ("phi_squared", "phiSquared", 0.2310, 0.1111, 0.4390),
    ("accuracy_deviation", "accuracyDeviation", 0.0843, 0.0879, 0.0605),
]
# Printed values that are the exact value cut off (not rounded) after 4 decimals:
# 5/9 = 0.5555.., 2/3 = 0.6666.., 8/11 = 0.7272.., 2*(20/27) - 1 = 0.48148..
TRUNCATED = {("recall", "Syrah"), ("precision", "Syrah"), ("f1", "Syrah"), ("recall", "Pinot"),
             ("f1", "Pinot"), ("kappa_no_prevalence", "Cabernet")}
# Printed values that are neither rounded nor truncated (each explained in a test below).
DISAGREE = {("inverse_precision", "Cabernet"), ("kappa", "Cabernet"), ("kappa", "Pinot"),
            ("kappa_unbiased", "Cabernet")}


def test_the_tables_have_the_printed_margins():
    # positiveReference, negativeReference, positiveResponse, negativeResponse, correctResponse, total
    printed = {"Cabernet": (12, 15, 13, 14, 20, 27), "Syrah": (9, 18, 9, 18, 19, 27),
               "Pinot": (6, 21, 5, 22, 24, 27)}
    for name, margins in printed.items():
        t = wine(name)
        assert (t.real_positives, t.real_negatives, t.predicted_positives, t.predicted_negatives,
                t.tp + t.tn, t.total) == margins


@pytest.mark.parametrize("row", PRINTED, ids=[r[1] for r in PRINTED])
def test_every_printed_value(row):
    measure, _, *printed = row
    for name, shown in zip(WINES, printed):
        value = getattr(wine(name), measure)
        if (measure, name) in TRUNCATED:
            assert math.floor(value * 1e4) / 1e4 == pytest.approx(shown) and round(value, 4) != shown
        elif (measure, name) in DISAGREE:
            assert round(value, 4) != shown and abs(value - shown) < 5e-4
        else:
            assert round(value, 4) == pytest.approx(shown), (measure, name, value, shown)


def test_disagreements_come_from_rounded_intermediates():
    # kappa, Cabernet: (0.7407 - 0.5021)/(1 - 0.5021) = 0.2386/0.4979 = 0.47921 -> 0.4792
    # (the exact 20/27 and 0.502058 give 0.479339 -> 0.4793).
    assert round((0.7407 - 0.5021) / (1 - 0.5021), 4) == 0.4792
    # kappa, Pinot: (0.8889 - 0.6749)/(1 - 0.6749) = 0.2140/0.3251 = 0.65826 -> 0.6583 (exact 0.658228).
    assert round((0.8889 - 0.6749) / (1 - 0.6749), 4) == 0.6583
    # kappaUnbiased, Cabernet: with 3 decimals, (0.741 - 0.503)/(1 - 0.503) = 0.47887 -> 0.4789 (exact 0.478621).
    assert round((0.741 - 0.503) / (1 - 0.503), 4) == 0.4789
    # rejectionPrecision, Cabernet: TN/(FN+TN) = 11/14 = 0.785714..; 0.7858 is neither rounding
    # nor truncation (both give 0.7857): an unexplained slip in the printed table.
    assert wine("Cabernet").inverse_precision == pytest.approx(11 / 14)
    assert round(11 / 14, 4) == 0.7857 == math.floor(11 / 14 * 1e4) / 1e4


def test_fowlkes_mallows_is_the_geometric_mean_and_the_printed_values_are_tp_over_it():
    printed = {"Cabernet": 12.49, "Syrah": 9.00, "Pinot": 5.48}
    for name, shown in printed.items():
        t = wine(name)
        # the measure: sqrt(precision * recall), e.g. Cabernet sqrt(9/13 * 9/12) = 0.72058
        assert t.fowlkes_mallows == pytest.approx(math.sqrt(t.precision * t.recall))
        assert 0 <= t.fowlkes_mallows <= 1
        # the printed number is TP / sqrt(P*R): Cabernet 9/0.72058 = 12.49
        assert round(t.tp / t.fowlkes_mallows, 2) == shown
    assert wine("Cabernet").fowlkes_mallows == pytest.approx(math.sqrt(9 / 13 * 9 / 12))


def test_printed_yules_q_formula_with_fp_squared_does_not_give_the_printed_value():
    # Pinot: (4*20 - 1*2)/(4*20 + 1*1) = 78/81 = 0.9630, but printed 0.9512 = 78/82 (FP*FN).
    assert round(78 / 81, 4) == 0.9630 and round(78 / 82, 4) == 0.9512
    assert round(wine("Pinot").yules_q, 4) == 0.9512


def test_printed_phi_squared_formula_gives_numbers_above_one():
    # Cabernet: ((9*11)*(4*3))^2/(12*15*13*14) = 1188^2/32760 = 43.08, printed 0.2310 = (99-12)^2/32760.
    assert round(1188**2 / 32760, 2) == 43.08 and round(87**2 / 32760, 4) == 0.2310
    assert wine("Cabernet").phi_squared == pytest.approx(87**2 / 32760)


def _labels(name):
    tp, fn, fp, tn = WINES[name]
    real = [1] * tp + [1] * fn + [0] * fp + [0] * tn
    predicted = [1] * tp + [0] * fn + [1] * fp + [0] * tn
    return real, predicted


@pytest.mark.parametrize("name", WINES)
def test_agrees_with_scikit_learn(name):
    real, predicted = _labels(name)
    t = wine(name)
    assert t.kappa == pytest.approx(cohen_kappa_score(real, predicted))
    assert t.f1 == pytest.approx(f1_score(real, predicted))
    assert t.phi_squared == pytest.approx(matthews_corrcoef(real, predicted) ** 2)


# ----------------------------------------------------------------------------- the six new properties


def test_scotts_pi_closed_form():
    # Scott's pi = (4(AD - BC) - (B - C)^2)/((2A+B+C)(2D+B+C)), A..D = TP, FP, FN, TN.
    # Cabernet: (4*(99 - 12) - 1)/(25*29) = 347/725; Syrah: (4*(70 - 16) - 0)/(18*36) = 216/648 = 1/3.
    assert wine("Cabernet").kappa_unbiased == pytest.approx(347 / 725)
    assert wine("Syrah").kappa_unbiased == pytest.approx(1 / 3)


def test_random_accuracy_and_kappa_no_prevalence_by_hand():
    # Cabernet: (12*13 + 15*14)/27^2 = 366/729; 2*20/27 - 1 = 13/27;
    # sqrt((20/27)*(7/27)/27) = sqrt(140)/27^1.5.
    t = wine("Cabernet")
    assert t.random_accuracy == pytest.approx(366 / 729)
    assert t.random_accuracy_unbiased == pytest.approx((25**2 + 29**2) / (4 * 27**2))
    assert t.kappa_no_prevalence == pytest.approx(13 / 27)
    assert t.accuracy_deviation == pytest.approx(math.sqrt(140) / 27**1.5)


NEW = ("random_accuracy", "random_accuracy_unbiased", "kappa_unbiased", "kappa_no_prevalence",
       "accuracy_deviation", "fowlkes_mallows")


@pytest.mark.parametrize("cells, undefined", [
    (dict(tp=0, fp=5, fn=0, tn=5), {"fowlkes_mallows"}),                      # RP = 0
    (dict(tp=0, fp=0, fn=5, tn=5), {"fowlkes_mallows"}),                      # PP = 0
    (dict(tp=0, fp=0, fn=0, tn=7), {"fowlkes_mallows", "kappa_unbiased"}),    # one class only
    (dict(tp=7, fp=0, fn=0, tn=0), {"kappa_unbiased"}),
    (dict(tp=0, fp=0, fn=0, tn=0), set(NEW)),                                 # N = 0
])
def test_new_measures_are_nan_exactly_where_documented(cells, undefined):
    t = BinaryTable(**cells)
    for name in NEW:
        assert math.isnan(getattr(t, name)) == (name in undefined), name


def test_new_measures_broadcast_and_accuracy_deviation_scales_with_n():
    t = BinaryTable(tp=[9, 5, 4], fp=[4, 4, 1], fn=[3, 4, 2], tn=[11, 14, 20])
    for name in NEW:
        values = getattr(t, name)
        assert values.shape == (3,)
        for i, wine_name in enumerate(WINES):
            assert values[i] == pytest.approx(getattr(wine(wine_name), name))
    proportions = BinaryTable(tp=9 / 27, fp=4 / 27, fn=3 / 27, tn=11 / 27)
    assert proportions.accuracy_deviation == pytest.approx(wine("Cabernet").accuracy_deviation * math.sqrt(27))
