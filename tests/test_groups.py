"""Tests of bookeval_lib.groups: one classifier in two groups of cases, checked by hand arithmetic, against
scikit-learn's and statsmodels' counts and intervals, and by the simulated coverage of the gap's interval."""
import math

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix

from bookeval_lib import BinaryTable, compare_groups, informedness_interval, markedness_interval
from bookeval_lib.groups import _linear_interval

statsmodels_proportion = pytest.importorskip("statsmodels.stats.proportion")

Z95 = 1.959963984540054          # Phi^-1(0.975)


def _two_groups():
    """Group a: TP 40, FP 10, FN 10, TN 40; group b: TP 30, FP 20, FN 20, TN 30."""
    y_true = [1] * 50 + [0] * 50 + [1] * 50 + [0] * 50
    y_pred = [1] * 40 + [0] * 10 + [1] * 10 + [0] * 40 + [1] * 30 + [0] * 20 + [1] * 20 + [0] * 30
    return y_true, y_pred, ["a"] * 100 + ["b"] * 100


def test_the_gap_of_informedness_by_hand():
    result = compare_groups(*_two_groups())
    # B_a = 0.8 - 0.2 = 0.6, B_b = 0.6 - 0.4 = 0.2: the gap 0.4.  Price-Bonett with m = 4 adds 1/2 success and
    # 1 trial: (40.5 - 10.5 - 30.5 + 20.5)/51 = 20/51; variance (2*40.5*10.5 + 2*30.5*20.5)/51^3 = 2101/132651.
    centre, half = 20 / 51, Z95 * math.sqrt(2101 / 51 ** 3)
    gap = result.informedness_difference
    assert gap.estimate == pytest.approx(0.4, abs=1e-12)
    assert (gap.low, gap.high) == pytest.approx((centre - half, centre + half), abs=1e-12)
    assert (round(gap.low, 4), round(gap.high, 4)) == (0.1455, 0.6388)
    assert gap.method == "price-bonett" and not gap.undefined
    # markedness: PP = PN = 50 in both groups, PPV 0.8 and 0.6, FOR 0.2 and 0.4: the same numbers
    assert (result.markedness_difference.low, result.markedness_difference.high) == pytest.approx(
        (centre - half, centre + half), abs=1e-12)
    assert result.groups == ("a", "b")
    assert str(result).splitlines()[-2] == "gap a - b: ΔB = 0.400 [0.145, 0.639] (95 %, Price–Bonett)"


def test_each_groups_table_and_intervals_are_sklearns_counts_and_the_packages_intervals():
    rng = np.random.default_rng(5)
    y_true = rng.integers(0, 2, 300)
    y_pred = np.where(rng.random(300) < 0.6, y_true, rng.integers(0, 2, 300))
    groups = rng.choice(["f", "m"], 300)
    result = compare_groups(y_true, y_pred, groups)
    for name, table, b, m in zip(("f", "m"), result.tables, result.informedness, result.markedness):
        (tn, fp), (fn, tp) = confusion_matrix(y_true[groups == name], y_pred[groups == name])  # rows: true
        assert (table.tp, table.fp, table.fn, table.tn) == (tp, fp, fn, tn)
        reference = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
        assert tuple(b) == tuple(informedness_interval(reference))
        assert tuple(m) == tuple(markedness_interval(reference))


def test_the_gaps_of_recall_and_fallout_are_statsmodels_agresti_caffo():
    y_true, y_pred, groups = _two_groups()
    result = compare_groups(y_true, y_pred, groups, confidence=0.9)
    for gap, (count_a, count_b) in ((result.recall_difference, (40, 30)), (result.fallout_difference, (10, 20))):
        low, high = statsmodels_proportion.confint_proportions_2indep(
            count_a, 50, count_b, 50, method="agresti-caffo", compare="diff", alpha=0.1)
        assert (gap.low, gap.high) == pytest.approx((low, high), abs=1e-12)


def test_with_two_proportions_price_bonett_is_agresti_caffo():
    # m = 2: 2/m = 1 success and 4/m = 2 trials added, Agresti and Caffo's rule (statsmodels' implementation)
    _, low, high, _ = _linear_interval([7, 19, 0, 0], [23, 31, 1, 1], (1.0, -1.0, 0.0, 0.0), Z95)
    reference = statsmodels_proportion.confint_proportions_2indep(7, 23, 19, 31, method="agresti-caffo",
                                                                   compare="diff")
    assert (float(low), float(high)) == pytest.approx(reference, abs=1e-12)


def test_the_gap_is_first_group_minus_second_in_sorted_order():
    y_true, y_pred, groups = _two_groups()
    swapped = ["z" if g == "a" else "b" for g in groups]          # now "b" sorts first
    result = compare_groups(y_true, y_pred, swapped)
    assert result.groups == ("b", "z")
    assert result.informedness_difference.estimate == pytest.approx(-0.4, abs=1e-12)


def test_a_group_without_positives_gives_nan_with_its_reason():
    result = compare_groups([1, 0, 1, 0, 0, 0], [1, 0, 0, 0, 1, 0], [1, 1, 1, 1, 2, 2])
    for gap in (result.recall_difference, result.informedness_difference):
        assert np.isnan(gap.low) and np.isnan(gap.high) and gap.undefined
        assert "no real positive" in gap.reason


@pytest.mark.parametrize("groups, message", [
    ([1, 1, 1, 1], "exactly two distinct values, got 1"),
    ([1, 2, 3, 3], "exactly two distinct values, got 3"),
    ([1, 2, 1], "groups has 3 labels but y_true has 4"),
    ([[1, 2], [1, 2]], "groups must be a 1-D sequence"),
])
def test_bad_groups_are_refused_by_name(groups, message):
    with pytest.raises(ValueError, match=message):
        compare_groups([1, 0, 1, 0], [1, 0, 0, 0], groups)


@pytest.mark.parametrize("counts", [
    # (RP_a, RN_a, RP_b, RN_b), (tpr_a, fpr_a, tpr_b, fpr_b): small groups, unequal classes, accurate near 1
    ((20, 40, 30, 30), (0.8, 0.2, 0.6, 0.3)),
    ((10, 50, 15, 45), (0.9, 0.05, 0.7, 0.1)),
    ((40, 40, 40, 40), (0.95, 0.05, 0.95, 0.05)),
])
def test_coverage_of_the_informedness_gap_in_a_seeded_study(counts):
    # The claim: in these regimes the 95 % interval covers the true gap at least 0.93 of the time (the
    # single-table Agresti-Caffo interval's floor with 10 or more cases a class is 0.924).  With 4,000
    # simulated pairs of tables the estimate's standard error is at most sqrt(0.93*0.07/4000) = 0.0040, so
    # a method at the floor passes 0.93 - 3 SE = 0.918 but for a 0.13 % chance; and the interval must
    # not be needlessly wide: coverage at most 0.99.
    totals, rates = counts
    trials = 4000
    rng = np.random.default_rng(sum(totals))
    draws = [rng.binomial(n, p, size=trials) for n, p in zip(totals, rates)]
    truth = rates[0] - rates[1] - rates[2] + rates[3]
    _, low, high, undefined = _linear_interval(draws, [np.full(trials, n) for n in totals],
                                               (1.0, -1.0, -1.0, 1.0), Z95)
    assert not undefined.any()
    covered = np.mean((low <= truth) & (truth <= high))
    assert 0.93 - 3 * math.sqrt(0.93 * 0.07 / trials) <= covered <= 0.99


# ---------------------------------------------------------------------- notebook 15's exercises, worked by hand
# The counts are those of notebook 15's test half, which its check cell counts with scikit-learn's
# confusion_matrix: sex 1 TP 38, FP 11, FN 22, TN 47; sex 2 TP 39, FP 14, FN 11, TN 39; older TP 44, FP 11,
# FN 11, TN 33; younger TP 33, FP 14, FN 22, TN 53.
def _fallout_gap_by_statsmodels():
    low, high = statsmodels_proportion.confint_proportions_2indep(11, 58, 14, 53, method="agresti-caffo")
    return (11 / 58 - 14 / 53, low, high)


WORKED = {
    "15.1": _fallout_gap_by_statsmodels,
    "15.2": lambda: "selection",                        # the scaler ignores the labels; selection uses them
    # B older = 44/55 - 11/44 = 0.55, B younger = 33/55 - 14/67
    "15.3": lambda: (44 / 55 - 11 / 44) - (33 / 55 - 14 / 67),
}


@pytest.mark.parametrize("exercise_id", sorted(WORKED))
def test_the_worked_answers_of_notebook_15_pass_their_checks(exercise_id):
    from bookeval_lib.course.checker import check, exercises

    assert {e.id for e in exercises("15")} == set(WORKED)
    result = check(exercise_id, WORKED[exercise_id]())
    assert result, result.message


def test_exercise_15_1_names_the_sign_and_the_wrong_rate():
    from bookeval_lib.course.checker import check

    estimate, low, high = _fallout_gap_by_statsmodels()
    flipped = check("15.1", (-estimate, -high, -low))
    assert not flipped and "sex 2 minus sex 1" in flipped.message
    low, high = statsmodels_proportion.confint_proportions_2indep(38, 60, 39, 50, method="agresti-caffo")
    recall = check("15.1", (38 / 60 - 39 / 50, low, high))
    assert not recall and "gap of recall" in recall.message
