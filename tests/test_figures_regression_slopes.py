"""The figure of notebook 03 draws the two least-squares slopes of the table (checked on the artists)."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from bookeval_lib import BinaryTable  # noqa: E402
from bookeval_lib.course.figures import regression_slopes as figure  # noqa: E402

POSTER = BinaryTable(tp=21, fp=14, fn=9, tn=56)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _fitted_line(ax):
    return next(line for line in ax.get_lines() if line.get_label().startswith("least squares"))


def test_lines_have_the_least_squares_slopes_of_the_codes():
    fig = figure.plot_regression_slopes(POSTER, seed=3)
    real, predicted = figure.zero_one_codes(POSTER)
    # independent fits: numpy's polyfit on the 100 unjittered 0/1 pairs
    fits = {0: np.polyfit(real, predicted, 1), 1: np.polyfit(predicted, real, 1)}
    for panel, (slope, intercept) in fits.items():
        x, y = _fitted_line(fig.axes[panel]).get_data()
        np.testing.assert_allclose(np.diff(y) / np.diff(x), slope)
        np.testing.assert_allclose(y, intercept + slope * x, atol=1e-12)
    # by hand: B = 21/30 - 14/70 = 0.5, M = 21/35 - 9/65 = 0.4615...
    np.testing.assert_allclose(fits[0][0], 21 / 30 - 14 / 70)
    np.testing.assert_allclose(fits[1][0], 21 / 35 - 9 / 65)


def test_group_means_are_the_rates_and_the_points_are_the_cases():
    fig = figure.plot_regression_slopes(POSTER, seed=3, spread=0.1)
    means = next(line for line in fig.axes[0].get_lines() if line.get_label() == "mean of each group")
    np.testing.assert_allclose(means.get_ydata(), [14 / 70, 21 / 30])       # fpr, tpr
    means = next(line for line in fig.axes[1].get_lines() if line.get_label() == "mean of each group")
    np.testing.assert_allclose(means.get_ydata(), [9 / 65, 21 / 35])        # fna, tpa
    points = fig.axes[0].collections[0].get_offsets()
    assert len(points) == 100
    # jitter sd 0.1: a point further than 0.5 from its corner is a 5-sigma event (p < 1e-6 per
    # coordinate), so rounding recovers every code and the corner counts are the four cells
    corners = np.round(points).astype(int)
    counts = {(x, y): int(np.sum((corners[:, 0] == x) & (corners[:, 1] == y))) for x in (0, 1) for y in (0, 1)}
    assert counts == {(1, 1): 21, (0, 1): 14, (1, 0): 9, (0, 0): 56}


def test_axes_are_named_as_notebook_03_names_the_codes():
    # Notebook 03 codes x = 1 for a positive prediction and y = 1 for a real positive.
    fig = figure.plot_regression_slopes(POSTER, seed=3)
    left, right = fig.axes[:2]
    assert (left.get_xlabel(), left.get_ylabel()) == ("real class y", "prediction x")
    assert (right.get_xlabel(), right.get_ylabel()) == ("prediction x", "real class y")


def test_seeded_jitter_is_reproducible():
    first = figure.plot_regression_slopes(POSTER, seed=7).axes[0].collections[0].get_offsets()
    second = figure.plot_regression_slopes(POSTER, seed=7).axes[0].collections[0].get_offsets()
    np.testing.assert_array_equal(first, second)


def test_bad_tables_and_spread_are_refused():
    with pytest.raises(ValueError, match="whole counts"):
        figure.zero_one_codes(BinaryTable(tp=0.2, fp=0.3, fn=0.1, tn=0.4))
    with pytest.raises(ValueError, match="one table"):
        figure.zero_one_codes(BinaryTable(tp=[1, 2], fp=1, fn=1, tn=1))
    with pytest.raises(ValueError, match="spread"):
        figure.plot_regression_slopes(POSTER, spread=0.3)
