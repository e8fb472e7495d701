"""The corrected resampled t-test of per-fold differences (bookeval_lib.crossval)."""
import math

import numpy as np
import pytest
from scipy import stats

from bookeval_lib.crossval import corrected_cv_test


def test_hand_arithmetic():
    # d = 1, 2, 3: mean 2, s^2 = 1, J = 3, n_test/n_train = 1/4
    # SE = sqrt((1/3 + 1/4) * 1) = sqrt(7/12) = 0.763763; t = 2/SE = 2.618615 on 2 degrees of freedom
    result = corrected_cv_test([1.0, 2.0, 3.0], n_train=4, n_test=1)
    assert result.folds == 3 and result.difference.estimate == 2.0
    assert result.standard_error == pytest.approx(math.sqrt(7 / 12))
    assert result.test.statistic == pytest.approx(2.618615, abs=1e-6)
    # plain floats, so that the result's repr reads as numbers (not np.float64(...))
    limits = (result.difference.low, result.difference.high, result.standard_error, result.test.pvalue)
    assert all(type(value) is float for value in limits)
    assert "np.float64" not in repr(result)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_equals_scipy_t_test_on_spread_out_differences(seed):
    # Widening the spread of the d_j about their mean by sqrt(1 + J n_test/n_train) turns the naive
    # standard error s/sqrt(J) into the corrected one, so scipy's one-sample t-test of the widened
    # values must give the corrected t, p-value and interval.
    d = np.random.default_rng(seed).normal(0.02, 0.05, size=(20, 5))
    n_train, n_test = 1437, 360
    widened = d.mean() + (d.ravel() - d.mean()) * math.sqrt(1 + d.size * n_test / n_train)
    reference = stats.ttest_1samp(widened, 0.0)
    result = corrected_cv_test(d, n_train=n_train, n_test=n_test, confidence=0.9)
    assert result.test.statistic == pytest.approx(reference.statistic)
    assert result.test.pvalue == pytest.approx(reference.pvalue)
    low, high = reference.confidence_interval(0.9)
    assert (result.difference.low, result.difference.high) == pytest.approx((low, high))


def test_correction_only_widens():
    d = np.random.default_rng(3).normal(0.01, 0.04, 100)
    naive = stats.ttest_1samp(d, 0.0)
    result = corrected_cv_test(d, n_train=4, n_test=1)
    # (1/J + 1/4)/(1/J) = 26 at J = 100: the corrected t is the naive one over sqrt(26)
    assert result.test.statistic == pytest.approx(naive.statistic / math.sqrt(26))
    assert result.test.pvalue > naive.pvalue


def test_constant_differences_are_undefined_without_warnings():
    result = corrected_cv_test(np.full(10, 0.03), n_train=8, n_test=2)
    assert result.standard_error == 0 and result.difference.estimate == pytest.approx(0.03)
    assert np.isnan(result.test.pvalue) and np.isnan(result.difference.low) and result.test.undefined
    assert "same difference" in result.test.reason


@pytest.mark.parametrize("kwargs, word", [
    (dict(differences=[0.1]), "differences"),
    (dict(differences=[0.1, np.nan]), "differences"),
    (dict(differences=["a", "b"]), "differences"),
    (dict(differences=[0.1, 0.2], n_train=0), "n_train"),
    (dict(differences=[0.1, 0.2], n_test=1.5), "n_test"),
    (dict(differences=[0.1, 0.2], confidence=1.0), "confidence"),
])
def test_bad_input_names_the_argument(kwargs, word):
    options = dict(n_train=4, n_test=1) | kwargs
    with pytest.raises(ValueError, match=word):
        corrected_cv_test(options.pop("differences"), **options)


@pytest.mark.parametrize("confidence", [0, 1, 95, "0.95", True, float("nan")])
def test_confidence_goes_through_the_one_check(confidence):
    with pytest.raises(ValueError, match="confidence"):
        corrected_cv_test([0.1, 0.2, 0.3], n_train=80, n_test=20, confidence=confidence)
