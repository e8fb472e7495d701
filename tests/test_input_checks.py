"""No silent answers: the one label check, undefined values, extreme counts, arguments and file readers.

Every expected number here is worked out by hand in a comment, or comes from scikit-learn, scipy or
a table computed without the package.  Tolerances: a ratio of sums of at most four cells carries a few
roundings (u = 2^-53 = 1.1e-16 each), so measures in [-1, 1] agree to a few 1e-16; 1e-12 leaves a
margin of more than a thousand.
"""
import io
import json
import re
import tarfile
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st
from sklearn.metrics import confusion_matrix

from bookeval_lib import BinaryTable, Contingency, UndefinedMeasureWarning, _checks
from bookeval_lib import averages, betting, cli, clustering, coverage, curves, metrics
from bookeval_lib import _resampling as resampling, montecarlo, roc, uncertainty
from bookeval_lib.course import cheatsheet
from bookeval_lib.matching import best_map
from bookeval_lib.uncertainty import compare_predictions, independence_test, mcnemar
from bookeval_lib.course.replications import betting as course_betting, concordance, mixture
from table_checks import CONTINGENCY_MEASURES, TOLERANCE, same


# ---------------------------------------------------------------------- one label check
#: Every public function that takes label vectors, as (name of the argument the labels go to, call).
#: Each call puts ``labels`` in the named argument and valid 0/1 labels of the same length elsewhere.
def _other(labels):
    return [i % 2 for i in range(len(labels))]


LABEL_TAKERS = {
    "contingency y_pred": ("y_pred", lambda v: metrics.contingency(_other(v), v)),
    "contingency y_true": ("y_true", lambda v: metrics.contingency(v, _other(v))),
    "informedness_score": ("y_pred", lambda v: metrics.informedness_score(_other(v), v)),
    "markedness_score": ("y_pred", lambda v: metrics.markedness_score(_other(v), v)),
    "expected_cost_score": ("y_pred", lambda v: metrics.expected_cost_score(_other(v), v)),
    "bookmaker_report": ("y_true", lambda v: metrics.bookmaker_report(v, _other(v))),
    "compare_predictions": ("y_pred_b", lambda v: compare_predictions(_other(v), _other(v), v,
                                                                               n_resamples=10)),
    "BinaryTable.from_labels": ("y_pred", lambda v: BinaryTable.from_labels(_other(v), v, pos_label=1)),
    "Contingency.from_labels": ("y_true", lambda v: Contingency.from_labels(v, _other(v))),
    "roc_curve": ("y_true", lambda v: roc.roc_curve(v, np.linspace(0, 1, len(v)), pos_label=1)),
    "precision_recall_curve": ("y_true", lambda v: curves.precision_recall_curve(v, np.linspace(0, 1, len(v)),
                                                                                 pos_label=1)),
    "compare_predictions y_pred_a": ("y_pred_a", lambda v: compare_predictions(_other(v), v, _other(v),
                                                                               n_resamples=10)),
}

# label vectors of whole numbers with one value that is not whole (a probability, a margin)
non_integral = st.floats(-1e6, 1e6, allow_nan=False).filter(lambda x: x != np.floor(x))
score_vectors = st.tuples(st.lists(st.integers(0, 1), min_size=2, max_size=30), non_integral,
                          st.integers(0, 10**6)).map(
    lambda t: (np.array(t[0], dtype=float), t[1], t[2] % len(t[0])))


@pytest.mark.parametrize("taker", LABEL_TAKERS)
@settings(max_examples=40)
@given(score_vectors)
def test_a_non_integral_number_among_the_labels_is_refused_naming_the_argument(taker, vector):
    # main took a stump's predict_proba[:, 1] (two distinct values) or a decision function as labels
    argument, call = LABEL_TAKERS[taker]
    labels, value, position = vector
    labels[position] = value
    with pytest.raises(ValueError, match=rf"^{argument} holds .* at position {position}, not a whole number.*"
                                         r"threshold.*roc_curve"):
        call(labels)


def test_a_stump_and_a_decision_function_are_not_labels():
    y = np.array([0, 1, 1, 0, 1])
    stump = np.array([0.3, 0.7, 0.7, 0.3, 0.7])               # predict_proba[:, 1] of a depth-1 tree
    margin = np.array([-1.5, 2.3, 0.1, -0.2, 3.3])             # decision_function
    for scores in (stump, margin):
        with pytest.raises(ValueError, match="^y_pred holds"):
            metrics.informedness_score(y, scores)
        with pytest.raises(ValueError, match="^y_pred holds"):
            metrics.contingency(y, scores)
    with pytest.raises(ValueError, match="^y_pred holds inf"):
        metrics.contingency([0, 1], [0.0, np.inf])


#: Every public function that takes two label vectors, called with (real, predicted).
PAIR_TAKERS = {
    "contingency": metrics.contingency,
    "informedness_score": metrics.informedness_score,
    "markedness_score": metrics.markedness_score,
    "bookmaker_report": metrics.bookmaker_report,
    "expected_cost_score": lambda a, b: metrics.expected_cost_score(a, b, pos_label=a[0]),
    "compare_predictions": lambda a, b: compare_predictions(a, a, b, n_resamples=10),
    "BinaryTable.from_labels": lambda a, b: BinaryTable.from_labels(a, b, pos_label=a[0]),
    "Contingency.from_labels": Contingency.from_labels,
    "compare_predictions y_pred_a": lambda a, b: compare_predictions(a, b, a, n_resamples=10),
}


@pytest.mark.parametrize("taker", PAIR_TAKERS)
@pytest.mark.parametrize("first, second, kinds", [
    (["1", "0", "1", "0"], [1, 0, 1, 0], ("strings", "numbers")),
    (["pos", "neg", "pos", "neg"], [1, 0, 1, 0], ("strings", "numbers")),
    ([b"1", b"0", b"1", b"0"], ["1", "0", "1", "0"], ("bytes", "strings")),
], ids=["'1' and 1", "pos/neg and 1/0", "bytes and strings"])
def test_labels_of_two_kinds_are_refused_by_every_function(taker, first, second, kinds):
    # main joined the vectors with np.concatenate: "1" equalled 1, and ["pos", "neg"] against [1, 0]
    # gave a 4 x 4 table
    for (a, kind_a), (b, kind_b) in (((first, kinds[0]), (second, kinds[1])),
                                     ((second, kinds[1]), (first, kinds[0]))):
        with pytest.raises(ValueError, match=f"holds {kind_a} but .* holds {kind_b}.*use one kind of label"):
            PAIR_TAKERS[taker](a, b)


def test_bytes_and_strings_are_two_kinds_within_one_vector():
    # numpy turns [b"a", "a"] into two equal strings
    with pytest.raises(ValueError, match="mixes labels of two kinds, bytes and strings"):
        Contingency.from_labels([b"a", "a"], ["a", "a"])


def test_the_listed_labels_are_checked_as_labels():
    with pytest.raises(ValueError, match="^labels must not contain missing labels: None at position 1"):
        metrics.contingency([0, 1], [0, 1], labels=[0, None])
    with pytest.raises(ValueError, match="^labels holds strings but the labels are numbers"):
        metrics.informedness_score([0, 1], [0, 1], labels=["0", "1"])
    with pytest.raises(ValueError, match="^labels must be distinct, got 1 twice"):
        metrics.contingency([0, 1], [0, 1], labels=[0, 1, 1])
    with pytest.raises(ValueError, match="^labels does not list \\[2\\]"):
        metrics.contingency([0, 2], [0, 1], labels=[0, 1])


def test_a_positive_label_of_another_kind_is_refused():
    with pytest.raises(ValueError, match="pos_label=1 is one of the numbers but the labels are strings"):
        BinaryTable.from_labels(["1", "0"], ["0", "0"], pos_label=1)
    with pytest.raises(ValueError, match="pos_label='1' is one of the strings but the labels are numbers"):
        roc.roc_curve([1, 0], [0.2, 0.1], pos_label="1")
    with pytest.raises(ValueError, match="pos_label=1 is one of the numbers but the labels are strings"):
        metrics.expected_cost_score(["a", "b"], ["a", "a"])


def test_messages_name_the_argument_the_user_passed():
    with pytest.raises(ValueError, match="^y_pred_a holds 0.5 at position 0"):
        compare_predictions([0, 1, 0, 1], [0.5, 1, 0, 1], [0, 1, 0, 1])
    with pytest.raises(ValueError, match="^y_true holds numbers but y_pred_b holds strings"):
        compare_predictions([0, 1, 0, 1], [0, 1, 0, 1], ["0", "1", "0", "1"])
    with pytest.raises(ValueError, match="^sample_weight adds up to more than the largest float"):
        metrics.bookmaker_report([0, 0, 1], [0, 0, 1], sample_weight=[1e308, 1e308, 1.0])   # main: "counts"
    with pytest.raises(ValueError, match="^y_true and y_pred are empty: give labels="):
        Contingency.from_labels([], [])
    empty = Contingency.from_labels([], [], labels=[0, 1])        # an empty table of two named classes
    assert empty.total == 0 and np.isnan(empty.informedness)


# ---------------------------------------------------------------------- a listed label with no case
labels_3 = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2)), min_size=1, max_size=60)


@given(labels_3)
def test_a_listed_label_with_no_case_contributes_nothing(pairs):
    # main: B(9) is nan (no real case) with weight 0, and 0 * nan = nan made B and M nan in every fold
    real, predicted = (list(side) for side in zip(*pairs))
    present = sorted(set(real) | set(predicted))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        for score in (metrics.informedness_score, metrics.markedness_score):
            assert same(score(real, predicted, labels=present + [9]), score(real, predicted))
    table = metrics.contingency(real, predicted)
    padded = metrics.contingency(real, predicted, labels=[9] + present)
    for name in CONTINGENCY_MEASURES:
        assert same(getattr(padded, name), getattr(table, name)), name
    assert padded.undefined == table.undefined
    report, padded_report = (metrics.bookmaker_report(real, predicted, labels=labels, output_dict=True)
                             for labels in (present, present + [9]))
    for row in ("macro avg", "weighted avg"):
        for key, value in report[row].items():
            assert same(padded_report[row][key], value), (row, key)


def test_a_scorer_with_fixed_labels_is_defined_on_a_fold_without_one_class():
    # scikit-learn's own idiom, make_scorer(informedness_score, labels=[0, 1, 2]), on a fold with no 2:
    # real 0 0 1 1, predicted 0 1 1 1 -> tpr(1) = 1, fpr(1) = 1/2 -> B = 1/2 (two classes: B = tpr - fpr)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert metrics.informedness_score([0, 0, 1, 1], [0, 1, 1, 1], labels=[0, 1, 2]) == pytest.approx(0.5)


# ---------------------------------------------------------------------- a slice with no positive case
def test_a_slice_with_no_positive_case_is_a_table():
    # a subgroup with five negatives, all predicted negative; scikit-learn counts it with labels=[0, 1]
    zeros = np.zeros(5, dtype=int)
    tn, fp, fn, tp = confusion_matrix(zeros, zeros, labels=[0, 1]).ravel()
    table = BinaryTable.from_labels(zeros, zeros, pos_label=1)
    assert (table.tp, table.fp, table.fn, table.tn) == (tp, fp, fn, tn) == (0, 0, 0, 5)
    assert np.isnan(table.recall) and table.inverse_recall == 1.0
    named = BinaryTable.from_labels(["neg"] * 3, ["neg", "neg", "neg"], pos_label="pos")
    assert (named.tp, named.fp, named.fn, named.tn) == (0, 0, 0, 3)
    # expected cost with unit costs is the error rate: no error in the slice
    assert metrics.expected_cost_score(zeros, zeros, pos_label=1) == 0.0
    with pytest.raises(ValueError, match="^pos_label must be one of the two labels .* got 3"):
        BinaryTable.from_labels([0, 1], [0, 0], pos_label=3)


# ---------------------------------------------------------------------- the undefined policy of the scorers
def test_an_undefined_score_warns_with_the_package_warning_naming_the_measure_and_why():
    real, never_one = [0, 0, 1, 1], [0, 0, 0, 0]               # label 1 is never predicted: M undefined
    with pytest.warns(UndefinedMeasureWarning, match="markedness is undefined.*1.*never predicted"):
        assert np.isnan(metrics.markedness_score(real, never_one))
    assert issubclass(UndefinedMeasureWarning, UserWarning)
    assert not issubclass(UndefinedMeasureWarning, RuntimeWarning)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert metrics.markedness_score(real, never_one, undefined=0.0) == 0.0
        assert np.isnan(metrics.markedness_score(real, never_one, undefined=np.nan))
        # defined values are returned whatever the policy: B = 1/2 - 0 = ... tpr(0) = 1, fpr(0) = 1 -> 0
        assert metrics.informedness_score(real, never_one, undefined=7.0) == 0.0
    with pytest.warns(UndefinedMeasureWarning, match="expected cost is undefined.*every sample weight is 0"):
        metrics.expected_cost_score([0, 1], [1, 1], sample_weight=[0, 0])
    for bad in ("zero", None, [0.0], np.inf):
        with pytest.raises(ValueError, match="^undefined must be"):
            metrics.informedness_score(real, never_one, undefined=bad)


def test_a_scorer_follows_the_policy_in_scikit_learn():
    from sklearn.dummy import DummyClassifier

    x, y = np.zeros((6, 1)), np.array([0, 0, 0, 0, 1, 1])
    model = DummyClassifier(strategy="most_frequent").fit(x, y)       # predicts 0 for every case
    with pytest.warns(UndefinedMeasureWarning, match="markedness"):
        assert np.isnan(metrics.scorer("markedness")(model, x, y))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert metrics.scorer("markedness", undefined=0.0)(model, x, y) == 0.0
        assert metrics.scorers(undefined=0.0)["markedness"](model, x, y) == 0.0
    with pytest.raises(ValueError, match="^undefined must be"):
        metrics.scorer("informedness", undefined="silent")


# ---------------------------------------------------------------------- crosstabs with margins
@pytest.mark.parametrize("make", [
    lambda r, p: pd.crosstab(r, p, margins=True),
    lambda r, p: pd.crosstab(r, p, margins=True, margins_name="Total"),
    lambda r, p: pd.crosstab(r, p, margins=True, margins_name="Σ", normalize="all"),
    lambda r, p: pd.concat([pd.crosstab(r, p), pd.crosstab(r, p).sum().to_frame("sum").T]),
    lambda r, p: pd.crosstab(r, p).assign(n=lambda f: f.sum(axis=1)),
], ids=["All", "Total", "normalised", "a sum row by hand", "a sum column by hand"])
def test_from_crosstab_refuses_margins_under_any_name(make):
    # main refused only margins named "All" and read a "Total" row and column as a class
    real = np.array(["a", "a", "b", "c", "c", "c", "b"])
    predicted = np.array(["a", "b", "b", "c", "a", "c", "b"])
    with pytest.raises(ValueError, match="^frame has margins"):
        Contingency.from_crosstab(make(real, predicted), rows="real")


def test_from_crosstab_names_the_frame_in_its_errors():
    with pytest.raises(ValueError, match="^frame must be counts or proportions"):      # main: "counts"
        Contingency.from_crosstab(pd.DataFrame([[1, -2], [3, 4]]), rows="real")


def test_from_crosstab_keeps_a_class_named_like_a_margin():
    # a class called "All" whose row is not a sum, and a last row that is a sum but names a column
    frame = pd.DataFrame([[5, 1], [2, 7]], index=["x", "All"], columns=["x", "All"])
    assert Contingency.from_crosstab(frame, rows="real").classes == ("x", "All")
    frame = pd.DataFrame([[3, 1], [3, 1]], index=["x", "y"], columns=["y", "x"])   # row y = row x
    table = Contingency.from_crosstab(frame, rows="predicted")
    np.testing.assert_array_equal(table.counts, [[3, 1], [3, 1]])


# ---------------------------------------------------------------------- averages and betting
def test_the_averages_are_nan_where_a_weighted_term_is_undefined():
    # F1 of the positive problem is undefined (TP = FP = FN = 0), F1 of the inverse problem is 1;
    # with equal weights the harmonic mean needs both: nan (main returned 0)
    only_negatives = BinaryTable(tp=0, fp=0, fn=0, tn=5)
    assert np.isnan(averages.averaged_f_measure(only_negatives, "equal"))
    # with bias weights the positive problem weighs pp = 0 and is dropped: 1
    assert averages.averaged_f_measure(only_negatives, "bias") == 1.0
    empty = BinaryTable(tp=0, fp=0, fn=0, tn=0)                        # main raised a ValueError
    assert np.isnan(averages.averaged_f_measure(empty))
    assert np.isnan(averages.averaged_g_measure(empty))
    assert np.isnan(averages.weighted_average(empty, "arithmetic"))
    # a zero F still gives the harmonic mean's limit 0: F1 = 0 (TP = 0), F1' = 0 (TN = 0)
    assert averages.averaged_f_measure(BinaryTable(tp=0, fp=5, fn=5, tn=0), "equal") == 0.0


def test_expected_winnings_are_nan_for_a_missing_class_as_on_contingency():
    missing = Contingency([[3, 0], [2, 0]], layout="powers")           # class 1 has no cases
    assert np.isnan(missing.informedness_prevalence_weighted)
    assert np.isnan(betting.expected_winnings_per_bet(missing))       # main raised a ValueError
    # an empty name contributes nothing: [[30, 10], [20, 40]] padded with a third name
    table = [[30, 10], [20, 40]]
    padded = Contingency([[30, 10, 0], [20, 40, 0], [0, 0, 0]], layout="powers")
    # unit payoffs: B = tpr - fpr = 30/50 - 10/50 = 0.4 for two classes
    assert betting.expected_winnings_per_bet(padded) == pytest.approx(0.4, abs=TOLERANCE)
    assert betting.expected_winnings_per_bet(np.array(table, dtype=float)) == pytest.approx(0.4, abs=TOLERANCE)
    assert padded.informedness_prevalence_weighted == pytest.approx(0.4, abs=TOLERANCE)


# ---------------------------------------------------------------------- extreme counts
def test_cells_near_the_largest_float():
    # four equal cells: tpr = fpr = 1/2, so B = 0 and every correlation is 0 (main gave B = -1)
    huge = BinaryTable(tp=1.7e308, fp=1.7e308, fn=1.7e308, tn=1.7e308)
    assert huge.informedness == 0.0 and huge.markedness == 0.0 and huge.recall == 0.5
    assert huge.accuracy == 0.5 and huge.prevalence == 0.5
    assert huge.total == np.inf                          # N itself is beyond the largest float
    assert "inf" in repr(huge) and "inf" in huge._repr_html_()
    # accuracy 1/2 of N = 4e200 cases: sqrt(1/4 / 4e200) = 0.5 / 2e100 = 2.5e-101
    assert BinaryTable(tp=1e200, fp=1e200, fn=1e200, tn=1e200).accuracy_deviation == pytest.approx(2.5e-101,
                                                                                                    rel=1e-14)
    # F_beta -> recall as beta grows: TP/(TP + FN) = 1/4 (the weight of precision is 1e-400, below 1e-308)
    table = BinaryTable(tp=1, fp=2, fn=3, tn=4)
    assert table.f_measure(beta=1e200) == 0.25
    assert table.f_measure(beta=0.0) == pytest.approx(1 / 3, rel=1e-15)          # precision TP/(TP + FP)


def test_mcnemar_and_the_expected_cost_do_not_overflow():
    # (FN - FP)^2/(FP + FN) = (2e300)^2/4e300 = 1e300; with the correction (2e300 - 1)^2/4e300, the same
    # number in floats
    result = mcnemar(BinaryTable(tp=1e300, fp=1e300, fn=3e300, tn=1e300), method="chi2")
    assert result.statistic == pytest.approx(1e300, rel=1e-15) and result.pvalue == 0.0
    # FP = 1 and FN = 1 of 4 cases at 1e308 each: (1e308 + 1e308)/4 = 5e307
    assert metrics.expected_cost_score([0, 1, 1, 0], [1, 0, 1, 0], false_positive_cost=1e308,
                                       false_negative_cost=1e308) == pytest.approx(5e307, rel=1e-15)
    # the same with weights up to 1e308: FP weight 1e308, FN weight 1, N = 2e308 + 2 -> cost c/2 = 5e307
    assert metrics.expected_cost_score([0, 1, 1, 0], [1, 0, 1, 0], false_positive_cost=1e308,
                                       false_negative_cost=1e308,
                                       sample_weight=[1e308, 1, 1, 1e308]) == pytest.approx(5e307, rel=1e-15)


def test_fisher_refuses_counts_scipy_cannot_represent():
    # at 1e15 scipy's int64 products wrap round (main printed an odds ratio of 0.22 for 66.7)
    with pytest.raises(ValueError, match="^table is too large for method='fisher'.*method='chi2'"):
        independence_test(BinaryTable(tp=2e15, fp=3e14, fn=1e14, tn=1e15), method="fisher")
    # below the bound the odds ratio is right: (2e9 * 1e9)/(3e8 * 1e8) = 2e18/3e16 = 66.67
    result = independence_test(BinaryTable(tp=2e9, fp=3e8, fn=1e8, tn=1e9), method="fisher")
    assert result.statistic == pytest.approx(200 / 3, rel=1e-12)


def test_subnormal_cells_are_a_table():
    # main raised OverflowError (2.0 ** 1074); two diagonal cells: a perfect classifier
    table = Contingency([[5e-324, 0.0], [0.0, 5e-324]], layout="powers")
    assert table.informedness == 1.0 and table.markedness == 1.0 and table.accuracy == 1.0
    assert BinaryTable(tp=5e-324, fp=0.0, fn=0.0, tn=1e-323).informedness == 1.0


extreme = st.sampled_from([0.0, 5e-324, 1e-310, 1e-300, 1e-16, 1.0, 3.0, 1e15, 1e200, 1e300, 1.7e308])


def _calls_on(table, contingencies):
    """Every public function of a table, as calls without arguments."""
    calls = [table.measures, lambda: table.f_measure(2.0), lambda: repr(table), table._repr_html_,
             lambda: mcnemar(table, method="chi2"), lambda: mcnemar(table, method="chi2", correction=True),
             lambda: independence_test(table)]
    calls += [lambda w=w: (averages.averaged_f_measure(table, w), averages.averaged_g_measure(table, w),
                           averages.weighted_average(table, "arithmetic", w)) for w in averages.WEIGHTINGS]
    for k in contingencies:
        calls += [k.measures, lambda k=k: k.undefined, lambda k=k: repr(k), k._repr_html_, lambda k=k: k.total,
                  lambda k=k: (k.informedness_per_label, k.markedness_per_label), lambda k=k: k.abstain([1]),
                  lambda k=k: k.to_binary(0).measures()]
        calls += [lambda k=k, n=n: (betting.expected_winnings_per_bet(k, n), betting.total_winnings(k, n))
                  for n in betting.NORMALISATIONS]
    return calls


@settings(max_examples=200)
@given(st.lists(extreme, min_size=9, max_size=9))
def test_no_public_function_warns_on_extreme_tables(flat):
    # main: overflow warnings from margins, sums, repr and payoffs (ValueErrors are refusals, allowed)
    tp, fp, fn, tn = flat[:4]
    table = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
    contingencies = (Contingency([[tp, fp], [fn, tn]], layout="powers"),
                     Contingency(np.array(flat).reshape(3, 3), layout="powers"))
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        for call in _calls_on(table, contingencies):
            try:
                call()
            except ValueError:
                pass


@pytest.mark.parametrize("call", [
    lambda p: betting.fair_odds(p),
    lambda p: betting.payoff_matrix([p, 1 - p], "paper"),
    lambda p: betting.feasible_informedness(p, 0.5),
    lambda p: roc.class_ratio(p),
    lambda p: roc.isocost_slope(p, false_positive_cost=1e308, false_negative_cost=1e-10),
    lambda p: roc.isocost_slope(p, false_positive_cost=1e-300, false_negative_cost=1e300),
    lambda p: curves.probability_cost(p, false_positive_cost=1e308),
    lambda p: curves.precision_from_rates([0.0, 1e-300], [1e-320, 0.5], p),
], ids=["fair_odds", "payoff_matrix", "feasible_informedness", "class_ratio", "isocost_slope huge",
        "isocost_slope tiny", "probability_cost", "precision_from_rates"])
@pytest.mark.parametrize("prevalence", [1e-320, 1e-300, 0.5, 1 - 1e-16])
def test_no_warning_at_tiny_prevalences_and_huge_costs(call, prevalence):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        try:
            call(prevalence)
        except ValueError:
            pass               # 1 - prevalence rounds to 1: refused, which is not a warning


def test_the_fair_odds_at_a_tiny_prevalence_are_inf_and_the_slope_multiplies_in_logs():
    assert betting.fair_odds(1e-320) == np.inf                 # (1 - p)/p = 1e320 > largest float
    # c = (1e-300/1e300) (1 - p)/p at p = 1e-300: 1e-600 * 1e300 = 1e-300 (the first factor underflows)
    assert roc.isocost_slope(1e-300, false_positive_cost=1e-300, false_negative_cost=1e300) == pytest.approx(
        1e-300, rel=1e-12)


# ---------------------------------------------------------------------- seeds and numeric options
@pytest.mark.parametrize("seed", ["1", 1.5, -1, True, None, [1, 2]])
def test_a_seed_must_be_a_whole_number_at_least_0(seed):
    # main: TypeError from SeedSequence for "1" and 1.5, a message without "seed" for -1
    with pytest.raises(ValueError, match="^seed must be"):
        course_betting.simulate_punter(0.5, 0.5, 0.5, 10, seed=seed)
    with pytest.raises(ValueError, match="^seed must be"):
        _checks.seed(seed)
    assert _checks.seed(2.0) == 2 and _checks.seed(np.int64(7)) == 7


FEATURES = np.array([[0, 1], [1, 0], [1, 1], [0, 0]] * 3)
INDUCED, REAL = [0, 1, 2, 0, 1, 2, 0, 1], [0, 1, 1, 0, 1, 0, 0, 1]
TABLE = BinaryTable(tp=3, fp=2, fn=1, tn=4)
SEED_TAKERS = {
    "simulate_punter": lambda s: course_betting.simulate_punter(0.5, 0.5, 0.5, 10, seed=s),
    "fit_bernoulli_mixture": lambda s: mixture.fit_bernoulli_mixture(FEATURES, 2, seed=s, n_restarts=2).weights,
    "permutation_null": lambda s: clustering.permutation_null(REAL, INDUCED, n_permutations=5, seed=s).null["wav"],
    "held_out_scores": lambda s: clustering.held_out_scores(REAL, INDUCED, n_splits=3, seed=s).held_out["wav"],
    "simulate_tables": lambda s: montecarlo.simulate_tables([0.5], seed=s).table.tp,
    "simulate_marker_tables": lambda s: montecarlo.simulate_marker_tables([0.5], seed=s).table.tp,
    "coverage": lambda s: coverage.coverage("wald", total=20, prevalence=0.3, informedness=0.5, trials=5,
                                            seed=s).mean_width,
    "two_proportions": lambda s: resampling.two_proportions(3, 10, 4, 10, confidence=0.95, n_resamples=10,
                                                            seed=s).low,
    "resampling.correlation": lambda s: resampling.correlation(TABLE, confidence=0.95, n_resamples=10, seed=s).low,
    "informedness_interval": lambda s: tuple(uncertainty.informedness_interval(TABLE, method="bootstrap",
                                                                                n_resamples=10, seed=s)),
    "markedness_interval (Wald: seed unused)": lambda s: tuple(uncertainty.markedness_interval(TABLE, method="wald",
                                                                                                seed=s)),
    "correlation_interval": lambda s: tuple(uncertainty.correlation_interval(TABLE, method="bootstrap",
                                                                              n_resamples=10, seed=s)),
    "compare_predictions, two classes": lambda s: compare_predictions([0, 1, 0, 1], [0, 1, 1, 1], [0, 0, 0, 1],
                                                                      n_resamples=10, seed=s)["informedness"].difference.low,
    "compare_predictions, three classes": lambda s: compare_predictions([0, 1, 2, 0], [0, 1, 2, 2], [0, 1, 1, 0],
                                                                        n_resamples=10, seed=s)["informedness"].test.pvalue,
    "measure_range": lambda s: cheatsheet.measure_range("informedness", samples=10, seed=s),
}


@pytest.mark.parametrize("taker", SEED_TAKERS)
@pytest.mark.parametrize("seed", ["1", 1.5, -1, True, None], ids=["string", "1.5", "-1", "True", "None"])
def test_every_function_taking_a_seed_checks_it(taker, seed):
    # main: TypeError ("1", 1.5) or numpy's message without "seed" (-1) in most of them, and other wordings
    with pytest.raises(ValueError, match="^seed must be"):
        SEED_TAKERS[taker](seed)


@pytest.mark.parametrize("taker", SEED_TAKERS)
def test_a_numpy_integer_seed_is_the_same_seed(taker):
    same_result = np.testing.assert_array_equal
    same_result(np.asarray(SEED_TAKERS[taker](np.int64(3)), dtype=object),
                np.asarray(SEED_TAKERS[taker](3), dtype=object))


@pytest.mark.parametrize("seeds", [["1"], [0, 1.5], [-1], "12", 3])
def test_induced_over_seeds_checks_each_seed(seeds):
    # main: TypeError from numpy for "1" and 1.5, a message about "seed" for -1, and "12" read as seeds 1, 2
    with pytest.raises(ValueError, match="^seeds must be"):
        mixture.induced_over_seeds(FEATURES, seeds=seeds, n_classes=2, n_restarts=1)


@pytest.mark.parametrize("call, argument", [
    (lambda: mixture.fit_bernoulli_mixture(FEATURES, "2", seed=0), "n_classes"),
    (lambda: mixture.fit_bernoulli_mixture(FEATURES, 2, seed=0, n_restarts=None), "n_restarts"),
    (lambda: mixture.fit_bernoulli_mixture(FEATURES, 2, seed=0, max_iter=2.5), "max_iter"),
    (lambda: mixture.fit_bernoulli_mixture(FEATURES, 2, seed=0, concentration="3"), "concentration"),
    (lambda: mixture.fit_bernoulli_mixture(FEATURES, 2, seed=0, prior_strength=None), "prior_strength"),
    (lambda: mixture.fit_bernoulli_mixture(FEATURES, 2, seed=0, tol="0"), "tol"),
    (lambda: clustering.permutation_null(REAL, INDUCED, n_permutations=None, seed=0), "n_permutations"),
    (lambda: clustering.held_out_scores(REAL, INDUCED, n_splits="3", seed=0), "n_splits"),
    (lambda: cheatsheet.measure_range("informedness", samples="10"), "samples"),
    (lambda: Contingency([[3, 1], [1, 3]], layout="powers").match_labels(max_candidates=None), "max_candidates"),
    (lambda: Contingency([[3, 1], [1, 3]], layout="powers").match_labels(max_candidates=1.9), "max_candidates"),
    (lambda: Contingency([[3, 1], [1, 3]], layout="powers").match_labels(time_limit="1"), "time_limit"),
    (lambda: best_map([[3, 1], [1, 3]], max_nodes="100"), "max_nodes"),
    (lambda: best_map([[3, 1], [1, 3]], max_nodes=0), "max_nodes"),
    (lambda: best_map([[3, 1], [1, 3]], time_limit=0), "time_limit"),
], ids=["n_classes string", "n_restarts None", "max_iter 2.5", "concentration string", "prior_strength None",
        "tol string", "n_permutations None", "n_splits string", "samples string", "max_candidates None",
        "max_candidates 1.9", "time_limit string", "max_nodes string", "max_nodes 0", "time_limit 0"])
def test_the_options_of_the_clustering_functions_go_through_the_checks(call, argument):
    # main: bare int()/float() or comparisons: TypeError, OverflowError, "100" and 1.9 taken as numbers
    with pytest.raises(ValueError, match=f"^{argument} must"):
        call()


# ---------------------------------------------------------------------- issue 43 §6: refusals that name the argument
def test_a_mixture_refuses_rows_with_the_wrong_number_of_features():
    # main: a numpy matmul error ("mismatch in its core dimension")
    fit = mixture.fit_bernoulli_mixture(FEATURES, 2, seed=0, n_restarts=2)
    for method in (fit.predict, fit.predict_proba):
        with pytest.raises(ValueError, match="^features must have 2 columns, one per feature of the fit, got 3$"):
            method(np.zeros((4, 3), dtype=int))


@pytest.mark.parametrize("option", ["concentration", "prior_strength"])
@pytest.mark.parametrize("value", [1e7, 1e308])
def test_a_huge_mixture_prior_is_refused_naming_the_argument(option, value):
    # main: a RuntimeWarning (overflow in reduce, divide by zero in log) leaked at 1e308
    with pytest.raises(ValueError, match=f"^{option} must .*at most 1e\\+06, got {re.escape(repr(value))}$"):
        mixture.fit_bernoulli_mixture(FEATURES, 2, seed=0, n_restarts=2, **{option: value})
    # the largest allowed prior fits without a warning (pytest turns a RuntimeWarning into an error)
    assert np.isfinite(mixture.fit_bernoulli_mixture(FEATURES, 2, seed=0, n_restarts=2,
                                                     **{option: mixture.MAX_PRIOR}).log_posterior)


def test_a_note_longer_than_the_maximum_is_refused_naming_the_line(tmp_path):
    # main: a 200,000-character note was accepted
    header = "doc\tsentence_number\ttoken_number\tpart_number\tword\tsense\tnote\n"
    path = tmp_path / "readings.tsv"
    good = "cb01\t1\t2\t0\tdog\tA\t" + "x" * concordance.MAX_NOTE_LENGTH + "\n"
    path.write_text(header + good, encoding="utf-8")
    assert len(concordance.read_readings(path)[("cb01", 1, 2, 0)][2]) == concordance.MAX_NOTE_LENGTH
    path.write_text(header + good + "cb01\t1\t3\t0\tdog\tA\t" + "x" * 200_000 + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r", line 3: reading .*: note must be at most 1000 characters, got 200000$"):
        concordance.read_readings(path)


# ---------------------------------------------------------------------- mixture probabilities of 0 and 1
def test_the_mixture_likelihood_takes_probabilities_of_0_and_1():
    # main: 0 * log 0 = nan in the matrix product ("invalid value in matmul", an error under pytest)
    weights, probabilities = [0.5, 0.5], [[1.0, 0.0], [0.5, 0.5]]
    # class 0 gives feature 1 surely and feature 2 never; class 1 each with probability 1/2 (row prob 1/4):
    # (1, 0): 0.5 * 1 * 1 + 0.5 * 1/4 = 0.625;  (0, 1): 0.5 * 0 + 0.5 * 1/4 = 0.125;  (1, 1): 0 + 0.125
    expected = np.log(0.625) + 2 * np.log(0.125)
    assert mixture.bernoulli_mixture_log_likelihood([[1, 0], [0, 1], [1, 1]], weights, probabilities) \
        == pytest.approx(expected, rel=1e-15)
    # a row no class can give, (0, 1) under class 0 alone: probability 0, log-likelihood -inf, no warning
    assert mixture.bernoulli_mixture_log_likelihood([[1, 0], [0, 1]], [1.0], [[1.0, 0.0]]) == -np.inf
    # a weight of 0 leaves its class out: (0, 1) under class 1 alone: 1/4
    assert mixture.bernoulli_mixture_log_likelihood([[0, 1]], [0.0, 1.0], probabilities) \
        == pytest.approx(np.log(0.25), rel=1e-15)


def test_a_mixture_with_probabilities_of_0_and_1_predicts():
    fit = mixture.fit_bernoulli_mixture(FEATURES, 2, seed=0, n_restarts=1)
    exact = type(fit)(**{**fit.__dict__, "weights": np.array([0.5, 0.5]),
                         "probabilities": np.array([[1.0, 0.0], [0.5, 0.5]])})
    # (1, 0): class 0 has 0.5 * 1, class 1 0.5 * 1/4: posterior (0.8, 0.2); (0, 0): only class 1 gives it
    proba = exact.predict_proba([[1, 0], [0, 0]])
    np.testing.assert_allclose(proba, [[0.8, 0.2], [0.0, 1.0]], rtol=1e-15, atol=0)
    exact = type(fit)(**{**fit.__dict__, "weights": np.array([1.0, 0.0]), "probabilities": exact.probabilities})
    assert np.isnan(exact.predict_proba([[0, 0]])).all()       # no class gives (0, 0): undefined, no warning
    with pytest.raises(ValueError, match="^features row 1 has probability 0 under every class"):
        exact.predict([[1, 0], [0, 0]])


@pytest.mark.parametrize("weights, probabilities, argument", [
    ([0.5, 0.5], [[1.5, 0.0], [0.5, 0.5]], "probabilities"),
    (["0.5", 0.5], [[1.0, 0.0], [0.5, 0.5]], "weights"),
    ([1.0], [[1.0, 0.0], [0.5, 0.5]], "weights"),
])
def test_the_mixture_likelihood_checks_its_parameters(weights, probabilities, argument):
    with pytest.raises(ValueError, match=f"^{argument} must"):
        mixture.bernoulli_mixture_log_likelihood([[1, 0]], weights, probabilities)


@pytest.mark.parametrize("call, argument", [
    (lambda: metrics.expected_cost_score([0, 1], [1, 1], false_positive_cost="3"), "false_positive_cost"),
    (lambda: curves.precision_from_rates("0.1", 0.5, 0.3), "fpr"),
    (lambda: curves.precision_from_rates(0.1, 0.5, "0.3"), "prevalence"),
    (lambda: curves.normalised_expected_cost(0.1, 0.5, "0.5"), "probability_cost"),
    (lambda: curves.cost_curve([0.1], [0.5], probability_cost=["0.5"]), "probability_cost"),
    (lambda: curves.precision_recall_interpolation([0, 1], [0, 1], 0.3, points=2.5), "points"),
    (lambda: curves.precision_recall_interpolation([0, 1], [0, 1], 0.3, points="3"), "points"),
    (lambda: metrics.bookmaker_report([0, 1], [0, 1], digits=1.9), "digits"),
    (lambda: metrics.bookmaker_report([0, 1], [0, 1], digits="3"), "digits"),
    (lambda: concordance.context_features([], window="1"), "window"),
    (lambda: roc.cost_operating_state([0, 1], [0, 1], [np.inf, 0.5], threshold=0.5, prevalence="0.3",
                                      false_positive_cost=1, false_negative_cost=1), "prevalence"),
    (lambda: roc.operating_state([0, 1], [0, 1], ["inf", "0.5"], threshold=0.5, slope=1), "thresholds"),
], ids=["cost string", "fpr string", "prevalence string", "pc string", "cost curve pc", "points 2.5",
        "points string", "digits 1.9", "digits string", "window string", "prevalence of costs", "thresholds"])
def test_numbers_go_through_the_checks(call, argument):
    # main: "1.9" and strings went through bare int()/float() or np.asarray(..., float)
    with pytest.raises(ValueError, match=f"^{argument} must"):
        call()


# ---------------------------------------------------------------------- file readers
def test_read_brown_names_the_file_and_line_of_a_byte_that_is_not_utf8(tmp_path):
    (tmp_path / "brown").mkdir()
    (tmp_path / "brown" / "ca01").write_bytes(b"The/at dog/nn ./.\n\xff bad/jj\n")
    with pytest.raises(ValueError, match=r"ca01, line 2: not UTF-8"):
        concordance.read_brown(tmp_path)


def test_read_brown_refuses_an_archive_cut_anywhere(tmp_path):
    # main let EOFError out when the cut fell where tarfile.is_tarfile reads
    archive = io.BytesIO()
    with tarfile.open(fileobj=archive, mode="w:gz") as tar:
        for name, text in (("brown/ca01", "The/at dog/nn ./.\n" * 40), ("brown/cb02", "A/at train/nn ./.\n" * 40)):
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    whole = archive.getvalue()
    assert set(concordance.read_brown(_write(tmp_path / "whole.tgz", whole))) == {"ca01", "cb02"}
    for cut in range(0, len(whole) - 1):
        path = _write(tmp_path / "cut.tgz", whole[:cut])
        try:
            concordance.read_brown(path)
        except ValueError as error:
            assert "cut.tgz" in str(error)


def _write(path, data):
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("row, message", [
    ("ca01\t1_0\t2\t0\tdog\tA\tok", r"line 2: sentence_number must be a whole number written in digits, got '1_0'"),
    ("ca01\t1\t2\t0\tdog\tA\t" + "x" * 200_000, r"line 2: reading .*: note must be at most 1000 characters, got 200000"),
    ("ca01\t1\t2\t0\tdog\tA", r"line 2: 7 tab-separated columns expected, got 6"),
    ("ca01\t1\t2\t0\tdog\tZZ\tok", r"line 2: reading .* sense must be one of .*, got 'ZZ'"),
], ids=["1_0", "a long field", "a column short", "unknown sense"])
def test_read_readings_names_the_file_and_line(tmp_path, row, message):
    header = "doc\tsentence_number\ttoken_number\tpart_number\tword\tsense\tnote\n"
    path = _write(tmp_path / "r.tsv", (header + row + "\n").encode())
    with pytest.raises(ValueError, match=f"r.tsv, {message}"):
        concordance.read_readings(path)
    _write(path, header.encode() + b"ca01\t1\t2\t0\tdog\tA\t\xe9t\xe9\n")
    with pytest.raises(ValueError, match="r.tsv, line 2: not UTF-8"):
        concordance.read_readings(path)


def test_load_concordance_names_the_line_of_a_deeply_nested_record(tmp_path):
    line = concordance.concordance_lines(concordance.load_concordance()[:1]).encode()
    path = _write(tmp_path / "c.jsonl", line + b"[" * 100_000 + b"\n")
    with pytest.raises(ValueError, match="c.jsonl, line 2: not a concordance record"):  # main: RecursionError
        concordance.load_concordance(path)
    _write(path, line + b"1" * 5000 + b"\n")                  # an integer past Python's 4300-digit limit
    with pytest.raises(ValueError, match="c.jsonl, line 2"):
        concordance.load_concordance(path)


# ---------------------------------------------------------------------- the command line reads numbers strictly
@pytest.mark.parametrize("score, shown", [("1_0", "'1_0'"), ("nan", "'nan'"), ("-inf", "'-inf'"), ("0x1", "'0x1'"),
                                          ("1e400", "'1e400'"), ("\u0663", "'\u0663'"), ("1e", "'1e'")],
                         ids=["underscore", "nan", "-inf", "hex", "overflow", "arabic digit", "no exponent"])
def test_the_command_line_reads_scores_as_decimal_literals(tmp_path, capsys, score, shown):
    # main: float() read "1_0" as 10 and the Arabic-Indic digit three as 3
    path = tmp_path / "s.csv"
    path.write_text(f"t,p,s\n1,1,0.9\n0,0,{score}\n1,0,0.7\n0,1,0.1\n", encoding="utf-8")
    status = cli.main(["report", str(path), "--y-true", "t", "--y-pred", "p", "--y-score", "s"])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "") and err.count("\n") == 1 and "Traceback" not in err
    assert f"s.csv, line 3, column 's': {shown} is not a finite number" in err


def test_the_command_line_reads_every_decimal_form(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("t,p,s\n1,1,1e0\n0,0,.75\n1,1,+5E-1\n0,0,-0.25\n1,1,0.3\n0,0,0.\n")
    status = cli.main(["report", str(path), "--y-true", "t", "--y-pred", "p", "--y-score", "s", "--pos-label", "1",
                       "--format", "json"])
    out, _ = capsys.readouterr()
    # positives 1, 0.5, 0.3 against negatives 0.75, -0.25, 0: 1 beats all 3, 0.5 beats 2, 0.3 beats 2: 7 / 9
    assert status == 0 and json.loads(out)["roc_auc"]["roc_auc"] == pytest.approx(7 / 9, rel=1e-15)


@pytest.mark.parametrize("content, message", [
    (b"t,p\n1,1\n0,\xff0\n", r"u\.csv, line 3, byte 3: not UTF-8 text"),
    (b"t,p\n1,1\n0," + b"0" * 200_000 + b"\n1,0\n", r"u\.csv, line 3: field larger than field limit"),
    (b"t,p\n1,1\n1_0,1\n", None),
], ids=["not utf-8", "a field past csv's limit", "1_0 is a name"])
def test_the_command_line_names_file_and_line_of_an_unreadable_line(tmp_path, capsys, content, message):
    # main: "not UTF-8 text (invalid start byte at byte 2)" without the line, and "_csv.Error: field larger ..."
    path = tmp_path / "u.csv"
    path.write_bytes(content)
    status = cli.main(["report", str(path), "--y-true", "t", "--y-pred", "p", "--format", "json"])
    out, err = capsys.readouterr()
    if message is None:       # a label column with "1_0" is a column of names, as "a": main read 10 then a name
        assert status == 0 and set(json.loads(out)["report"]) == {"1", "1_0", "macro avg", "weighted avg"}
        return
    assert (status, out) == (2, "") and err.count("\n") == 1 and "Traceback" not in err
    assert re.search(message, err), err


def test_the_command_line_refuses_nan_among_numeric_labels(tmp_path, capsys):
    path = tmp_path / "n.csv"
    path.write_text("t,p\n1,1\n0,NaN\n1,0\n")
    assert cli.main(["report", str(path), "--y-true", "t", "--y-pred", "p"]) == 2
    # a missing label (as pandas writes NaN), refused as the Python API refuses NaN among labels
    assert "n.csv, column 'p': 1 missing label ('NaN') on line 3; a missing label is not a class" in \
        capsys.readouterr().err
