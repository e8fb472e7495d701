"""Notebook 07's relabelling figure draws exactly the tables' counts and B(l) (checked on the artists)."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from bookeval_lib.contingency import Contingency  # noqa: E402
from bookeval_lib.course.figures.clusters import plot_relabelling  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


# Tag x is perfect; y and z are each given to the other class four times as often as to their own.
SUPERSTITIOUS = np.array([[40, 0, 0], [0, 4, 16], [0, 16, 4]])
# By hand: classes 40, 20, 20 of N = 80.  Before: B(x) = 40/40 - 0/40 = 1, B(y) = B(z) = 4/20 - 16/60
# = -1/15; B = .5 * 1 + .25 * (-1/15) * 2 = 7/15.  After swapping rows y and z: B(y) = B(z) = 16/20 - 4/60
# = 11/15; B = .5 + .5 * 11/15 = 13/15.
BEFORE_B = [1.0, -1 / 15, -1 / 15]
AFTER_B = [1.0, 11 / 15, 11 / 15]


def _tables():
    before = Contingency(SUPERSTITIOUS, labels="xyz", layout="powers")
    after = Contingency(SUPERSTITIOUS[[0, 2, 1]], labels="xyz", layout="powers")
    return before, after


def _informedness_bars(ax):
    (container,) = [c for c in ax.containers if str(c.get_label()).startswith("informedness B(l)")]
    return [patch.get_height() for patch in container.patches]


def test_heat_maps_hold_the_counts_and_the_bars_hold_b_per_label():
    before, after = _tables()
    figure = plot_relabelling(before, after)
    top_left, top_right, bottom_left, bottom_right = figure.axes[:4]
    np.testing.assert_array_equal(top_left.images[0].get_array(), SUPERSTITIOUS)
    np.testing.assert_array_equal(top_right.images[0].get_array(), SUPERSTITIOUS[[0, 2, 1]])
    written = [float(text.get_text()) for text in top_right.texts]
    assert written == [40, 0, 0, 0, 16, 4, 0, 4, 16]
    np.testing.assert_allclose(_informedness_bars(bottom_left), BEFORE_B)
    np.testing.assert_allclose(_informedness_bars(bottom_right), AFTER_B)
    assert top_left.get_title() == f"as numbered: B = {7 / 15:.3f}"
    assert top_right.get_title() == f"after relabelling: B = {13 / 15:.3f}"


def test_the_bar_panels_share_their_range_and_one_legend():
    figure = plot_relabelling(*_tables())
    bottom_left, bottom_right = figure.axes[2:4]
    assert bottom_left.get_ylim() == bottom_right.get_ylim()
    assert bottom_left.get_ylim()[0] < -1 / 15                 # the negative bars are inside the axes
    assert bottom_left.get_legend() is None and bottom_right.get_legend() is None
    (legend,) = figure.legends
    assert [text.get_text() for text in legend.get_texts()][0] == "chance: B(l) = M(l) = 0"


def test_bad_arguments_name_the_argument():
    before, after = _tables()
    with pytest.raises(ValueError, match="before must be a Contingency"):
        plot_relabelling(SUPERSTITIOUS, after)
    other = Contingency(SUPERSTITIOUS, labels="xyz", classes="abc", layout="powers")
    with pytest.raises(ValueError, match="after must have the real classes"):
        plot_relabelling(before, other)
    with pytest.raises(ValueError, match="titles must be two"):
        plot_relabelling(before, after, titles=("one",))
