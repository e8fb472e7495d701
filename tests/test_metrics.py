"""Tests for bookeval_lib.metrics and Contingency.from_sklearn / from_crosstab (issue 15).

Expected values come from scikit-learn (balanced_accuracy_score, precision_score,
classification_report, confusion_matrix, cross_val_score), statsmodels (Newcombe
intervals), scipy.stats.bootstrap, or hand arithmetic written next to them.
"""
import warnings

import numpy as np
import scipy.stats
import pandas as pd
import pytest
from sklearn import metrics as skm
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score

from bookeval_lib import Contingency, metrics, uncertainty
from bookeval_lib.measures import BinaryTable

# Floating-point tolerance: every value is a sum of at most a few hundred terms
# of size <= 1, so rounding errors stay far below 1e-12.
EXACT = 1e-12


def _random_labels(seed, n, k, informed=0.6):
    """Real labels and predictions that are right with probability ``informed``, else guessed."""
    rng = np.random.default_rng(seed)
    real = rng.integers(0, k, n)
    guess = rng.integers(0, k, n)
    predicted = np.where(rng.random(n) < informed, real, guess)
    weight = rng.uniform(0.1, 3.0, n)
    return real, predicted, weight


# ---------------------------------------------------------------------- informedness_score
@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("weighted", [False, True])
def test_informedness_is_adjusted_balanced_accuracy_for_two_classes(seed, weighted):
    real, predicted, weight = _random_labels(seed, 200, 2)
    weight = weight if weighted else None
    expected = skm.balanced_accuracy_score(real, predicted, adjusted=True, sample_weight=weight)
    assert metrics.informedness_score(real, predicted, sample_weight=weight) == pytest.approx(expected, abs=EXACT)


def _bias_weighted_one_vs_rest(real, predicted, weight):
    """Powers' B computed through scikit-learn: per label, the adjusted balanced accuracy of the
    one-vs-rest problem (= tpr - fpr for two classes), weighted by the (weighted) share of
    predictions of that label."""
    weight = np.ones(real.size) if weight is None else weight
    total = 0.0
    for label in np.union1d(real, predicted):
        per_label = skm.balanced_accuracy_score(real == label, predicted == label, adjusted=True,
                                                sample_weight=weight)
        total += weight[predicted == label].sum() / weight.sum() * per_label
    return total


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("k", [3, 5])
@pytest.mark.parametrize("weighted", [False, True])
def test_informedness_for_k_classes_is_the_bias_weighted_one_vs_rest_informedness(seed, k, weighted):
    real, predicted, weight = _random_labels(seed, 300, k)
    weight = weight if weighted else None
    value = metrics.informedness_score(real, predicted, sample_weight=weight)
    assert value == pytest.approx(_bias_weighted_one_vs_rest(real, predicted, weight), abs=EXACT)
    if not weighted:
        assert value == pytest.approx(Contingency.from_labels(real, predicted).informedness, abs=EXACT)


def test_informedness_differs_from_adjusted_balanced_accuracy_for_three_classes():
    # The docstring's table (rows = predicted): [[30, 5, 0], [10, 20, 5], [0, 5, 25]].
    real = ["a"] * 40 + ["b"] * 30 + ["c"] * 30
    predicted = ["a"] * 30 + ["b"] * 10 + ["a"] * 5 + ["b"] * 20 + ["c"] * 5 + ["b"] * 5 + ["c"] * 25
    # B(l) = 30/40 - 5/60, 20/30 - 15/70, 25/30 - 5/70; biases 0.35, 0.35, 0.30
    by_hand = 0.35 * (30 / 40 - 5 / 60) + 0.35 * (20 / 30 - 15 / 70) + 0.30 * (25 / 30 - 5 / 70)
    assert metrics.informedness_score(real, predicted) == pytest.approx(by_hand, abs=EXACT)
    assert round(by_hand, 4) == 0.6202
    # (mean recall - 1/3)/(2/3) = ((0.75 + 2/3 + 5/6)/3 - 1/3)/(2/3) = 0.625
    assert skm.balanced_accuracy_score(real, predicted, adjusted=True) == pytest.approx(0.625, abs=EXACT)


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("weighted", [False, True])
def test_markedness_is_precision_plus_inverse_precision_minus_one_for_two_classes(seed, weighted):
    real, predicted, weight = _random_labels(seed, 200, 2)
    weight = weight if weighted else None
    expected = (skm.precision_score(real, predicted, pos_label=1, sample_weight=weight)
                + skm.precision_score(real, predicted, pos_label=0, sample_weight=weight) - 1)
    assert metrics.markedness_score(real, predicted, sample_weight=weight) == pytest.approx(expected, abs=EXACT)


@pytest.mark.parametrize("seed", range(5))
def test_markedness_is_informedness_with_real_and_predicted_swapped(seed):
    real, predicted, weight = _random_labels(seed, 300, 4)
    assert metrics.markedness_score(real, predicted, sample_weight=weight) == pytest.approx(
        _bias_weighted_one_vs_rest(predicted, real, weight), abs=EXACT)


def test_labels_fix_the_order_and_may_name_absent_labels():
    real, predicted, _ = _random_labels(3, 100, 3)
    table = metrics.contingency(real, predicted, labels=[2, 0, 1])
    assert table.labels == (2, 0, 1)
    expected = skm.confusion_matrix(real, predicted, labels=[2, 0, 1]).T   # rows = predicted
    np.testing.assert_array_equal(table.counts, expected)
    assert metrics.informedness_score(real, predicted, labels=[2, 0, 1]) == pytest.approx(
        metrics.informedness_score(real, predicted), abs=EXACT)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # label 3 has no real and no predicted case: it contributes nothing (B and M as without it)
        assert metrics.informedness_score(real, predicted, labels=[0, 1, 2, 3]) == pytest.approx(
            metrics.informedness_score(real, predicted), abs=EXACT)
        assert metrics.markedness_score(real, predicted, labels=[0, 1, 2, 3]) == pytest.approx(
            metrics.markedness_score(real, predicted), abs=EXACT)


def test_string_labels_and_sample_weight_counts():
    table = metrics.contingency(["x", "y", "y"], ["x", "x", "y"], sample_weight=[1, 2, 3])
    # rows = predicted (x, y), columns = real (x, y): x/x 1, x/y 2, y/y 3
    np.testing.assert_array_equal(table.counts, [[1, 2], [0, 3]])
    assert table.labels == ("x", "y")


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(y_true=[0, 1], y_pred=[0]), "y_pred has 1"),
    (dict(y_true=[0, 1], y_pred=[0, 2], labels=[0, 1]), r"does not list \[2\]"),
    (dict(y_true=[0, 1], y_pred=[0, 1], labels=[0, 0, 1]), "distinct"),
    (dict(y_true=[0, 1], y_pred=[0, 1], sample_weight=[1, -1]), "sample_weight"),
    (dict(y_true=[0, 1], y_pred=[0, 1], sample_weight=[1]), "sample_weight has 1"),
    (dict(y_true=[[0, 1]], y_pred=[[0, 1]]), "y_true must be a 1-D"),
    (dict(y_true=[], y_pred=[]), "empty"),
    (dict(y_true=[0.0, np.nan], y_pred=[0, 1]), "NaN"),
])
def test_bad_input_raises_naming_the_argument(kwargs, message):
    with pytest.raises(ValueError, match=message):
        metrics.informedness_score(**kwargs)


# ---------------------------------------------------------------------- expected cost
def test_expected_cost_score_counts_errors_at_their_costs():
    real = np.array([1, 1, 1, 0, 0, 0, 0, 0])
    predicted = np.array([1, 0, 0, 1, 0, 0, 0, 0])
    # FN = 2 at cost 5, FP = 1 at cost 1: (2*5 + 1*1)/8
    assert metrics.expected_cost_score(real, predicted, false_positive_cost=1,
                                       false_negative_cost=5) == pytest.approx(11 / 8, abs=EXACT)
    # unit costs: the error rate
    assert metrics.expected_cost_score(real, predicted) == pytest.approx(
        1 - skm.accuracy_score(real, predicted), abs=EXACT)
    with pytest.raises(ValueError, match="false_negative_cost"):
        metrics.expected_cost_score(real, predicted, false_negative_cost=-1)
    with pytest.raises(ValueError, match="pos_label='yes'"):
        metrics.expected_cost_score(real, predicted, pos_label="yes")


# ---------------------------------------------------------------------- report
def test_bookmaker_report_agrees_with_classification_report_and_one_vs_rest():
    real, predicted, _ = _random_labels(7, 400, 4)
    report = metrics.bookmaker_report(real, predicted, output_dict=True)
    sklearn_report = skm.classification_report(real, predicted, output_dict=True)
    for label in range(4):
        row, expected = report[label], sklearn_report[str(label)]
        assert row["recall"] == pytest.approx(expected["recall"], abs=EXACT)
        assert row["precision"] == pytest.approx(expected["precision"], abs=EXACT)
        assert row["support"] == expected["support"]
        assert row["informedness"] == pytest.approx(
            skm.balanced_accuracy_score(real == label, predicted == label, adjusted=True), abs=EXACT)
        assert row["bias"] == pytest.approx(np.mean(predicted == label), abs=EXACT)
    weighted = report["weighted avg"]
    accuracy = skm.accuracy_score(real, predicted)
    assert weighted["recall"] == pytest.approx(accuracy, abs=EXACT)     # sum_l Pr_R(l) recall(l)
    assert weighted["precision"] == pytest.approx(accuracy, abs=EXACT)  # sum_l Pr_P(l) precision(l)
    assert weighted["informedness"] == pytest.approx(_bias_weighted_one_vs_rest(real, predicted, None), abs=EXACT)
    assert report["macro avg"]["recall"] == pytest.approx(sklearn_report["macro avg"]["recall"], abs=EXACT)
    text = metrics.bookmaker_report(real, predicted, digits=2)
    assert "B(l)" in text and "weighted avg" in text and f"{weighted['informedness']:.2f}" in text


def test_bookmaker_report_intervals_per_label_are_agresti_caffo_on_the_one_vs_rest_table():
    from statsmodels.stats.proportion import confint_proportions_2indep
    real, predicted, _ = _random_labels(11, 300, 3)
    report = metrics.bookmaker_report(real, predicted, output_dict=True, confidence=0.9)
    for label in range(3):
        tp = np.sum((predicted == label) & (real == label))
        fp = np.sum((predicted == label) & (real != label))
        rp, rn = np.sum(real == label), np.sum(real != label)
        low, high = confint_proportions_2indep(tp, rp, fp, rn, method="agresti-caffo", compare="diff", alpha=0.1)
        assert report[label]["informedness_interval"] == pytest.approx((low, high), abs=1e-9)
        fn, pp, pn = np.sum((predicted != label) & (real == label)), tp + fp, np.sum(predicted != label)
        low, high = confint_proportions_2indep(tp, pp, fn, pn, method="agresti-caffo", compare="diff", alpha=0.1)
        assert report[label]["markedness_interval"] == pytest.approx((low, high), abs=1e-9)
    assert "B 90% CI" in metrics.bookmaker_report(real, predicted, confidence=0.9)


def _stratified_informedness(*groups, axis=-1):
    """B from the predictions of each real class (group c = the cases of class c), vectorised for
    scipy.stats.bootstrap: counts[..., l, c] = cases of class c predicted l, then
    B = sum_l bias(l) (recall(l) - fallout(l)), written out here independently of the package."""
    k = len(groups)
    counts = np.stack([np.stack([np.count_nonzero(g == label, axis=axis) for label in range(k)], -1)
                       for g in groups], -1).astype(float)
    n = counts.sum(axis=(-2, -1))[..., None]
    rows, cols = counts.sum(axis=-1), counts.sum(axis=-2)
    hits = np.diagonal(counts, axis1=-2, axis2=-1)
    return np.sum(rows / n * (hits / cols - (rows - hits) / (n - cols)), axis=-1)


def _weighted_informedness(counts):
    """Bias-weighted B of tables (..., K, K), rows = predicted, written out here independently."""
    n = counts.sum(axis=(-2, -1))[..., None]
    rows, cols = counts.sum(axis=-1), counts.sum(axis=-2)
    hits = np.diagonal(counts, axis1=-2, axis2=-1)
    return np.sum(rows / n * (hits / cols - (rows - hits) / (n - cols)), axis=-1)


def test_weighted_wald_for_two_classes_is_wald_on_half_a_case_added_to_each_cell():
    # K = 2: B = tpr - fpr whatever the rows, so the delta method gives Wald's variance of the two rates,
    # here on the table with 1/K = 1/2 case added to each cell: tpr' = (TP + 1/2)/(RP + 1), fpr' likewise;
    # the interval is centred on the observed B.  (The report gives two classes Agresti-Caffo instead.)
    real, predicted, _ = _random_labels(3, 120, 2)
    tp, fp = np.sum((predicted == 1) & (real == 1)), np.sum((predicted == 1) & (real == 0))
    rp, rn = np.sum(real == 1), np.sum(real == 0)
    tpr, fpr = (tp + 0.5) / (rp + 1), (fp + 0.5) / (rn + 1)
    half = scipy.stats.norm.ppf(0.95) * np.sqrt(tpr * (1 - tpr) / (rp + 1) + fpr * (1 - fpr) / (rn + 1))
    b = tp / rp - fp / rn
    counts = metrics.contingency(real, predicted).square().astype(float)
    assert metrics._informedness_wald(counts, b, 0.9) == pytest.approx((b - half, b + half), abs=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_two_class_report_gives_the_weighted_row_the_label_rows_agresti_caffo_interval(seed):
    # one number, one interval: with two classes B(0) = B(1) = B, so all three rows show the same limits,
    # here computed independently by statsmodels (tpr - fpr for B, precision - (1 - inverse precision) for M)
    from statsmodels.stats.proportion import confint_proportions_2indep
    real, predicted, _ = _random_labels(seed, 150, 2)
    report = metrics.bookmaker_report(real, predicted, confidence=0.9)
    rows = report.to_dict()
    tp, fp = np.sum((predicted == 1) & (real == 1)), np.sum((predicted == 1) & (real == 0))
    fn, tn = np.sum((predicted == 0) & (real == 1)), np.sum((predicted == 0) & (real == 0))
    for key, (c1, n1, c2, n2) in (("informedness", (tp, tp + fn, fp, fp + tn)),
                                  ("markedness", (tp, tp + fp, fn, fn + tn))):
        low, high = confint_proportions_2indep(c1, n1, c2, n2, method="agresti-caffo", compare="diff", alpha=0.1)
        expected = (max(low, -1.0), min(high, 1.0))
        for name in (0, 1, "weighted avg"):
            assert rows[name][f"{key}_interval"] == pytest.approx(expected, abs=1e-9), (key, name)
            assert rows[name][f"{key}_interval_method"] == "agresti-caffo"
        assert report.interval_methods[f"weighted_{key}"] == "agresti-caffo"
    frame = report.to_frame()
    assert list(frame.loc["weighted avg", ["informedness_interval_method", "markedness_interval_method"]]) == [
        "agresti-caffo", "agresti-caffo"]
    assert "weighted avg Agresti–Caffo" in report and "B(l) = informedness of label l" in report


def test_many_class_report_names_the_bias_corrected_wald_for_the_weighted_row():
    real, predicted, _ = _random_labels(4, 200, 4)
    report = metrics.bookmaker_report(real, predicted, confidence=0.95)
    assert report.interval_methods["weighted_informedness"] == "bias-corrected-wald"
    assert report.to_dict()["weighted avg"]["markedness_interval_method"] == "bias-corrected-wald"
    assert report.to_dict()["macro avg"]["informedness_interval_method"] == "none"
    assert "weighted avg bias-corrected Wald." in report
    # one number, one interval: contingency_interval gives B and M of K classes the same limits
    from bookeval_lib.table_intervals import contingency_interval
    table = metrics.contingency(real, predicted)
    for key in ("informedness", "markedness"):
        interval = contingency_interval(table, measure=key)
        assert interval.method == "bias-corrected-wald"
        assert (interval.low, interval.high) == pytest.approx(report.to_dict()["weighted avg"][f"{key}_interval"],
                                                              abs=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_weighted_interval_half_width_is_the_delta_method_of_a_numerical_gradient(seed):
    # Var(B) = sum_c Var(sum_k g_kc n_kc) for column c ~ Multinomial(R_c, p_c): sum_k g^2 n - (sum_k g n)^2/R,
    # g the gradient of B in the cells, here by central differences of B written in this file
    real, predicted, _ = _random_labels(seed, 200, 4)
    report = metrics.bookmaker_report(real, predicted, output_dict=True, confidence=0.95)
    counts = metrics.contingency(real, predicted).square() + 1 / 4        # the 1/K pseudo-case per cell
    step, gradient = 1e-5, np.empty_like(counts)
    for index in np.ndindex(counts.shape):
        up, down = counts.copy(), counts.copy()
        up[index] += step
        down[index] -= step
        gradient[index] = (_weighted_informedness(up) - _weighted_informedness(down)) / (2 * step)
    variance = np.sum((gradient ** 2 * counts).sum(axis=0) - (gradient * counts).sum(axis=0) ** 2 / counts.sum(axis=0))
    low, high = report["weighted avg"]["informedness_interval"]
    # central differences of a smooth function: error O(step^2) relative, far below 1e-6
    assert (high - low) / 2 == pytest.approx(scipy.stats.norm.ppf(0.975) * np.sqrt(variance), rel=1e-6)
    # markedness: the same on the transpose (each predicted label a multinomial sample)
    transposed = metrics.bookmaker_report(predicted, real, output_dict=True, confidence=0.95)
    assert report["weighted avg"]["markedness_interval"] == pytest.approx(
        transposed["weighted avg"]["informedness_interval"], abs=1e-12)


def test_a_perfect_classifier_on_thirty_cases_gets_an_interval_of_positive_width():
    # the percentile bootstrap gave [1, 1]: every resample of a perfect table is perfect
    labels = np.repeat([0, 1, 2], 10)
    low, high = metrics.bookmaker_report(labels, labels, output_dict=True, confidence=0.95)["weighted avg"][
        "informedness_interval"]
    assert high == 1.0 and low < 0.95


def test_weighted_interval_of_one_class_is_nan_without_a_warning():
    # one class: n = R, so B (and its variance) is undefined; pytest turns any RuntimeWarning into an error
    low, high = metrics.bookmaker_report([0, 0, 0], [0, 0, 0], output_dict=True, confidence=0.95)[
        "weighted avg"]["informedness_interval"]
    assert np.isnan(low) and np.isnan(high)


@pytest.mark.parametrize("k, total, informedness", [(3, 30, 0.97), (3, 100, 0.5), (5, 100, 0.9), (5, 30, 0.5)])
def test_weighted_interval_coverage_in_a_seeded_study(k, total, informedness):
    # Informed/guessing decision maker: each case of real class c is predicted c with probability G,
    # else a guess drawn with the prevalences.  The docstring's measured floor for K <= 5 is 0.888; with
    # 1,000 tables the coverage estimate has binomial SE sqrt(0.888 * 0.112/1000) = 0.0100, so a method
    # at the floor passes 0.888 - 3 SE = 0.858 but for a 0.13% chance.  The percentile bootstrap the
    # report used covered 0.41 at (K = 3, N = 30, G = 0.97).
    rng = np.random.default_rng(1000 * k + total)
    prevalence = np.linspace(1.0, 3.0, k) / np.linspace(1.0, 3.0, k).sum()
    real_totals = np.round(prevalence * total).astype(int)
    shares = (1 - informedness) * prevalence[:, None] * np.ones((k, k)) + informedness * np.eye(k)
    truth = _weighted_informedness(shares * real_totals)
    tables = np.stack([rng.multinomial(r, shares[:, c], size=1000) for c, r in enumerate(real_totals)],
                      axis=2).astype(float)
    estimate = _weighted_informedness(tables)   # every class has cases, so every term is defined
    low, high = metrics._informedness_wald(tables, estimate, 0.95)
    coverage = np.mean((low <= truth) & (truth <= high))
    assert coverage >= 0.888 - 3 * np.sqrt(0.888 * 0.112 / 1000)


def test_compare_predictions_estimates_are_scikit_learns():
    real, a, _ = _random_labels(8, 300, 4, informed=0.7)
    _, b, _ = _random_labels(9, 300, 4, informed=0.5)
    b = np.where(np.random.default_rng(0).random(300) < 0.6, real, b)
    result = uncertainty.compare_predictions(real, a, b, n_resamples=500)
    for predicted, key in ((a, "estimate_a"), (b, "estimate_b")):
        assert getattr(result["informedness"], key) == pytest.approx(
            _bias_weighted_one_vs_rest(real, predicted, None), abs=EXACT)
        assert getattr(result["markedness"], key) == pytest.approx(
            _bias_weighted_one_vs_rest(predicted, real, None), abs=EXACT)
        assert getattr(result["adjusted_balanced_accuracy"], key) == pytest.approx(
            skm.balanced_accuracy_score(real, predicted, adjusted=True), abs=EXACT)
        assert getattr(result["matthews_correlation"], key) == pytest.approx(
            skm.matthews_corrcoef(real, predicted), abs=EXACT)
        assert getattr(result["macro_f1"], key) == pytest.approx(
            skm.f1_score(real, predicted, average="macro"), abs=EXACT)
    for row in result.values():
        assert row.difference.estimate == pytest.approx(row.estimate_a - row.estimate_b, abs=EXACT)
        low, high = row.difference
        assert low < high
    same = uncertainty.compare_predictions(real, a, a, n_resamples=200)
    low, high = same["informedness"].difference
    assert low < 0.0 < high and same["informedness"].test.pvalue == 1.0   # no case tells them apart


def test_compare_predictions_interval_is_a_class_stratified_bootstrap():
    real, a, _ = _random_labels(4, 240, 3)
    resamples = 4000
    low, high = uncertainty.compare_predictions(real, a, a, n_resamples=resamples, seed=3)["informedness"].interval_a
    # The reference resamples the cases of each real class, which also holds two pseudo-cases
    # (drawn with the cases' probability; right with probability 1/2, else another label at random)
    rng = np.random.default_rng(4)
    groups = [a[real == c] for c in range(3)]
    samples = []
    for c, group in enumerate(groups):
        pick = rng.integers(0, group.size + 2, (resamples, group.size))
        guess = np.where(rng.random(pick.shape) < 0.5, c, (c + rng.integers(1, 3, pick.shape)) % 3)
        samples.append(np.where(pick < group.size, group[np.minimum(pick, group.size - 1)], guess))
    reference = _stratified_informedness(*samples)
    spread = reference.std()
    # the same Monte Carlo tolerance as for bookmaker_report's interval: 0.3 standard errors
    assert low == pytest.approx(np.quantile(reference, 0.025), abs=0.3 * spread)
    assert high == pytest.approx(np.quantile(reference, 0.975), abs=0.3 * spread)


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(y_pred_b=[0, 1]), "y_pred_b has 2"),
    (dict(n_resamples=0), "n_resamples"),
    (dict(confidence=1.5), "confidence"),
    (dict(labels=[0, 1]), r"does not list \[2\]"),
])
def test_compare_predictions_rejects_bad_input(kwargs, message):
    arguments = dict(y_true=[0, 1, 2], y_pred_a=[0, 1, 1], y_pred_b=[0, 2, 2]) | kwargs
    with pytest.raises(ValueError, match=message):
        uncertainty.compare_predictions(**arguments)


def test_weighted_recall_and_precision_are_the_accuracy_even_with_an_absent_class():
    # labels 0 (never real) and 1: real 1, 1, 1; predicted 0, 1, 1 -> accuracy 2/3
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        weighted = metrics.bookmaker_report([1, 1, 1], [0, 1, 1], output_dict=True)["weighted avg"]
    assert weighted["recall"] == pytest.approx(2 / 3, abs=EXACT)
    assert weighted["precision"] == pytest.approx(2 / 3, abs=EXACT)
    assert np.isnan(weighted["informedness"])      # class 0 has no cases: B is undefined


def test_bookmaker_report_refuses_intervals_for_fractional_weights():
    with pytest.raises(ValueError, match="whole-number"):
        metrics.bookmaker_report([0, 1, 1], [0, 1, 0], sample_weight=[0.5, 1, 1], confidence=0.95)


# ---------------------------------------------------------------------- scorers
@pytest.fixture(scope="module")
def three_class_data():
    return make_classification(n_samples=300, n_features=6, n_informative=4, n_classes=3,
                               random_state=0)


def test_the_informedness_scorer_inside_cross_val_score(three_class_data):
    x, y = three_class_data
    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    model = LogisticRegression(max_iter=1000)
    scores = cross_val_score(model, x, y, cv=cv, scoring=metrics.scorer("informedness"))
    by_hand = [metrics.informedness_score(y[test], model.fit(x[train], y[train]).predict(x[test]))
               for train, test in cv.split(x, y)]
    np.testing.assert_allclose(scores, by_hand, atol=EXACT)
    assert len(set(np.round(scores, 12))) > 1   # the folds differ: the scorer is not constant


def test_the_binary_scorer_equals_adjusted_balanced_accuracy_in_cross_val_score(three_class_data):
    x, y = three_class_data
    y = (y == 0).astype(int)
    cv = StratifiedKFold(4, shuffle=True, random_state=1)
    model = LogisticRegression(max_iter=1000)
    ours = cross_val_score(model, x, y, cv=cv, scoring=metrics.scorer("informedness"))
    theirs = cross_val_score(model, x, y, cv=cv,
                             scoring=skm.make_scorer(skm.balanced_accuracy_score, adjusted=True))
    np.testing.assert_allclose(ours, theirs, atol=EXACT)


def test_scorers_drive_a_multi_metric_grid_search(three_class_data):
    x, y = three_class_data
    search = GridSearchCV(LogisticRegression(max_iter=1000), {"C": [0.01, 1.0]},
                          scoring=metrics.scorers(), refit="informedness", cv=3).fit(x, y)
    results = search.cv_results_
    best = int(np.argmax(results["mean_test_informedness"]))
    assert search.best_params_ == results["params"][best]
    assert np.all(np.isfinite(results["mean_test_markedness"]))


def test_the_expected_cost_scorer_is_minus_the_cost(three_class_data):
    x, y = three_class_data
    y = (y == 0).astype(int)
    model = LogisticRegression(max_iter=1000).fit(x, y)
    score = metrics.scorer("expected_cost", false_negative_cost=4.0)(model, x, y)
    assert score == pytest.approx(-metrics.expected_cost_score(y, model.predict(x), false_negative_cost=4.0))


def test_unknown_scorer_name():
    with pytest.raises(ValueError, match="name must be one of"):
        metrics.scorer("f1")


# ---------------------------------------------------------------------- from_sklearn / from_crosstab
def test_from_sklearn_is_the_transpose_and_keeps_the_class_names():
    real = np.array(["cat", "dog", "dog", "eel", "cat", "eel", "eel"])
    predicted = np.array(["cat", "cat", "dog", "eel", "dog", "dog", "eel"])
    names = ["dog", "cat", "eel"]
    matrix = skm.confusion_matrix(real, predicted, labels=names)
    table = Contingency.from_sklearn(matrix, labels=names)
    reference = Contingency(matrix.T, labels=names, layout="powers")
    np.testing.assert_array_equal(table.counts, reference.counts)
    assert table.labels == table.classes == tuple(names)
    assert table.informedness == pytest.approx(metrics.informedness_score(real, predicted), abs=EXACT)


def test_from_crosstab_is_the_transpose_and_keeps_the_class_names():
    real = pd.Series(["cat", "dog", "dog", "eel", "cat", "eel", "eel"], name="real")
    predicted = pd.Series(["cat", "cat", "dog", "eel", "dog", "dog", "eel"], name="predicted")
    frame = pd.crosstab(real, predicted)                 # rows = real
    table = Contingency.from_crosstab(frame, rows="real")
    reference = Contingency(frame.to_numpy().T, labels=list(frame.columns), layout="powers")
    np.testing.assert_array_equal(table.counts, reference.counts)
    assert table.labels == ("cat", "dog", "eel")
    assert table.informedness == pytest.approx(metrics.informedness_score(real, predicted), abs=EXACT)
    transposed = Contingency.from_crosstab(pd.crosstab(predicted, real), rows="predicted")
    np.testing.assert_array_equal(transposed.counts, reference.counts)


def test_from_crosstab_keeps_a_class_that_is_never_predicted():
    real = ["a", "b", "c", "c"]
    predicted = ["a", "b", "b", "b"]                     # c is never predicted: no column c
    table = Contingency.from_crosstab(pd.crosstab(np.array(real), np.array(predicted)), rows="real")
    assert table.labels == ("a", "b") and table.classes == ("a", "b", "c")
    # B over a, b, c: B(a) = 1 - 0 = 1, B(b) = 1 - 2/3, B(c) = 0 (never predicted);
    # biases 1/4, 3/4, 0: B = 1/4 + 3/4 * 1/3 = 0.5
    assert table.informedness == pytest.approx(0.5, abs=EXACT)
    assert metrics.informedness_score(real, predicted) == pytest.approx(0.5, abs=EXACT)


def test_from_crosstab_refuses_margins_and_bad_arguments():
    frame = pd.crosstab(np.array([0, 1, 1]), np.array([0, 1, 0]), margins=True)
    with pytest.raises(ValueError, match="margins"):
        Contingency.from_crosstab(frame, rows="real")
    with pytest.raises(ValueError, match="rows must be"):
        Contingency.from_crosstab(pd.crosstab(np.array([0, 1]), np.array([0, 1])), rows="true")
    with pytest.raises(ValueError, match="DataFrame"):
        Contingency.from_crosstab(np.eye(2), rows="real")


def test_binary_table_agrees_with_the_k_class_score_for_two_labels():
    real, predicted, _ = _random_labels(2, 150, 2)
    table = BinaryTable.from_labels(real, predicted, pos_label=1)
    assert metrics.informedness_score(real, predicted) == pytest.approx(float(table.informedness), abs=EXACT)
    assert metrics.markedness_score(real, predicted) == pytest.approx(float(table.markedness), abs=EXACT)


def test_from_crosstab_needs_the_rows_named():
    frame = pd.crosstab(np.array([0, 1, 1]), np.array([0, 1, 0]))
    with pytest.raises(ValueError, match="say what the rows hold"):
        Contingency.from_crosstab(frame)
