"""The Bookmaker explorer (notebook 05) wires sliders to betting.explore_binary; check the wiring and the text."""
import pytest

from bookeval_lib.course.explorers import BookmakerExplorer
from bookeval_lib.course.states import explore_binary
from bookeval_lib.course.widgets import bookmaker_explorer, explorer_html


def test_explorer_shows_the_state_of_its_sliders():
    box = bookmaker_explorer(prevalence=0.7, bias=0.8, informedness=0.2).widget()
    prevalence, bias, informedness, view = box.children
    assert view.value == BookmakerExplorer().html(prevalence=0.7, bias=0.8, informedness=0.2)
    assert explorer_html(explore_binary(0.7, 0.8, 0.2)) in view.value
    # tp = rp pp + B rp rn = 0.56 + 0.2 * 0.21 = 0.602: 60.2 cases out of 100
    assert "<td>60.2</td>" in view.value
    informedness.value = 0.9                    # infeasible for rp = .7, pp = .8: clipped
    assert "clipped" in view.value and "data-bx-if='clipped' hidden" not in view.value
    assert view.value == BookmakerExplorer().html(prevalence=0.7, bias=0.8, informedness=0.9)


def test_explorer_html_flags_only_clipped_states():
    assert "data-bx-if='clipped' hidden" in explorer_html(explore_binary(0.5, 0.5, 0.2))
    assert "data-bx-if='clipped' hidden" not in explorer_html(explore_binary(0.7, 0.5, 0.9))
    assert explore_binary(0.5, 0.5, 0.2).informedness == pytest.approx(0.2)


def test_explorer_speaks_words_and_has_no_dollar_sign():
    text = explorer_html(explore_binary(0.7, 0.785, 0.15))
    assert "58.1" in text                                    # Figure 1, model 3
    assert "$" not in text                                   # a pair of "$" would be typeset as maths
    for name in ("informedness B", "Matthews correlation", "inverse recall (true negative rate)",
                 "won by label (Won)", "bias-weighted (Weighted)"):
        assert name in text
    assert ">mcc<" not in text and ">f1<" not in text and "inverse_recall" not in text
    # Figure 1 model 3 (printed): Weighted $1.18, +R $8.30, -R -$6.80, Won $1.50 for the + row
    assert "<td>1.18</td><td>8.30</td><td>\u22126.80</td><td>1.50</td>" in text
