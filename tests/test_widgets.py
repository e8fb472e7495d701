"""The explorer widget only wires sliders to betting.explore_binary; check the wiring."""
import pytest

from bookeval_lib.course.widgets import bookmaker_explorer, explore_binary, explorer_html


def test_explorer_shows_the_state_of_its_sliders():
    box = bookmaker_explorer()
    prevalence, bias, informedness, view = box.children
    assert view.value == explorer_html(explore_binary(0.7, 0.785, 0.15))
    assert "58.1" in view.value                 # Figure 1, model 3
    informedness.value = 0.9                    # infeasible for rp = .7, pp = .785: clipped
    assert "clipped" in view.value
    assert view.value == explorer_html(explore_binary(0.7, 0.785, 0.9))


def test_explorer_html_flags_only_clipped_states():
    assert "clipped" not in explorer_html(explore_binary(0.5, 0.5, 0.2))
    assert explore_binary(0.5, 0.5, 0.2).informedness == pytest.approx(0.2)
