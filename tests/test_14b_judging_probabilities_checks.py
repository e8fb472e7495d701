"""The checks of notebook 14b's numbers, moved here from its teaching cells.

Notebook 14b prints the Brier scores, log losses, paired intervals and Brier decompositions of three
"is it a 9?" forecasters (a logistic regression, naive Bayes and the prior guesser, fitted on the first
half of scikit-learn's digits, scored on the second); the checks that those numbers agree with their
definitions and with scikit-learn and scipy, and that the claims its prose makes of them hold, live here.
The data, split and models are the notebook's.
"""
import functools

import numpy as np
import pytest
import scipy.stats

pytest.importorskip("sklearn")

from sklearn import metrics as skm  # noqa: E402

from bookeval_lib import BinaryTable, roc  # noqa: E402
from bookeval_lib.proper_scores import (  # noqa: E402
    brier_decomposition, brier_score, compare_proper_scores, log_loss)


@functools.cache
def _forecasts():
    """(nine_test, {name: P(9) on the test half}) as notebook 14b computes them."""
    from sklearn.datasets import load_digits
    from sklearn.dummy import DummyClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    x, y = load_digits(return_X_y=True)
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.5, stratify=y, random_state=0)
    nine_train, nine_test = (y_train == 9).astype(int), (y_test == 9).astype(int)
    models = {"logistic regression": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
              "naive Bayes": GaussianNB(), "guesser (prior)": DummyClassifier(strategy="prior")}
    return nine_test, {name: model.fit(x_train, nine_train).predict_proba(x_test)[:, 1]
                       for name, model in models.items()}


@pytest.mark.parametrize("name", ["logistic regression", "naive Bayes", "guesser (prior)"])
def test_brier_score_and_log_loss_match_their_definitions_and_scikit_learn(name):
    nine_test, probability = _forecasts()
    q = probability[name]
    assert np.isclose(brier_score(nine_test, q), np.mean((q - nine_test) ** 2))
    assert np.isclose(brier_score(nine_test, q), skm.brier_score_loss(nine_test, q))
    # log loss clips the probability given to the real class to [eps, 1 - eps], as scikit-learn does
    eps = np.finfo(float).eps
    clipped = np.clip(np.where(nine_test == 1, q, 1 - q), eps, 1 - eps)
    assert np.isclose(log_loss(nine_test, q), -np.mean(np.log(clipped)))
    assert np.isclose(log_loss(nine_test, q), skm.log_loss(nine_test, q))


def test_the_guesser_has_b_zero_and_auc_one_half_and_naive_bayes_more():
    nine_test, probability = _forecasts()
    tables = {name: BinaryTable.from_labels(nine_test, (q >= 0.5).astype(int), pos_label=1)
              for name, q in probability.items()}
    assert tables["guesser (prior)"].informedness == 0.0                 # always "not a 9"
    assert skm.roc_auc_score(nine_test, probability["guesser (prior)"]) == 0.5   # every pair tied
    assert tables["naive Bayes"].informedness > 0
    assert skm.roc_auc_score(nine_test, probability["naive Bayes"]) > 0.5


@pytest.mark.parametrize("a, b", [("naive Bayes", "guesser (prior)"), ("logistic regression", "naive Bayes")])
def test_the_paired_brier_interval_is_scipys_and_excludes_zero(a, b):
    nine_test, probability = _forecasts()
    result = compare_proper_scores(nine_test, probability[a], probability[b])
    per_case = (probability[a] - nine_test) ** 2 - (probability[b] - nine_test) ** 2
    assert np.allclose(tuple(result.difference), scipy.stats.ttest_1samp(per_case, 0.0).confidence_interval())
    low, high = result.difference
    # the prose: the guesser beats naive Bayes, the logistic regression beats naive Bayes
    assert low > 0 if a == "naive Bayes" else high < 0


def test_naive_bayes_brier_score_is_mostly_its_reliability_term():
    nine_test, probability = _forecasts()
    parts = {name: brier_decomposition(nine_test, probability[name], n_bins=10)
             for name in ("logistic regression", "naive Bayes")}
    for name, part in parts.items():
        assert np.isclose(part.brier, brier_score(nine_test, probability[name]))
    # "three quarters of naive Bayes's Brier score is its reliability term"; "its resolution is small"
    assert parts["naive Bayes"].reliability > 0.7 * parts["naive Bayes"].brier
    assert parts["naive Bayes"].resolution < parts["logistic regression"].resolution / 5


def test_hedging_towards_one_half_keeps_every_table_and_worsens_the_brier_score():
    nine_test, probability = _forecasts()
    q = probability["logistic regression"]
    hedged = (q + 0.5) / 2
    assert np.isclose(skm.roc_auc_score(nine_test, hedged), skm.roc_auc_score(nine_test, q))
    for u, v in zip(roc.roc_curve(nine_test, q)[:2], roc.roc_curve(nine_test, hedged)[:2]):
        assert np.array_equal(u, v)
    assert compare_proper_scores(nine_test, hedged, q).difference.low > 0


def test_b_at_one_half_is_naive_bayes_own_rule():
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split
    from sklearn.naive_bayes import GaussianNB

    x, y = load_digits(return_X_y=True)
    x_train, x_test, y_train, _ = train_test_split(x, y, test_size=0.5, stratify=y, random_state=0)
    bayes = GaussianNB().fit(x_train, (y_train == 9).astype(int))
    assert np.array_equal(bayes.predict(x_test), _forecasts()[1]["naive Bayes"] >= 0.5)
