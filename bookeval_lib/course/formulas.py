"""Formulas shown in a notebook in the paper's notation, each chain of steps checked by sympy.

The printers (:func:`latex`, :func:`text`, :func:`equation_latex`, :data:`PAPER_ORDER`)
live in :mod:`bookeval_lib.course.printing` and are imported here under the same
names: terms and factors in the paper's reading order (``tpr + tnr - 1``,
``tp - pp*rp``, ``rp*tpr``), multi-letter names upright in LaTeX.

:func:`show` displays ``name: lhs = rhs`` in a notebook, :func:`show_steps` a
chain of equal expressions (the steps a person would write), each step checked
by sympy against the previous one before anything is shown.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import sympy as sp

from .printing import PAPER_ORDER, equation_latex, latex, text
from .symbolic import to_counts

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Callable, Sequence

__all__ = ["PAPER_ORDER", "latex", "text", "equation_latex", "show", "show_steps", "steps_hold"]


def show(lhs: Any, rhs: Any, name: str | None = None, source: str | None = None) -> None:
    """Display ``lhs = rhs`` (a notebook Math object) in reading order; returns nothing."""
    from IPython.display import Math, display

    display(Math(equation_latex(lhs, rhs, name, source)))


def _equal(left, right, expand):
    difference = expand(sp.sympify(left).doit()) - expand(sp.sympify(right).doit())
    if sp.expand(sp.fraction(sp.together(difference))[0]) == 0:
        return True
    return sp.simplify(difference) == 0


def steps_hold(steps: Sequence[Any], expand: Callable[[Any], Any] | None = None) -> list:
    """For each consecutive pair of ``steps``, True if sympy proves them equal (after ``expand``).

    ``expand`` rewrites defined symbols into the cells first (default: the
    catalogue's :func:`bookeval_lib.course.symbolic.to_counts`).
    """
    if len(steps) < 2:
        raise ValueError(f"steps must hold at least two expressions, got {len(steps)}")
    if expand is None:
        expand = to_counts
    return [_equal(a, b, expand) for a, b in zip(steps, steps[1:])]


def show_steps(steps: Sequence[Any], name: str | None = None, source: str | None = None,
               expand: Callable[[Any], Any] | None = None) -> None:
    """Check a chain ``steps[0] = steps[1] = ...`` step by step with sympy, then display it.

    Each step is compared with the one before (see :func:`steps_hold`); an
    AssertionError names the first step that does not follow, so a wrong step
    makes the notebook cell fail.  Displayed as aligned LaTeX lines.
    """
    from IPython.display import Math, display

    holds = steps_hold(steps, expand)
    for number, ok in enumerate(holds, start=1):
        if not ok:
            raise AssertionError(f"step {number} does not follow: {text(steps[number - 1])} "
                                 f"is not {text(steps[number])}")
    head = r"\text{" + name.replace("_", " ") + r":}\\ " if name else ""
    lines = latex(steps[0]) + " &= " + latex(steps[1]) + "".join(r" \\ &= " + latex(step) for step in steps[2:])
    tail = r"\\ \text{[" + source + "]}" if source else ""
    display(Math(head + r"\begin{aligned}" + lines + r"\end{aligned}" + tail))
    sys.stdout.write(f"sympy: each of the {len(holds)} steps follows from the one before\n")
