"""The checks of notebook 13b (comparing and choosing models), moved here from its teaching cells.

Notebook 13b prints its comparisons, per-fold tests and pooled scores; the checks that what it says of them
is true live here, with each tolerance derived before the run: the paired comparison of the two trees and how
little it moves with the resampling seed, the trees' labels, every pair of depths 1 to 6 over repeated
cross-validation (no reversal), what pooling does to B and not to ABA, the per-label intervals, and how often
the corrected and the naive t-test reject a true null.  The data, folds and models are the notebook's
(digits, stratified shuffled 5-fold split, seed 0; 20 x 5-fold repeated split, seed 0).
"""
import functools
import math
from itertools import combinations

import numpy as np
import pytest
import scipy.stats
from sklearn import metrics as skm

from bookeval_lib import BinaryTable, crossval, metrics, uncertainty
from digits_models import digits




@functools.cache
def repeated_runs():
    """Trees of depth 1 to 6, each scored by B and ABA on the notebook's 100 folds."""
    from sklearn.model_selection import RepeatedStratifiedKFold, cross_validate
    from sklearn.tree import DecisionTreeClassifier

    x, y, _, _ = digits()
    repeated = RepeatedStratifiedKFold(n_splits=5, n_repeats=20, random_state=0)
    scoring = {"B": metrics.scorer("informedness"),
               "ABA": skm.make_scorer(skm.balanced_accuracy_score, adjusted=True)}
    return {depth: cross_validate(DecisionTreeClassifier(max_depth=depth, random_state=0), x, y, cv=repeated,
                                  scoring=scoring, return_estimator=True, return_indices=True)
            for depth in range(1, 7)}


def fold_test(a, b, measure):
    runs = repeated_runs()
    n_train, n_test = (len(runs[a]["indices"][part][0]) for part in ("train", "test"))
    return crossval.corrected_cv_test(runs[a][f"test_{measure}"] - runs[b][f"test_{measure}"],
                                      n_train=n_train, n_test=n_test)


def pooled(run, repeat, score):
    x, y, _, _ = digits()
    predicted = np.empty_like(y)
    for fold in range(5 * repeat, 5 * repeat + 5):
        test = run["indices"]["test"][fold]
        predicted[test] = run["estimator"][fold].predict(x[test])
    return score(y, predicted)


def aba(t, p):
    return skm.balanced_accuracy_score(t, p, adjusted=True)


# ---------------------------------------------------------------------------- two trees at odds
def test_on_the_pooled_predictions_b_prefers_depth_2_and_the_others_depth_3():
    _, y, _, predictions = digits()
    comparison = uncertainty.compare_predictions(y, predictions["tree, depth 2"], predictions["tree, depth 3"],
                                                 n_resamples=2000, seed=0)
    assert comparison["informedness"].difference.low > 0
    for measure in ("adjusted_balanced_accuracy", "matthews_correlation", "macro_f1"):
        assert comparison[measure].difference.high < 0
    # 2,000 draws: the smallest Monte Carlo p is 1/2001 = 0.0005
    assert comparison["macro_f1"].test.pvalue == pytest.approx(1 / 2001, abs=5e-5)


def test_the_conclusion_stands_over_five_other_resampling_seeds():
    _, y, _, predictions = digits()
    rows = [uncertainty.compare_predictions(y, predictions["tree, depth 2"], predictions["tree, depth 3"],
                                            n_resamples=2000, seed=seed)["informedness"] for seed in range(1, 6)]
    lows = np.array([row.difference.low for row in rows])
    assert np.all(lows > 0)
    # a Monte Carlo p over 2,000 draws near 0.02 has a standard error of sqrt(0.02 * 0.98/2000) = 0.003;
    # 0.05 is more than 8 of them above the seed-0 value 0.024
    assert all(row.test.pvalue < 0.05 for row in rows)
    assert np.ptp(lows) < 0.005            # the limits move in the third decimal


def test_the_trees_labels_and_b_as_a_bias_weighted_sum():
    _, y, _, predictions = digits()
    assert np.unique(predictions["tree, depth 2"]).tolist() == [0, 6, 7, 9]
    assert len(np.unique(predictions["tree, depth 3"])) == 8
    # "some of them often and poorly": the depth-3 tree says 8 in more than 30 % of its predictions, B(8) < 0.3
    rows = metrics.bookmaker_report(y, predictions["tree, depth 3"], output_dict=True)
    assert rows[8]["bias"] > 0.3 and rows[8]["informedness"] < 0.3
    for name in ("tree, depth 2", "tree, depth 3"):
        predicted = predictions[name]
        matrix = skm.confusion_matrix(y, predicted, labels=range(10))      # rows = real (scikit-learn)
        n = matrix.sum()
        by_hand = 0.0
        for label in range(10):              # B = sum_l Pr_P(l) (recall(l) - fallout(l))
            tp, real, said = matrix[label, label], matrix[label].sum(), matrix[:, label].sum()
            by_hand += said / n * (tp / real - (said - tp) / (n - real))
        assert metrics.informedness_score(y, predicted) == pytest.approx(by_hand, abs=1e-12)


# ---------------------------------------------------------------------------- over repeated splits
def test_the_corrected_error_is_five_times_the_naive_one():
    runs = repeated_runs()
    n_train, n_test = (len(runs[2]["indices"][part][0]) for part in ("train", "test"))
    assert (n_train, n_test) == (1437, 360)
    assert math.sqrt(1 + 100 * 360 / 1437) == pytest.approx(5.1, abs=0.05)


def test_per_fold_both_measures_prefer_depth_3_to_depth_2():
    for measure in ("B", "ABA"):
        assert fold_test(2, 3, measure).difference.high < 0


def test_no_pair_of_depths_1_to_6_reverses():
    # The rule fixed before the computation: a pair reverses when its per-fold differences in B and in ABA
    # are both significant at 0.05/15 (Bonferroni over the 15 pairs) and have opposite signs.
    pairs = list(combinations(range(1, 7), 2))
    level = 0.05 / len(pairs)
    tests = {(a, b, m): fold_test(a, b, m) for a, b in pairs for m in ("B", "ABA")}
    for a, b in pairs:
        significant = [tests[a, b, m] for m in ("B", "ABA") if tests[a, b, m].test.pvalue < level]
        assert not (len(significant) == 2 and len({np.sign(t.difference.estimate) for t in significant}) == 2)
    assert all(t.difference.estimate < 0 for t in tests.values())       # the deeper tree always ahead
    unresolved = [(a, b, m) for (a, b, m), t in tests.items() if t.test.pvalue >= level]
    assert unresolved == [(3, 4, "B"), (4, 5, "B")]


def test_pooling_reverses_b_in_12_of_20_splits_and_abas_never():
    _, y, _, predictions = digits()
    runs = repeated_runs()
    # the first split of the repeated folds is the notebook's one split
    assert pooled(runs[2], 0, metrics.informedness_score) == pytest.approx(
        metrics.informedness_score(y, predictions["tree, depth 2"]), abs=1e-12)
    assert pooled(runs[3], 0, metrics.informedness_score) == pytest.approx(
        metrics.informedness_score(y, predictions["tree, depth 3"]), abs=1e-12)
    whole = {name: np.array([[pooled(runs[d], r, score) for r in range(20)] for d in (2, 3)])
             for name, score in (("B", metrics.informedness_score), ("ABA", aba))}
    by_fold = {name: np.array([runs[d][f"test_{name}"].reshape(20, 5).mean(axis=1) for d in (2, 3)])
               for name in ("B", "ABA")}
    assert np.sum(whole["B"][0] > whole["B"][1]) == 12
    assert np.sum(by_fold["B"][0] > by_fold["B"][1]) == 0
    assert np.sum(whole["ABA"][0] > whole["ABA"][1]) == 0
    # Pooled recall of a class = sum over folds of w_f recall_f, w_f = its share of the class's cases.
    # Stratified folds give each class counts that differ by at most 1 (checked), so |w_f - 1/5| <= 1/n(R=l);
    # as sum(w_f - 1/5) = 0 and recalls lie in [0, 1], the pooled recall is within 5/(2 n(R=l)) of the
    # folds' mean, and ABA, 10/9 x (mean recall - 1/10), within (10/9) * 2.5 / min n(R=l) of its folds' mean.
    shares = np.array([np.bincount(y[test], minlength=10) for test in runs[2]["indices"]["test"]])
    assert np.ptp(shares.reshape(20, 5, 10), axis=1).max() <= 1
    assert np.abs(whole["ABA"] - by_fold["ABA"]).max() <= (10 / 9) * 2.5 / np.bincount(y).min()


def test_the_five_depth_3_trees_of_a_split_do_not_all_name_the_same_labels():
    x, _, _, _ = digits()
    run = repeated_runs()[3]
    named = {tuple(sorted(set(tree.predict(x[test]))))
             for tree, test in zip(run["estimator"][:5], run["indices"]["test"][:5])}
    assert len(named) > 1


# ---------------------------------------------------------------------------- per label
def test_per_label_intervals_of_the_two_models():
    _, y, _, predictions = digits()
    reports = {name: metrics.bookmaker_report(y, predictions[name], output_dict=True, confidence=0.95)
               for name in ("naive Bayes", "5-nearest neighbours")}
    knn, bayes = reports["5-nearest neighbours"], reports["naive Bayes"]
    apart = [label for label in range(10)
             if bayes[label]["informedness_interval"][1] < knn[label]["informedness_interval"][0]]
    assert len(apart) == 8
    # nearest neighbours above 0.9 on every label: B(l) = recall - fallout from scikit-learn's counts
    matrix = skm.confusion_matrix(y, predictions["5-nearest neighbours"])
    n = matrix.sum()
    for label in range(10):
        tp, real, said = matrix[label, label], matrix[label].sum(), matrix[:, label].sum()
        assert tp / real - (said - tp) / (n - real) > 0.9


# ---------------------------------------------------------------------------- the level of the tests
def _one_feature_rule(x_train, y_train, x_test):
    high, low = x_train[y_train == 1].mean(), x_train[y_train == 0].mean()   # class means
    return (np.sign(high - low) * (x_test - (high + low) / 2) > 0).astype(int)


def _rejections(signal, data_sets=200, seed=0):
    """Rates at which (the corrected, the naive) t-test rejects at 0.05 a true null: two rules, each a
    threshold on its own one of two exchangeable features, have the same expected B."""
    from sklearn.model_selection import RepeatedStratifiedKFold

    rng, hits = np.random.default_rng(seed), np.zeros(2)
    for _ in range(data_sets):
        x = rng.normal(size=(200, 2))
        y = (signal * x.sum(axis=1) + rng.normal(size=200) > 0).astype(int)
        folds = RepeatedStratifiedKFold(n_splits=5, n_repeats=20, random_state=int(rng.integers(2**31)))
        d = [np.subtract(*[BinaryTable.from_labels(y[test], _one_feature_rule(
                 x[train, f], y[train], x[test, f])).informedness for f in (0, 1)])
             for train, test in folds.split(x, y)]
        hits += [crossval.corrected_cv_test(d, n_train=160, n_test=40).test.pvalue < 0.05,
                 scipy.stats.ttest_1samp(d, 0.0).pvalue < 0.05]
    return hits / data_sets


@pytest.mark.parametrize("signal", [0.0, 1.0])
def test_the_naive_test_rejects_a_true_null_far_too_often_and_the_corrected_one_near_the_level(signal):
    # With 200 data sets a rate has a binomial standard error of at most 0.035 (0.015 near 0.05). Before the
    # run: the naive test must reject more than half the time, the corrected one less than 0.05 + 4 x 0.015.
    corrected, naive = _rejections(signal)
    assert naive > 0.5 and corrected < 0.11
