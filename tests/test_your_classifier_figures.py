"""The figures of notebook 13b draw exactly the numbers of the core (checked on the artists' data)."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from bookeval_lib import curves, metrics, roc  # noqa: E402
from bookeval_lib.course.figures import your_classifier as plots  # noqa: E402
from bookeval_lib.course.figures.style import SERIES_COLOURS  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _labels(seed, n=300, k=3):
    rng = np.random.default_rng(seed)
    real = rng.integers(0, k, n)
    return real, np.where(rng.random(n) < 0.7, real, rng.integers(0, k, n))


def test_per_label_informedness_plots_each_b_and_interval():
    real, predicted = _labels(0)
    report = metrics.bookmaker_report(real, predicted, output_dict=True, confidence=0.95)
    ax = plots.plot_per_label_informedness({"model": report})
    container = ax.containers[0]
    x = container.lines[0].get_xdata()
    np.testing.assert_allclose(x, [report[label]["informedness"] for label in range(3)])
    segments = container.lines[2][0].get_segments()      # the horizontal error bars
    for label, segment in enumerate(segments):
        np.testing.assert_allclose(sorted(segment[:, 0]), report[label]["informedness_interval"])
    assert container.lines[0].get_color() == SERIES_COLOURS[0]


def test_one_vs_rest_roc_draws_one_curve_per_class():
    real, _ = _labels(1)
    rng = np.random.default_rng(1)
    probabilities = rng.dirichlet(np.ones(3), real.size)
    ax = plots.plot_one_vs_rest_roc(real, probabilities, range(3))
    lines = [line for line in ax.get_lines() if "vs rest" in line.get_label()]
    assert len(lines) == 3
    fpr, tpr, _ = roc.roc_curve(real == 2, probabilities[:, 2])
    np.testing.assert_allclose(lines[2].get_xdata(), fpr)
    np.testing.assert_allclose(lines[2].get_ydata(), tpr)


def test_threshold_choice_marks_the_two_points():
    fpr, tpr = np.array([0.0, 0.1, 0.3, 1.0]), np.array([0.0, 0.6, 0.9, 1.0])
    ax = plots.plot_threshold_choice(fpr, tpr, 1.5, 1, 2)
    points = {line.get_label(): (line.get_xdata()[0], line.get_ydata()[0]) for line in ax.get_lines()
              if line.get_marker() in ("o", "s")}
    assert points["tuned threshold (chosen on training data)"] == (0.1, 0.6)
    assert points["best threshold in hindsight"] == (0.3, 0.9)


def test_pr_interpolation_and_pr_against_roc_use_the_core_curves():
    fpr, tpr = np.array([0.0, 0.1, 0.4, 1.0]), np.array([0.0, 0.5, 0.9, 1.0])
    ax = plots.plot_pr_interpolation(fpr, tpr, 0.2)
    correct = next(line for line in ax.get_lines() if line.get_label().startswith("correct"))
    recall, precision = curves.precision_recall_interpolation(fpr, tpr, 0.2, points=100)
    np.testing.assert_allclose(correct.get_ydata(), precision)
    fig = plots.plot_pr_against_roc(fpr, tpr, [0.5, 0.1])
    right = fig.axes[1]
    baselines = [line.get_ydata()[0] for line in right.get_lines() if line.get_label().startswith("baseline")]
    assert baselines == [0.5, 0.1]


def test_cost_curves_draw_the_envelopes():
    points = {"a": (np.array([0.0, 0.1, 1.0]), np.array([0.0, 0.7, 1.0]))}
    ax = plots.plot_cost_curves(points, probability_cost=0.3)
    envelope = next(line for line in ax.get_lines() if line.get_label().startswith("a:"))
    pc, cost = curves.cost_curve(*points["a"])
    np.testing.assert_allclose(envelope.get_xdata(), pc)
    np.testing.assert_allclose(envelope.get_ydata(), cost)
