"""The mosaic's rectangles: each cell's area is its proportion, and together they tile the unit square."""
import pytest

from bookeval_lib import BinaryTable
from bookeval_lib.course.figures.contingency import mosaic_rectangles


@pytest.mark.parametrize("cells", [
    dict(tp=42, fp=18, fn=28, tn=12),   # Powers 2003
    dict(tp=90, fp=10, fn=0, tn=0),     # always say "noun"
    dict(tp=0, fp=3, fn=0, tn=7),       # no real positives: the +R column has width 0
    dict(tp=0.21, fp=0.14, fn=0.09, tn=0.56),
])
def test_areas_are_the_cell_proportions_and_tile_the_square(cells):
    table = BinaryTable(**cells)
    rectangles = mosaic_rectangles(table)
    n = sum(cells.values())
    for cell, (x, y, width, height) in rectangles.items():
        assert width * height == pytest.approx(cells[cell] / n), cell
        assert 0 <= x <= x + width <= 1 + 1e-12 and 0 <= y <= y + height <= 1 + 1e-12
    assert sum(w * h for _, _, w, h in rectangles.values()) == pytest.approx(1.0)
    # 42/18/28/12: the +R column is 0.7 wide and its TP block 0.6 (recall) high, on top.
    if cells["tp"] == 42:
        assert rectangles["tp"] == pytest.approx((0.0, 0.4, 0.7, 0.6))


def test_mosaic_rejects_arrays_and_empty_tables():
    with pytest.raises(ValueError, match="one table"):
        mosaic_rectangles(BinaryTable(tp=[1, 2], fp=1, fn=1, tn=1))
    with pytest.raises(ValueError, match="N > 0"):
        mosaic_rectangles(BinaryTable(tp=0, fp=0, fn=0, tn=0))


def test_always_positive_figure_lines_and_legend():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from bookeval_lib.course.figures.contingency import plot_always_positive

    fig, ax = plt.subplots()
    plot_always_positive(ax, points=5)
    lines = ax.get_lines()
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert len(labels) == len(lines) == 5 and "chance level 0" in labels
    x = np.linspace(0.02, 0.98, 5)
    by_label = dict(zip(labels, lines))
    assert np.allclose(by_label["F1 = 2rp/(1 + rp)"].get_ydata(), 2 * x / (1 + x))      # 2tp/(2tp + fp)
    assert np.allclose(by_label["recall − fallout (tpr − fpr) = 0"].get_ydata(), 0)
    plt.close(fig)
