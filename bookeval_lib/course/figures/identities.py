"""A list of sympy identity checks shown as one table (04, A1): one output instead of one per check.

Each row is proved exactly as :func:`bookeval_lib.course.symbolic.prove` proves one identity
(``simplified_difference`` must be 0), so a wrong identity still makes the notebook cell fail.
"""
from __future__ import annotations

from ..printing import latex
from ..symbolic import Identity, identity, simplified_difference

__all__ = ["identity_table"]


def _cell(text: str) -> str:
    """Markdown-table-safe text: a ``|`` (absolute values in LaTeX) would end the cell."""
    return text.replace("|", r"\vert ")


def identity_table(claims) -> str:
    """Markdown table of identities: name, ``lhs = rhs`` in LaTeX, kind, source, sympy's lhs - rhs.

    ``claims``: a non-empty sequence of :class:`~bookeval_lib.course.symbolic.Identity`
    objects or catalogue names.  Every identity is checked first: AssertionError names
    each one whose expanded difference is not 0.  ValueError for an empty sequence or an
    entry that is neither an Identity nor a catalogue name.
    """
    resolved = []
    for claim in claims:
        if isinstance(claim, str):
            claim = identity(claim)
        if not isinstance(claim, Identity):
            raise ValueError(f"claims must hold Identity objects or catalogue names, "
                             f"not {type(claim).__name__}")
        resolved.append(claim)
    if not resolved:
        raise ValueError("claims must not be empty")
    differences = [simplified_difference(claim) for claim in resolved]
    wrong = [f"{c.name}: lhs - rhs = {d}" for c, d in zip(resolved, differences) if d != 0]
    if wrong:
        raise AssertionError("not identities: " + "; ".join(wrong))
    lines = ["| identity | claim | kind | source | sympy: lhs − rhs |", "|:--|:--|:--|:--|:--|"]
    for claim, difference in zip(resolved, differences):
        formula = _cell(f"${latex(claim.lhs)} = {latex(claim.rhs)}$")
        lines.append(f"| {claim.name.replace('_', ' ')} | {formula} | {claim.kind} | "
                     f"{_cell(claim.source)} | {difference} |")
    return "\n".join(lines)
