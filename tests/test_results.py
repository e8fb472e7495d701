"""The result types: one readable line each, format(), to_dict() and (for reports) to_frame()."""
import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as skm
from statsmodels.stats.proportion import confint_proportions_2indep

from bookeval_lib import BinaryTable, metrics, uncertainty
from bookeval_lib.ranking import compare_roc_auc, roc_auc_interval
from bookeval_lib.results import (BookmakerReport, Comparison, ComparisonReport, Interval, Significance,
                                  method_name)


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


# ---------------------------------------------------------------------- tables for a paper (no pandas, no jinja2)
def _hand_built_report():
    """A report built by hand: a label with LaTeX's and Markdown's special characters, an undefined
    value, a summary row without intervals and a fractional support."""
    rows = {"no_spam & 100%": {"recall": 0.9, "precision": 0.8, "informedness": 0.93,
                               "informedness_interval": (0.86, 0.96), "markedness": 0.5,
                               "markedness_interval": (0.25, 0.7), "support": 10.0, "bias": 0.5},
            "a|b": {"recall": 0.125, "precision": float("nan"), "informedness": -0.05,
                    "informedness_interval": (-0.4, 0.3), "markedness": float("nan"),
                    "markedness_interval": (float("nan"), float("nan")), "support": 2.5, "bias": 0.0},
            "macro avg": {"recall": 0.5125, "precision": float("nan"), "informedness": 0.44,
                          "informedness_interval": (float("nan"), float("nan")), "markedness": float("nan"),
                          "markedness_interval": (float("nan"), float("nan")), "support": 12.5, "bias": 1.0},
            "weighted avg": {"recall": 0.745, "precision": 0.8, "informedness": 0.93,
                             "informedness_interval": (0.8, 1.0), "markedness": 0.5,
                             "markedness_interval": (0.1, 0.9), "support": 12.5, "bias": 1.0}}
    return BookmakerReport("(text)", rows, confidence=0.9, interval_methods={
        "informedness": "agresti-caffo", "markedness": "newcombe", "weighted_informedness": "wald",
        "weighted_markedness": "wald"})


def test_the_bookmaker_report_as_markdown():
    assert _hand_built_report().to_markdown() == (
        "| label | recall | precision | B(l) [90 % CI] | M(l) [90 % CI] | support | bias |\n"
        "|:--|--:|--:|--:|--:|--:|--:|\n"
        "| no_spam & 100% | 0.90 | 0.80 | 0.93 [0.86, 0.96] | 0.50 [0.25, 0.70] | 10 | 0.50 |\n"
        "| a\\|b | 0.12 | nan | -0.05 [-0.40, 0.30] | nan | 2.50 | 0.00 |\n"
        "| macro avg | 0.51 | nan | 0.44 | nan | 12.50 | 1.00 |\n"
        "| weighted avg | 0.74 | 0.80 | 0.93 [0.80, 1.00] | 0.50 [0.10, 0.90] | 12.50 | 1.00 |\n"
        "\n"
        "B(l) = informedness of label l against the rest (recall - fallout), M(l) = its markedness "
        "(precision + inverse precision - 1). "
        "90 % intervals: B(l) Agresti–Caffo, M(l) Newcombe; weighted avg Wald. weighted avg: recall and "
        "M(l) by prevalence, precision and B(l) by bias (Powers 2003).\n")


def test_the_bookmaker_report_as_latex_with_booktabs():
    assert _hand_built_report().to_latex(digits=3) == (
        "\\begin{tabular}{lrrrrrr}\n"
        "\\toprule\n"
        "label & recall & precision & B(l) [90 \\% CI] & M(l) [90 \\% CI] & support & bias \\\\\n"
        "\\midrule\n"
        "no\\_spam \\& 100\\% & 0.900 & 0.800 & 0.930 [0.860, 0.960] & 0.500 [0.250, 0.700] & 10 & 0.500 \\\\\n"
        "a|b & 0.125 & nan & -0.050 [-0.400, 0.300] & nan & 2.500 & 0.000 \\\\\n"
        "\\midrule\n"
        "macro avg & 0.512 & nan & 0.440 & nan & 12.500 & 1.000 \\\\\n"
        "weighted avg & 0.745 & 0.800 & 0.930 [0.800, 1.000] & 0.500 [0.100, 0.900] & 12.500 & 1.000 \\\\\n"
        "\\bottomrule\n"
        "\\multicolumn{7}{l}{\\footnotesize B(l) = informedness of label l against the rest (recall - fallout), "
        "M(l) = its markedness (precision + inverse precision - 1).} \\\\\n"
        "\\multicolumn{7}{l}{\\footnotesize 90 \\% intervals: B(l) Agresti--Caffo, M(l) Newcombe; weighted avg "
        "Wald.} \\\\\n"
        "\\multicolumn{7}{l}{\\footnotesize weighted avg: recall and M(l) by prevalence, precision and B(l) by "
        "bias (Powers 2003).} \\\\\n"
        "\\end{tabular}\n")


def _interval(low, high, estimate, method, measure, confidence=0.95):
    return Interval(low, high, estimate, method, confidence, False, False, measure=measure)


def _hand_built_comparisons():
    informedness = Comparison(
        "informedness", 0.62, 0.5, _interval(0.01, 0.23, 0.12, "paired bootstrap", "informedness"),
        _interval(0.48, 0.74, 0.62, "paired bootstrap", "informedness"),
        _interval(0.36, 0.63, 0.5, "paired bootstrap", "informedness"),
        Significance(18.0, 0.0312, "sign-flip", False), test_error=0.002)
    markedness = Comparison(
        "markedness", 0.7, 0.65, _interval(-0.2, 0.3, 0.05, "paired bootstrap", "markedness"),
        _interval(0.5, 0.8, 0.7, "paired bootstrap", "markedness"),
        _interval(0.4, 0.8, 0.65, "paired bootstrap", "markedness"),
        Significance(0.0, 0.00004, "sign-flip", False))
    auc = Comparison(
        "roc_auc", 0.93, 0.88, _interval(-0.01, 0.11, 0.05, "DeLong, paired", "roc_auc"),
        _interval(0.86, 0.96, 0.93, "DeLong", "roc_auc"), _interval(np.nan, np.nan, 0.88, "DeLong", "roc_auc"),
        Significance(np.nan, np.nan, "DeLong, paired", True, "zero variance"))
    return ComparisonReport({"informedness": informedness, "markedness": markedness, "roc_auc": auc})


def test_the_comparison_report_as_markdown_and_latex():
    report = _hand_built_comparisons()
    assert report.to_markdown() == (
        "| measure | A | B | A − B | p |\n"
        "|:--|--:|--:|--:|--:|\n"
        "| B | 0.62 [0.48, 0.74] | 0.50 [0.36, 0.63] | 0.12 [0.01, 0.23] | 0.0312 ± 0.002 |\n"
        "| M | 0.70 [0.50, 0.80] | 0.65 [0.40, 0.80] | 0.05 [-0.20, 0.30] | 4e-05 |\n"
        "| AUC | 0.93 [0.86, 0.96] | 0.88 | 0.05 [-0.01, 0.11] | nan |\n"
        "\n"
        "B, M: 95 % intervals: A and B paired bootstrap; A − B paired bootstrap; p: sign-flip. "
        "AUC: 95 % intervals: A and B DeLong; A − B DeLong, paired; p: DeLong, paired.\n")
    latex = report.to_latex()
    assert latex.splitlines() == [
        "\\begin{tabular}{lrrrr}", "\\toprule", "measure & A & B & A $-$ B & p \\\\", "\\midrule",
        "B & 0.62 [0.48, 0.74] & 0.50 [0.36, 0.63] & 0.12 [0.01, 0.23] & 0.0312 ± 0.002 \\\\",
        "M & 0.70 [0.50, 0.80] & 0.65 [0.40, 0.80] & 0.05 [-0.20, 0.30] & 4e-05 \\\\",
        "AUC & 0.93 [0.86, 0.96] & 0.88 & 0.05 [-0.01, 0.11] & nan \\\\",
        "\\bottomrule",
        "\\multicolumn{5}{l}{\\footnotesize B, M: 95 \\% intervals: A and B paired bootstrap; A $-$ B paired "
        "bootstrap; p: sign-flip.} \\\\",
        "\\multicolumn{5}{l}{\\footnotesize AUC: 95 \\% intervals: A and B DeLong; A $-$ B DeLong, paired; p: "
        "DeLong, paired.} \\\\",
        "\\end{tabular}"]
    # one comparison is the report of one row
    assert report["informedness"].to_latex() == ComparisonReport({"informedness": report["informedness"]}).to_latex()


def test_tables_need_neither_pandas_nor_jinja2(monkeypatch):
    import sys
    for name in ("pandas", "jinja2"):
        monkeypatch.setitem(sys.modules, name, None)
    report = metrics.bookmaker_report([0, 1, 1, 0, 1], [0, 1, 0, 0, 1], confidence=0.95)
    assert report.to_latex().startswith("\\begin{tabular}") and "\\bottomrule" in report.to_latex()
    method = method_name(report.interval_methods["informedness"])
    # two classes: the weighted row takes the label rows' interval, and the note says so
    assert f"95 % intervals: B(l), M(l) and weighted avg {method} (two classes" in report.to_markdown()
    with pytest.raises(ValueError, match="digits"):
        report.to_markdown(digits=-1)
