"""The K-class figures of notebooks 06 and 06b draw exactly the tables' B(l), biases and averages (read off the artists)."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn.metrics import accuracy_score, balanced_accuracy_score  # noqa: E402

from bookeval_lib.contingency import Contingency  # noqa: E402
from bookeval_lib.course.figures.k_class import (  # noqa: E402
    AVERAGE_NAMES, label_averages, plot_bookmaker_per_label, plot_label_averages)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


# Notebook 06's tagger, rows = predictions: columns 40, 30, 30 and rows 35, 35, 30 of N = 100.
# By hand: B(a) = 30/40 - 5/60, B(b) = 20/30 - 15/70, B(c) = 25/30 - 5/70; B = .35 B(a) + .35 B(b) + .30 B(c).
TAGGER = np.array([[30, 5, 0], [10, 20, 5], [0, 5, 25]])
B_L = [30 / 40 - 5 / 60, 20 / 30 - 15 / 70, 25 / 30 - 5 / 70]
WIDTHS = [0.35, 0.35, 0.30]


def test_bars_are_b_per_label_as_wide_as_the_bias_and_the_line_is_their_area():
    figure = plot_bookmaker_per_label(Contingency(TAGGER, labels="abc", layout="powers"))
    (ax,) = figure.axes
    patches = ax.containers[0].patches
    np.testing.assert_allclose([p.get_height() for p in patches], B_L)
    np.testing.assert_allclose([p.get_width() for p in patches], WIDTHS)
    np.testing.assert_allclose([p.get_x() for p in patches], [0, 0.35, 0.70])
    area = sum(p.get_width() * p.get_height() for p in patches)
    powers_line, macro_line = ax.lines[0], ax.lines[1]
    np.testing.assert_allclose(powers_line.get_ydata(), np.dot(WIDTHS, B_L))
    np.testing.assert_allclose(area, np.dot(WIDTHS, B_L))
    np.testing.assert_allclose(macro_line.get_ydata(), np.mean(B_L))


def test_a_table_whose_rows_and_columns_differ_is_refused():
    table = Contingency([[3, 1], [1, 3], [0, 2]], labels="xyz", classes="xy", layout="powers")
    with pytest.raises(ValueError, match="same names"):
        plot_bookmaker_per_label(table)


def _vectors(counts):
    counts = np.asarray(counts)
    k, c = counts.shape
    real = np.repeat(np.tile(np.arange(c), k), counts.ravel())
    return real, np.repeat(np.repeat(np.arange(k), c), counts.ravel())


def test_the_averages_agree_with_scikit_learn_and_with_hand_arithmetic():
    counts = [[50, 10, 6], [8, 20, 1], [2, 0, 3]]
    values = label_averages(Contingency(counts, labels="xyz", layout="powers"))
    real, predicted = _vectors(counts)
    accuracy = accuracy_score(real, predicted)                 # 73/100
    assert values[AVERAGE_NAMES[0]] == pytest.approx(accuracy)
    assert values[AVERAGE_NAMES[1]] == pytest.approx((accuracy - 1 / 3) / (2 / 3))   # micro B, pooled tables
    assert values[AVERAGE_NAMES[2]] == pytest.approx(balanced_accuracy_score(real, predicted, adjusted=True))
    # B(l) by hand: columns 60, 30, 10; rows 66, 29, 5
    b_l = np.array([50 / 60 - 16 / 40, 20 / 30 - 9 / 70, 3 / 10 - 2 / 90])
    assert values[AVERAGE_NAMES[3]] == pytest.approx(b_l.mean())
    assert values[AVERAGE_NAMES[4]] == pytest.approx(np.dot([0.6, 0.3, 0.1], b_l))
    assert values[AVERAGE_NAMES[5]] == pytest.approx(np.dot([0.66, 0.29, 0.05], b_l))


def test_the_majority_guesser_scores_its_accuracy_but_zero_on_every_mean_of_b():
    guesser = Contingency([[60, 30, 10], [0, 0, 0], [0, 0, 0]], labels="xyz", layout="powers")
    figure = plot_label_averages({"guesser": guesser})
    (ax,) = figure.axes
    widths = [p.get_width() for p in ax.containers[0].patches]
    # accuracy 0.6; micro B (0.6 - 1/3)/(2/3) = 0.4; adjusted balanced accuracy and the means of B(l): 0
    np.testing.assert_allclose(widths, [0.6, 0.4, 0, 0, 0, 0], atol=1e-12)
    assert [t.get_text() for t in ax.get_yticklabels()] == list(AVERAGE_NAMES)
