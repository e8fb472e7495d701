"""The checks of notebook 13 (evaluating your own classifier), moved here from its teaching cells.

Notebook 13 prints its tables, reports and scores; the checks that what it says of them is true live here:
the orientation of the table, the two-class identity of B and the adjusted balanced accuracy (sympy), the
three-class example worked by hand, what the prose reads off the naive Bayes report, the rankings of the four
summaries, and the guessers.  The data, folds and models are the notebook's (digits, stratified shuffled
5-fold split, seed 0); expected values come from hand arithmetic, scikit-learn or sympy.
"""

import numpy as np
import pytest
import scipy.stats
import sympy as sp
from sklearn import metrics as skm

from bookeval_lib import Contingency, metrics
from digits_models import digits




def test_the_three_doors_give_powers_orientation():
    real = np.array(["cat", "dog", "dog", "eel", "cat", "eel", "eel"])
    predicted = np.array(["cat", "cat", "dog", "eel", "dog", "dog", "eel"])
    names = ["cat", "dog", "eel"]
    counted = metrics.contingency(real, predicted)
    sklearn_matrix = skm.confusion_matrix(real, predicted, labels=names)     # rows = real
    assert np.array_equal(counted.counts, Contingency.from_sklearn(sklearn_matrix, labels=names).counts)
    assert np.array_equal(counted.counts, sklearn_matrix.T)
    # by hand, rows = predicted: cat predicted for one cat and one dog, dog for a cat, a dog and an eel
    assert counted.counts.tolist() == [[1, 1, 0], [1, 1, 1], [0, 0, 2]]


def test_for_two_classes_b_and_the_adjusted_balanced_accuracy_are_tpr_minus_fpr():
    tpr, fpr, bias_positive = sp.symbols("tpr fpr Pr_P(+)", nonnegative=True)
    b_positive = tpr - fpr                  # recall(+) - fallout(+)
    b_negative = (1 - fpr) - (1 - tpr)      # recall(-) - fallout(-); recall(-) = 1 - fpr
    powers_b = bias_positive * b_positive + (1 - bias_positive) * b_negative
    k = 2
    adjusted_balanced = ((tpr + (1 - fpr)) / k - sp.Rational(1, k)) / (1 - sp.Rational(1, k))
    assert sp.simplify(powers_b - (tpr - fpr)) == 0          # whatever the bias
    assert sp.simplify(adjusted_balanced - (tpr - fpr)) == 0


def test_the_three_class_example_by_hand():
    y_true = np.repeat(["a", "b", "c"], [40, 30, 30])
    y_pred = np.repeat(["a", "b", "a", "b", "c", "b", "c"], [30, 10, 5, 20, 5, 5, 25])
    # biases 35/100, 35/100, 30/100; B(l) = recall(l) - fallout(l) from the one-vs-rest tables
    by_hand = 0.35 * (30 / 40 - 5 / 60) + 0.35 * (20 / 30 - 15 / 70) + 0.30 * (25 / 30 - 5 / 70)
    assert metrics.informedness_score(y_true, y_pred) == pytest.approx(by_hand, abs=1e-12)
    assert by_hand == pytest.approx(0.6202, abs=5e-5)                     # the notebook's prose
    # ABA: mean recall (0.75 + 2/3 + 5/6)/3 = 0.75, (0.75 - 1/3)/(2/3) = 0.625
    assert skm.balanced_accuracy_score(y_true, y_pred, adjusted=True) == pytest.approx(0.625, abs=1e-12)


def test_what_the_prose_reads_off_the_naive_bayes_report():
    _, y, _, predictions = digits()
    bayes = predictions["naive Bayes"]
    rows = metrics.bookmaker_report(y, bayes, output_dict=True, confidence=0.95)
    total = rows["weighted avg"]
    assert total["informedness"] == pytest.approx(metrics.informedness_score(y, bayes), abs=1e-12)
    assert total["recall"] == pytest.approx(skm.accuracy_score(y, bayes), abs=1e-12)
    # the weakest labels (lowest B(l)) are 2 and 9
    assert sorted(range(10), key=lambda label: rows[label]["informedness"])[:2] == [2, 9]
    for label in (7, 8):                 # dumping grounds: predicted more often than real, precision low
        assert np.mean(bayes == label) > np.mean(y == label)
        assert skm.precision_score(y, bayes, labels=[label], average=None)[0] < (
            skm.recall_score(y, bayes, labels=[label], average=None)[0] - 0.1)
    widths = [np.diff(rows[label]["informedness_interval"])[0] for label in range(10)]
    assert 0.03 < min(widths) and max(widths) < 0.15       # printed: 0.038 to 0.140


def test_the_upward_bias_of_b_is_negligible_on_the_digits():
    # sum_l r_l (1 - r_l)/N <= K * 1/4 / N: 10 * 0.25 / 1797 = 0.0014
    _, y, _, predictions = digits()
    recalls = skm.recall_score(y, predictions["naive Bayes"], average=None)
    assert np.sum(recalls * (1 - recalls)) / y.size <= 10 * 0.25 / 1797 < 0.0014 + 5e-5


def test_only_b_prefers_the_depth_2_tree():
    _, y, _, predictions = digits()
    depth_2, depth_3 = predictions["tree, depth 2"], predictions["tree, depth 3"]
    summaries = [metrics.informedness_score,
                 lambda t, p: skm.balanced_accuracy_score(t, p, adjusted=True),
                 skm.matthews_corrcoef,
                 lambda t, p: skm.f1_score(t, p, average="macro")]
    assert [s(y, depth_2) > s(y, depth_3) for s in summaries] == [True, False, False, False]


def test_the_guessers_score_about_zero_and_below_every_model():
    from sklearn.dummy import DummyClassifier
    from sklearn.model_selection import cross_validate

    x, y, folds, predictions = digits()
    scorer = metrics.scorer("informedness")
    frequent = cross_validate(DummyClassifier(strategy="most_frequent"), x, y, cv=folds, scoring=scorer)
    assert np.all(frequent["test_score"] == 0.0)
    stratified = cross_validate(DummyClassifier(strategy="stratified", random_state=0), x, y, cv=folds,
                                scoring=scorer)["test_score"]
    assert stratified.max() < min(metrics.informedness_score(y, p) for p in predictions.values())
    # under "mean 0", mean/SE is t with 4 degrees of freedom: inside its two-sided 99 % bound
    bound = scipy.stats.t.ppf(0.995, 4) * stratified.std(ddof=1) / np.sqrt(stratified.size)
    assert abs(stratified.mean()) < bound
