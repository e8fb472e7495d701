"""The result types: one readable line each, format(), to_dict() and (for reports) to_frame()."""
import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as skm
from statsmodels.stats.proportion import confint_proportions_2indep

from bookeval_lib import BinaryTable, metrics, uncertainty
from bookeval_lib.ranking import compare_roc_auc, roc_auc_interval
from bookeval_lib.results import BookmakerReport, ComparisonReport, Interval, Significance


def test_an_interval_prints_its_measure_in_one_line():
    # TP = 30 of RP = 40, FP = 10 of RN = 60: B = 0.75 - 1/6 = 0.5833; statsmodels' Agresti-Caffo
    # interval of the difference of the two proportions gives the limits
    table = BinaryTable(tp=30, fn=10, fp=10, tn=50)
    low, high = confint_proportions_2indep(30, 40, 10, 60, method="agresti-caffo", compare="diff")
    interval = uncertainty.informedness_interval(table)
    assert str(interval) == f"B = 0.583 [{low:.3f}, {high:.3f}] (95 %, Agresti–Caffo)"
    assert f"{interval:.2f}" == f"B = 0.58 [{low:.2f}, {high:.2f}] (95 %, Agresti–Caffo)"
    assert str(uncertainty.markedness_interval(table)).startswith("M = ")
    assert str(uncertainty.correlation_interval(table)).startswith("MCC = ")
    assert str(roc_auc_interval([0, 0, 1, 1, 0, 1], [0.1, 0.5, 0.4, 0.8, 0.2, 0.9])).startswith("AUC = ")
    assert interval.to_dict() == {"low": interval.low, "high": interval.high, "estimate": interval.estimate,
                                  "method": "agresti-caffo", "confidence": 0.95, "clipped": False,
                                  "undefined": False, "reason": None, "measure": "informedness"}


def test_an_undefined_interval_and_an_array_say_so_in_one_line():
    empty = uncertainty.informedness_interval(BinaryTable(tp=0, fn=0, fp=3, tn=4))
    assert str(empty) == "B = nan (no interval: no real positives or no real negatives (RP = 0 or RN = 0))"
    many = uncertainty.informedness_interval(BinaryTable(tp=[1, 2], fn=[3, 4], fp=[1, 1], tn=[5, 5]))
    assert str(many) == "2 intervals of B (95 %, Agresti–Caffo)"
    assert many.to_dict()["low"] == list(many.low)


def test_a_test_prints_in_one_line():
    # chi^2 of [[20, 10], [5, 65]] without correction: scipy's chi2_contingency gives the numbers
    from scipy.stats import chi2_contingency
    expected = chi2_contingency([[20, 10], [5, 65]], correction=False)
    result = uncertainty.independence_test(BinaryTable(tp=20, fp=10, fn=5, tn=65))
    assert str(result) == f"p = {expected.pvalue:.2g} (chi2, statistic {expected.statistic:.4g})"
    assert f"{result:.2f}".endswith(f"statistic {expected.statistic:.2f})")
    assert result.to_dict()["pvalue"] == pytest.approx(expected.pvalue, rel=1e-12)
    assert str(Significance(np.nan, np.nan, "exact", True, "no discordant cases")) == \
        "no test (exact): no discordant cases"


def test_the_comparison_report_prints_converts_and_frames():
    rng = np.random.default_rng(5)
    y_true = rng.integers(0, 3, 150)
    y_pred_a = np.where(rng.random(150) < 0.7, y_true, rng.integers(0, 3, 150))
    y_pred_b = np.where(rng.random(150) < 0.4, y_true, rng.integers(0, 3, 150))
    report = uncertainty.compare_predictions(y_true, y_pred_a, y_pred_b, n_resamples=300)
    assert isinstance(report, ComparisonReport) and list(report) == list(uncertainty.DEFAULT_COMPARED)
    lines = str(report).splitlines()
    assert len(lines) == len(report) and lines[0].startswith("ΔB = ") and lines[1].startswith("ΔM = ")
    assert format(report, ".2f").splitlines()[0] == format(report["informedness"], ".2f")
    frame = report.to_frame()
    assert list(frame.index) == list(report)
    # the estimates are scikit-learn's adjusted balanced accuracy and Matthews correlation
    assert frame.loc["adjusted_balanced_accuracy", "estimate_a"] == pytest.approx(
        skm.balanced_accuracy_score(y_true, y_pred_a, adjusted=True), abs=1e-12)
    assert frame.loc["matthews_correlation", "estimate_b"] == pytest.approx(
        skm.matthews_corrcoef(y_true, y_pred_b), abs=1e-12)
    row, comparison = report.to_dict()["informedness"], report["informedness"]
    assert (row["difference_low"], row["difference_high"]) == tuple(comparison.difference)
    assert row["pvalue"] == comparison.test.pvalue and row["a_only"] == comparison.a_only
    assert str(comparison.interval_a).startswith("B = ")


def test_compare_roc_auc_is_the_same_comparison_type():
    rng = np.random.default_rng(2)
    y = np.r_[np.ones(30), np.zeros(30)]
    score_a, score_b = rng.normal(y, 1), rng.normal(y, 2)
    result = compare_roc_auc(y, score_a, score_b)
    assert result.measure == "roc_auc" and str(result).startswith("ΔAUC = ")
    assert result.estimate_a == pytest.approx(skm.roc_auc_score(y, score_a), abs=1e-12)
    assert result.interval_b.estimate == pytest.approx(skm.roc_auc_score(y, score_b), abs=1e-12)
    row = result.to_dict()
    assert row["correlation"] == result.correlation and "a_only" not in row


def test_the_bookmaker_report_is_its_text_and_converts():
    y_true = ["a"] * 40 + ["b"] * 30 + ["c"] * 30
    y_pred = ["a"] * 30 + ["b"] * 10 + ["a"] * 5 + ["b"] * 20 + ["c"] * 5 + ["b"] * 5 + ["c"] * 25
    report = metrics.bookmaker_report(y_true, y_pred, confidence=0.95)
    assert isinstance(report, BookmakerReport) and isinstance(report, str)
    np.testing.assert_equal(report.to_dict(), metrics.bookmaker_report(y_true, y_pred, confidence=0.95,
                                                                       output_dict=True))   # nan equals nan here
    frame = report.to_frame()
    assert isinstance(frame, pd.DataFrame)
    recall, precision = (function(y_true, y_pred, average=None) for function in
                         (skm.recall_score, skm.precision_score))
    np.testing.assert_allclose(frame.loc[["a", "b", "c"], "recall"], recall, rtol=1e-12)
    np.testing.assert_allclose(frame.loc[["a", "b", "c"], "precision"], precision, rtol=1e-12)
    low, high = report.to_dict()["weighted avg"]["informedness_interval"]
    assert (frame.loc["weighted avg", "informedness_interval_low"],
            frame.loc["weighted avg", "informedness_interval_high"]) == (low, high)


def test_the_fold_comparison_prints_and_converts_alike():
    from scipy import stats

    from bookeval_lib.crossval import corrected_cv_test
    differences = np.array([0.1, 0.2, 0.05, 0.15, 0.12])
    result = corrected_cv_test(differences, n_train=80, n_test=20)
    # SE = sqrt((1/5 + 20/80) s^2) (Nadeau & Bengio 2003), t on 4 degrees of freedom
    t = differences.mean() / np.sqrt((1 / 5 + 20 / 80) * differences.var(ddof=1))
    p = 2 * stats.t.sf(abs(t), 4)
    assert str(result) == f"{result.difference}; p = {p:.4f} over 5 folds" and "\n" not in str(result)
    assert result.to_dict()["test"]["statistic"] == pytest.approx(t, rel=1e-12)
    assert result.to_dict()["difference"]["estimate"] == pytest.approx(differences.mean(), rel=1e-12)
