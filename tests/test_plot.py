"""bookeval_lib.plot draws the numbers the package computes, labels its axes and legends, imports matplotlib lazily.

The small example is the one of the docstrings of roc.roc_curve: y_true = [0, 0, 1, 1],
scores [0.1, 0.4, 0.35, 0.8].  By hand: thresholded at each distinct score, from the
highest, the ROC points are (0, 0), (0, 1/2), (1/2, 1/2), (1/2, 1), (1, 1); the convex
hull keeps (0, 0), (0, 1/2), (1/2, 1), (1, 1) ((1/2, 1/2) lies under the edge from
(0, 1/2) to (1/2, 1)); AUC = 3 ordered pairs of 4 = 0.75.
"""
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn import metrics as skm  # noqa: E402

from bookeval_lib import Contingency, curves, plot, roc, uncertainty  # noqa: E402

Y_TRUE = [0, 0, 1, 1]
Y_SCORE = [0.1, 0.4, 0.35, 0.8]


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _line(ax, startswith):
    """The one line whose legend label starts with ``startswith``."""
    found = [line for line in ax.get_lines() if line.get_label().startswith(startswith)]
    assert len(found) == 1, [line.get_label() for line in ax.get_lines()]
    return found[0]


def _legend(ax):
    return [text.get_text() for text in ax.get_legend().get_texts()]


def _scored(seed, n=200):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return y, np.round(y + rng.normal(0, 1.2, n), 1)         # rounded: ties in the scores


def test_importing_the_module_does_not_import_matplotlib():
    code = ("import sys, bookeval_lib.plot\n"
            "print(','.join(m for m in ('matplotlib', 'sklearn', 'pandas') if m in sys.modules))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parent.parent)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def test_the_package_does_not_import_plot():
    code = "import sys, bookeval_lib\nprint('bookeval_lib.plot' in sys.modules)\n"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parent.parent)
    assert result.stdout.strip() == "False", result.stderr


# ---------------------------------------------------------------------- ROC
def test_roc_on_the_small_example_by_hand():
    ax = plot.roc_curve(Y_TRUE, Y_SCORE, slope=1.0, threshold=0.5)
    curve = _line(ax, "ROC curve")
    np.testing.assert_array_equal(curve.get_xdata(), [0, 0, 0.5, 0.5, 1])
    np.testing.assert_array_equal(curve.get_ydata(), [0, 0.5, 0.5, 1, 1])
    assert "AUC = 0.750" in curve.get_label()
    hull = _line(ax, "convex hull")
    np.testing.assert_array_equal(hull.get_xdata(), [0, 0, 0.5, 1])
    np.testing.assert_array_equal(hull.get_ydata(), [0, 0.5, 1, 1])
    # slope 1: tpr - fpr is 1/2 at (0, 1/2) and at (1/2, 1); the first (highest threshold) is taken,
    # and the isocost line tpr = fpr + 1/2 runs from (0, 1/2) to (1/2, 1) inside the square
    optimum = _line(ax, "optimum for c = 1")
    assert (optimum.get_xdata()[0], optimum.get_ydata()[0]) == (0.0, 0.5)
    assert "score ≥ 0.8" in optimum.get_label()
    isocost = _line(ax, "highest isocost line")
    np.testing.assert_allclose(isocost.get_xdata(), [0, 0.5])
    np.testing.assert_allclose(isocost.get_ydata(), [0.5, 1])
    # "positive if score >= 0.5": only the case scored 0.8, a positive: (fpr, tpr) = (0, 1/2)
    chosen = _line(ax, "chosen")
    assert (chosen.get_xdata()[0], chosen.get_ydata()[0]) == (0.0, 0.5)
    chance = _line(ax, "chance")
    np.testing.assert_array_equal(chance.get_xdata(), [0, 1])
    np.testing.assert_array_equal(chance.get_ydata(), [0, 1])


def test_roc_draws_sklearns_curve_and_the_packages_hull_and_optimum():
    y, s = _scored(0)
    slope = 2.5
    ax = plot.roc_curve(y, s, slope=slope, threshold=0.3, label="model")
    fpr, tpr, thresholds = skm.roc_curve(y, s, drop_intermediate=False)
    curve = _line(ax, "model")
    np.testing.assert_allclose(curve.get_xdata(), fpr)
    np.testing.assert_allclose(curve.get_ydata(), tpr)
    assert f"AUC = {skm.roc_auc_score(y, s):.3f}" in curve.get_label()
    hull_fpr, hull_tpr = roc.roc_convex_hull(fpr, tpr)
    np.testing.assert_allclose(_line(ax, "convex hull").get_xdata(), hull_fpr)
    np.testing.assert_allclose(_line(ax, "convex hull").get_ydata(), hull_tpr)
    # the optimum, by brute force: the point with the largest tpr - c fpr
    best = np.argmax(tpr - slope * fpr)
    optimum = _line(ax, f"optimum for c = {slope:g}")
    np.testing.assert_allclose([optimum.get_xdata()[0], optimum.get_ydata()[0]], [fpr[best], tpr[best]])
    # every curve point lies on or under the drawn isocost line
    isocost = _line(ax, "highest isocost line")
    (x0, x1), (y0, y1) = isocost.get_xdata(), isocost.get_ydata()
    assert np.isclose((y1 - y0) / (x1 - x0), slope)
    assert np.all(tpr <= y0 + slope * (fpr - x0) + 1e-12)
    # the chosen point: the share of positives / negatives scored >= 0.3
    chosen = _line(ax, "chosen")
    expected = (np.mean(s[y == 0] >= 0.3), np.mean(s[y == 1] >= 0.3))
    np.testing.assert_allclose([chosen.get_xdata()[0], chosen.get_ydata()[0]], expected)


def test_roc_labels_and_legend():
    ax = plot.roc_curve(Y_TRUE, Y_SCORE, slope=1.0, threshold=0.5)
    assert "fallout" in ax.get_xlabel() and "(fpr)" in ax.get_xlabel()
    assert "recall" in ax.get_ylabel() and "(tpr)" in ax.get_ylabel()
    legend = _legend(ax)
    for entry in ("chance: tpr = fpr", "ROC curve", "convex hull", "highest isocost line",
                  "optimum", "chosen"):
        assert any(text.startswith(entry) for text in legend), (entry, legend)
    assert ax.get_xlim()[0] <= 0 and ax.get_xlim()[1] >= 1


def test_roc_without_options_and_on_a_given_axes():
    fig, given = plt.subplots()
    ax = plot.roc_curve(Y_TRUE, Y_SCORE, hull=False, ax=given)
    assert ax is given
    assert [line.get_label() for line in ax.get_lines()] == ["chance: tpr = fpr", "ROC curve (AUC = 0.750)"]


def test_roc_with_string_labels_needs_the_positive_label():
    y = ["spam", "ham", "spam", "ham"]
    with pytest.raises(ValueError, match="positive"):
        plot.roc_curve(y, Y_SCORE)
    ax = plot.roc_curve(y, Y_SCORE, pos_label="spam")
    # positives score 0.1 and 0.35, negatives 0.4 and 0.8: no positive is above a negative
    assert "AUC = 0.000" in _line(ax, "ROC curve").get_label()


# ---------------------------------------------------------------------- precision-recall
def test_precision_recall_on_the_small_example_by_hand():
    ax = plot.precision_recall_curve(Y_TRUE, Y_SCORE)
    points = _line(ax, "PR points")
    # thresholds 0.1, 0.35, 0.4, 0.8: predicted positive 4, 3, 2, 1 cases holding 2, 2, 1, 1 positives
    np.testing.assert_allclose(points.get_xdata(), [1, 1, 0.5, 0.5])
    np.testing.assert_allclose(points.get_ydata(), [2 / 4, 2 / 3, 1 / 2, 1 / 1])
    baseline = _line(ax, "chance")
    np.testing.assert_array_equal(baseline.get_ydata(), [0.5, 0.5])
    assert "rp = 0.500" in baseline.get_label()
    # AP = mean precision at each positive's rank: (1/1 + 2/3)/2
    assert f"AP = {(1 + 2 / 3) / 2:.3f}" in _line(ax, "PR curve").get_label()


def test_precision_recall_draws_the_interpolation_not_straight_lines():
    y, s = _scored(1)
    ax = plot.precision_recall_curve(y, s, points=30)
    fpr, tpr, _ = skm.roc_curve(y, s, drop_intermediate=False)
    recall, precision = curves.precision_recall_interpolation(fpr, tpr, np.mean(y), points=30)
    path = _line(ax, "PR curve")
    np.testing.assert_allclose(path.get_xdata(), recall)
    np.testing.assert_allclose(path.get_ydata(), precision)
    assert f"AP = {skm.average_precision_score(y, s):.3f}" in path.get_label()
    # the points are scikit-learn's, without its last (recall 0, precision 1), which no threshold gives
    sk_precision, sk_recall, _ = skm.precision_recall_curve(y, s)
    points = _line(ax, "PR points")
    np.testing.assert_allclose(points.get_xdata(), sk_recall[:-1])
    np.testing.assert_allclose(points.get_ydata(), sk_precision[:-1])
    # each segment starts at a PR point, and inside a segment the path is not straight: at the
    # sample t of a segment the ROC point is (fpr0 + t dfpr, tpr0 + t dtpr), and there
    # precision = rp tpr / (rp tpr + rn fpr) (Davis & Goadrich 2006)
    rp = np.mean(y)
    path_precision = path.get_ydata().reshape(-1, 30)
    np.testing.assert_allclose(path_precision[1:, 0], rp * tpr[1:-1] / (rp * tpr[1:-1] + (1 - rp) * fpr[1:-1]))
    segment = np.flatnonzero((np.diff(fpr) > 0) & (np.diff(tpr) > 0))[0]
    t = 14 / 29
    x = fpr[segment] + t * (fpr[segment + 1] - fpr[segment])
    r = tpr[segment] + t * (tpr[segment + 1] - tpr[segment])
    assert np.isclose(path_precision[segment, 14], rp * r / (rp * r + (1 - rp) * x))
    assert "recall" in ax.get_xlabel() and "(tpr)" in ax.get_xlabel()
    assert "precision" in ax.get_ylabel()
    assert any(text.startswith("chance: precision = prevalence") for text in _legend(ax))


# ---------------------------------------------------------------------- cost curves
def test_cost_curve_on_the_small_example_by_hand():
    # hull vertices (0,0), (0,1/2), (1/2,1), (1,1) give the lines PC, PC/2, (1 - PC)/2, 1 - PC;
    # their lower envelope is min(PC/2, (1 - PC)/2): corners (0, 0), (1/2, 1/4), (1, 0)
    ax = plot.cost_curve(Y_TRUE, Y_SCORE, probability_cost=0.3)
    envelope = _line(ax, "cost curve")
    np.testing.assert_allclose(envelope.get_xdata(), [0, 0.5, 1])
    np.testing.assert_allclose(envelope.get_ydata(), [0, 0.25, 0])
    marked = _line(ax, "PC(+) = 0.3")
    np.testing.assert_array_equal(marked.get_xdata(), [0.3, 0.3])
    assert "cost 0.150" in marked.get_label()              # 0.3 / 2
    negative, positive = _line(ax, "all negative"), _line(ax, "all positive")
    np.testing.assert_array_equal(negative.get_ydata(), [0, 1])
    np.testing.assert_array_equal(positive.get_ydata(), [1, 0])
    assert "probability-cost PC(+)" in ax.get_xlabel()
    assert "normalised expected cost" in ax.get_ylabel()


def test_cost_curve_is_the_lower_envelope_of_the_roc_points_lines():
    y, s = _scored(2)
    ax = plot.cost_curve(y, s)
    envelope = _line(ax, "cost curve")
    fpr, tpr, _ = skm.roc_curve(y, s, drop_intermediate=False)
    pc = np.linspace(0, 1, 401)
    # brute force: the lowest of every ROC point's line (1 - tpr) PC + fpr (1 - PC)
    lowest = np.min((1 - tpr[:, None]) * pc + fpr[:, None] * (1 - pc), axis=0)
    np.testing.assert_allclose(np.interp(pc, envelope.get_xdata(), envelope.get_ydata()), lowest,
                               atol=1e-12)
    # at PC = 1/2 the cost is (1 - B)/2 with B the largest tpr - fpr
    assert np.isclose(np.interp(0.5, envelope.get_xdata(), envelope.get_ydata()),
                      (1 - np.max(tpr - fpr)) / 2)


# ---------------------------------------------------------------------- per label
def _three_class_table(seed=3, n=150):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 3, n)
    y_pred = np.where(rng.random(n) < 0.6, y_true, rng.integers(0, 3, n))
    return y_true, y_pred, Contingency.from_labels(y_true, y_pred, labels=[0, 1, 2])


def _bars(ax):
    from matplotlib.container import BarContainer
    return [container for container in ax.containers if isinstance(container, BarContainer)]


def test_per_label_bars_hold_b_and_m_of_each_label_with_their_intervals():
    y_true, y_pred, table = _three_class_table()
    ax = plot.per_label(table, confidence=0.9)
    b_bars, m_bars = _bars(ax)
    for label in range(3):
        real, predicted = y_true == label, y_pred == label
        tp, fp = np.sum(real & predicted), np.sum(~real & predicted)
        fn, tn = np.sum(real & ~predicted), np.sum(~real & ~predicted)
        informedness = tp / (tp + fn) - fp / (fp + tn)             # recall - fallout
        markedness = tp / (tp + fp) - fn / (fn + tn)               # precision - Pr(R=l | P!=l)
        assert np.isclose(b_bars.patches[label].get_height(), informedness)
        assert np.isclose(m_bars.patches[label].get_height(), markedness)
        binary = table.to_binary(label)
        for bars, interval in ((b_bars, uncertainty.informedness_interval(binary, confidence=0.9)),
                               (m_bars, uncertainty.markedness_interval(binary, confidence=0.9))):
            segment = bars.errorbar.lines[2][0].get_segments()[label]
            np.testing.assert_allclose(sorted(segment[:, 1]), [interval.low, interval.high])
    legend = _legend(ax)
    # the intervals' default method, named as a reader writes it
    assert "informedness B(l), 90 % interval (Agresti–Caffo)" in legend, legend
    assert "markedness M(l), 90 % interval (Agresti–Caffo)" in legend, legend
    assert any(text.startswith("chance") for text in legend), legend
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "1", "2"]
    assert "label" in ax.get_xlabel() and "B(l)" in ax.get_ylabel()


def test_per_label_writes_undefined_where_a_label_has_no_real_cases():
    # label "c" is predicted once but never occurs: recall(c) is undefined, so B(c) is nan
    table = Contingency([[5, 1, 0], [2, 6, 0], [1, 0, 0]], layout="powers", labels="abc")
    ax = plot.per_label(table)
    b_bars, m_bars = _bars(ax)
    assert len(b_bars.patches) == 2 and len(m_bars.patches) == 3
    assert "undefined" in [text.get_text() for text in ax.texts]


def test_per_label_refuses_what_is_not_a_contingency():
    with pytest.raises(ValueError, match="Contingency"):
        plot.per_label([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="Contingency"):
        plot.contingency_table(np.eye(2))


# ---------------------------------------------------------------------- the table
def test_contingency_table_is_powers_layout_with_counts_written_in():
    y_true, y_pred, table = _three_class_table()
    ax = plot.contingency_table(table)
    image = ax.get_images()[0].get_array()
    # scikit-learn's confusion matrix has the real classes in rows: Powers' layout is its transpose
    np.testing.assert_array_equal(image, skm.confusion_matrix(y_true, y_pred, labels=[0, 1, 2]).T)
    written = {(round(t.get_position()[1]), round(t.get_position()[0])): t.get_text() for t in ax.texts}
    assert written == {(i, j): f"{value:g}" for (i, j), value in np.ndenumerate(image)}
    assert "predicted" in ax.get_ylabel() and "real" in ax.get_xlabel()
    assert [t.get_text() for t in ax.get_yticklabels()] == ["0", "1", "2"]


def test_contingency_table_keeps_different_row_and_column_names():
    table = Contingency([[3, 1], [0, 2], [1, 4]], layout="powers", labels=["x", "y", "z"],
                        classes=["dog", "train"])
    ax = plot.contingency_table(table)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["dog", "train"]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["x", "y", "z"]
    assert ax.get_images()[0].get_array().shape == (3, 2)


# ---------------------------------------------------------------------- the drawing primitives (curves given as rates)
def test_draw_roc_curve_draws_the_given_rates_and_their_hull_only():
    fpr, tpr = np.array([0, 0, 0.5, 0.5, 1]), np.array([0, 0.5, 0.5, 1, 1])
    ax = plot.draw_roc_curve(fpr, tpr, label="given", color="tab:orange")
    assert [line.get_label() for line in ax.get_lines()] == ["given", "convex hull"]
    assert ax.get_lines()[0].get_color() == "tab:orange"
    np.testing.assert_array_equal(ax.get_lines()[1].get_xdata(), [0, 0, 0.5, 1])   # the hull by hand
    assert ax.get_legend() is None and ax.get_xlabel() == ""                         # no axes set up
    assert [line.get_label() for line in plot.draw_roc_curve(fpr, tpr, hull=False).get_lines()] == ["ROC curve"]


def test_draw_cost_curve_adds_the_trivial_lines_only_when_asked():
    fpr, tpr = np.array([0, 0, 0.5, 0.5, 1]), np.array([0, 0.5, 0.5, 1, 1])
    fig, ax = plt.subplots()
    plot.draw_cost_curve(fpr, tpr, label="a", ax=ax)
    plot.draw_cost_curve(fpr, tpr, label="b", trivial=False, color="tab:green", ax=ax)
    assert [line.get_label() for line in ax.get_lines()] == [
        "all negative: cost = PC(+)", "all positive: cost = 1 − PC(+)",
        "a (lower envelope)", "b (lower envelope)"]
    np.testing.assert_allclose(ax.get_lines()[3].get_ydata(), [0, 0.25, 0])        # by hand, as above
    assert ax.get_lines()[3].get_color() == "tab:green"


def test_draw_precision_recall_maps_the_roc_segments_and_draws_a_baseline_in_the_curves_colour():
    # one ROC segment from (0, 0) to (1/2, 1) and one to (1, 1), at prevalence 0.2: on the first,
    # TP and FP grow together, so precision = 0.2 * 1 / (0.2 * 1 + 0.8 * 0.5) = 1/3 all along it
    ax = plot.draw_precision_recall([0, 0.5, 1], [0, 1, 1], 0.2, points=5, color="tab:purple", label="at 0.2")
    path, baseline = ax.get_lines()
    assert (path.get_label(), baseline.get_label()) == ("at 0.2", "baseline (chance) = 0.2")
    np.testing.assert_allclose(path.get_ydata()[:5], 1 / 3)
    # on the second, fpr = 1/2 + t/2 at recall 1: precision = 0.2 / (0.2 + 0.8 fpr)
    np.testing.assert_allclose(path.get_ydata()[5:], 0.2 / (0.2 + 0.8 * np.linspace(0.5, 1, 5)))
    np.testing.assert_array_equal(baseline.get_ydata(), [0.2, 0.2])
    assert baseline.get_color() == path.get_color() == "tab:purple"
    assert len(plot.draw_precision_recall([0, 1], [0, 1], 0.5, baseline=False).get_lines()) == 1


# ---------------------------------------------------------------------- several models on one axes
def _three_models(n=300):
    """One set of cases scored by three models of different quality (seeded)."""
    rng = np.random.default_rng(11)
    y = rng.integers(0, 2, n)
    return y, {name: np.round(y * shift + rng.normal(0, 1, n), 2)
               for name, shift in (("logistic", 2.0), ("forest", 1.0), ("baseline", 0.3))}


def test_three_models_on_one_roc_axes_show_each_model_and_each_reference_once():
    y, scores = _three_models()
    fig, ax = plt.subplots()
    for name, score in scores.items():
        assert plot.roc_curve(y, score, label=name, ax=ax) is ax
    expected = ["chance: tpr = fpr"]
    for i, (name, score) in enumerate(scores.items()):
        expected.append(f"{name} (AUC = {skm.roc_auc_score(y, score):.3f})")
        if i == 0:
            expected.append("convex hull")
    assert _legend(ax) == expected
    # one chance diagonal drawn, three hulls (one per model, two of them left out of the legend)
    assert sum(line.get_label().startswith(("chance", "_chance")) for line in ax.get_lines()) == 1
    assert sum(line.get_label().endswith("convex hull") for line in ax.get_lines()) == 3
    colours = [_line(ax, name).get_color() for name in scores]
    assert len(set(colours)) == 3 and colours[0] == "#1f4e9c"        # the first model keeps the course's blue


def test_three_models_on_one_pr_axes_show_each_model_and_each_reference_once():
    y, scores = _three_models()
    fig, ax = plt.subplots()
    for name, score in scores.items():
        plot.precision_recall_curve(y, score, label=name, ax=ax)
    points = "PR points (one per threshold),\njoined as straight ROC segments map"
    expected = [f"chance: precision = prevalence rp = {np.mean(y):.3f}"]
    for i, (name, score) in enumerate(scores.items()):
        expected.append(f"{name} (AP = {skm.average_precision_score(y, score):.3f})")
        if i == 0:
            expected.append(points)
    assert _legend(ax) == expected
    assert sum(line.get_label().lstrip("_").startswith("chance") for line in ax.get_lines()) == 1
    colours = [_line(ax, name).get_color() for name in scores]
    assert len(set(colours)) == 3
    # each model's points take its curve's colour
    dots = [line for line in ax.get_lines() if line.get_label().lstrip("_") == points]
    assert [line.get_color() for line in dots] == colours


def test_three_cost_curves_draw_the_trivial_classifiers_once():
    y, scores = _three_models()
    fig, ax = plt.subplots()
    for name, score in scores.items():
        plot.cost_curve(y, score, label=name, ax=ax)
    assert _legend(ax) == ["all negative: cost = PC(+)", "all positive: cost = 1 − PC(+)"] + [
        f"{name} (lower envelope)" for name in scores]
    assert len(ax.get_lines()) == 5
    assert len({_line(ax, name).get_color() for name in scores}) == 3


def test_label_color_and_matplotlibs_keyword_arguments_reach_the_models_line():
    y, scores = _three_models()
    ax = plot.roc_curve(y, scores["forest"], label="forest", color="tab:purple", linestyle=":", lw=3, alpha=0.5)
    line = _line(ax, "forest")
    assert (line.get_color(), line.get_linestyle(), line.get_linewidth(), line.get_alpha()) == (
        "tab:purple", ":", 3, 0.5)
    ax = plot.precision_recall_curve(y, scores["forest"], c="tab:green", linewidth=1)
    assert _line(ax, "PR curve").get_color() == "tab:green" and _line(ax, "PR curve").get_linewidth() == 1
    ax = plot.cost_curve(y, scores["forest"], color="k", linestyle="--")
    assert _line(ax, "cost curve").get_linestyle() == "--"


def test_an_explicit_colour_is_kept_and_the_next_model_takes_a_free_one():
    y, scores = _three_models()
    fig, ax = plt.subplots()
    plot.roc_curve(y, scores["logistic"], label="a", color="tab:orange", ax=ax)
    plot.roc_curve(y, scores["forest"], label="b", ax=ax)
    assert (_line(ax, "a").get_color(), _line(ax, "b").get_color()) == ("tab:orange", "#1f4e9c")


def test_named_optimum_and_chosen_points_say_whose_they_are():
    y, scores = _three_models()
    fig, ax = plt.subplots()
    for name in ("logistic", "forest"):
        plot.roc_curve(y, scores[name], label=name, slope=1.0, threshold=0.5, ax=ax)
    legend = _legend(ax)
    assert sum(text.startswith("highest isocost line") for text in legend) == 1
    for name in ("logistic", "forest"):
        assert sum(text.startswith("optimum") and text.endswith(f", {name}") for text in legend) == 1
        assert sum(text.startswith("chosen") and text.endswith(f", {name}") for text in legend) == 1


def test_per_label_takes_a_name_and_two_colours():
    _, _, table = _three_class_table()
    ax = plot.per_label(table, label="model A", color=("tab:blue", "tab:orange"), alpha=0.7)
    b_bars, m_bars = _bars(ax)
    assert b_bars.patches[0].get_alpha() == 0.7
    assert _legend(ax)[1].startswith("model A: informedness B(l)")
    with pytest.raises(ValueError, match=r"color must be a pair of colours .*, got 'red'"):
        plot.per_label(table, color="red")


def test_a_plot_without_matplotlib_names_the_extra_to_install():
    # sys.modules[name] = None makes `import name` fail as if the library were not installed
    code = ("import sys\nsys.modules['matplotlib'] = None\nsys.modules['matplotlib.pyplot'] = None\n"
            "from bookeval_lib import plot\n"
            "try:\n    plot.roc_curve([0, 1], [0.2, 0.7])\n"
            "except ModuleNotFoundError as error:\n"
            "    print(error)\n    print(type(error.__cause__).__name__)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parent.parent)
    assert result.returncode == 0, result.stderr
    message, cause = result.stdout.splitlines()
    assert message.startswith("bookeval_lib.plot needs matplotlib, which could not be imported (")
    assert message.endswith("): pip install 'bookeval[plot]' (or pip install matplotlib)")
    assert cause == "ModuleNotFoundError"
