"""Text and HTML rendering of tables for the notebooks.

:func:`measure_table` prints several 2x2 tables' measures side by side;
:func:`format_fit_table` the fit statistics of the Monte Carlo study;
:func:`format_sense_table` and :func:`format_evaluation_table` the dog/train
results beside Powers 2003's Table 1 and 12-class table;
:func:`lingpipe_comparison` LingPipe's printed values beside ours.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from .replications.concordance import SENSES, sense_counts
from ..measures import BinaryTable
from .papers import LINGPIPE_PRINTED, PAPER_EVALUATION, PAPER_TABLE_1

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Mapping, Sequence

    from ..clustering import ReducedClustering
    from ..coverage import Coverage

__all__ = ["measure_table", "format_fit_table", "format_sense_table", "format_evaluation_table",
           "lingpipe_comparison", "format_coverage_table"]


def measure_table(tables: dict, names: Sequence[str] = ("recall", "precision", "accuracy", "f1", "informedness",
                                       "markedness", "matthews_correlation"), digits: int = 3) -> str:
    """One row per measure, one column per named table; ``undefined`` where a measure is nan.

    ``tables`` maps a column heading to a single (not array) :class:`BinaryTable`.
    """
    for heading, table in tables.items():
        if not isinstance(table, BinaryTable) or table.shape:
            raise ValueError(f"{heading!r} must be a single BinaryTable")
    headings = list(tables)
    rows = [[name] + [_format(getattr(tables[h], name), digits) for h in headings] for name in names]
    widths = [max(len(str(row[i])) for row in rows + [[""] + headings]) for i in range(len(headings) + 1)]
    lines = ["  ".join([" " * widths[0]] + [h.rjust(w) for h, w in zip(headings, widths[1:])])]
    lines += ["  ".join([row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])])
              for row in rows]
    return "\n".join(lines)


def _format(value, digits):
    return "undefined" if math.isnan(value) else f"{value:.{digits}f}"


# ---------------------------------------------------------------- Monte Carlo
def _rounded(value, digits):
    if not np.isfinite(value):
        return "nan"
    text = f"{round(value, digits):.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0.0 else text


def format_fit_table(rows: Mapping[str, Mapping[str, float]], digits: int = 3, title: str | None = None) -> str:
    """A plain-text table of :func:`fit_statistics`, rounded to ``digits`` decimals.

    Rounded so that a seeded re-run prints exactly the same text.
    """
    if not isinstance(rows, dict) or not rows:
        raise ValueError(f"rows must be a non-empty dict name -> row of fit_statistics, got {rows!r}")
    columns = ("bias", "rms", "mae", "correlation")
    missing = [f"{name}: {c}" for name, row in rows.items() for c in (*columns, "undefined") if c not in row]
    if missing:
        raise ValueError(f"rows must hold bias, rms, mae, correlation and undefined for each measure; "
                         f"missing {missing[:4]}")
    width = max(len("measure"), *(len(name) for name in rows))
    lines = [] if title is None else [title]
    lines.append(f"{'measure':<{width}}  {'mean err':>8}  {'rms':>7}  {'mae':>7}  {'corr':>7}  {'undefined':>9}")
    for name, row in rows.items():
        cells = [_rounded(row[c], digits) for c in columns]
        lines.append(f"{name:<{width}}  {cells[0]:>8}  {cells[1]:>7}  {cells[2]:>7}  {cells[3]:>7}"
                     f"  {row['undefined']:>9}")
    return "\n".join(lines)


# ---------------------------------------------------------------- dog/train
def _percent(value):
    return "   -" if value is None or not np.isfinite(value) else f"{100 * value:4.0f}"


def format_sense_table(records: Sequence[Mapping[str, Any]], paper: Mapping[str, Any] = PAPER_TABLE_1) -> str:
    """Text table of tf:df per sense, ours beside the paper's Table 1."""
    ours = sense_counts(records)
    lines = ["sense  meaning                        ours tf:df  paper tf:df"]
    for sense, meaning in SENSES.items():
        tf, df = ours.get(sense, (0, 0))
        theirs = f"{paper[sense][0]}:{paper[sense][1]}" if sense in paper else "-"
        lines.append(f"  {sense}    {meaning:<29}  {f'{tf}:{df}':>10}  {theirs:>11}")
    total_paper = sum(tf for tf, _ in paper.values())
    lines.append(f"       {'all':<29}  {len(records):>10}  {total_paper:>11}")
    return "\n".join(lines)


def format_evaluation_table(result: ReducedClustering, paper: Mapping[str, Any] = PAPER_EVALUATION) -> str:
    """Text table of r, p, B(l), F, G (per cent) per predicted label, ours and the paper's.

    Columns: our labels first, then the paper's other labels; the last
    column is the bias-weighted average (``wav``).  A dash marks a value
    that is undefined or not given.
    """
    rows = result.per_label()
    averages = result.weighted_averages()
    labels = sorted(set(rows["label"]) | {label for label in paper if label != "wav"})
    names = ("recall", "precision", "informedness", "f_measure", "g_measure")
    symbols = ("r", "p", "B", "F", "G")
    header = "%        " + "".join(f"{label:>5}" for label in labels) + "   wav"
    lines = [header]
    for index, (name, symbol) in enumerate(zip(names, symbols)):
        ours = [rows[name][rows["label"].index(l)] if l in rows["label"] else None
                for l in labels]
        lines.append(f"{symbol} ours   " + "".join(f" {_percent(v)}" for v in ours)
                     + f"  {_percent(averages[name])}")
        theirs = [paper[l][index] / 100 if l in paper and paper[l][index] is not None else None
                  for l in labels]
        wav = paper.get("wav", (None,) * 5)[index]
        lines.append(f"{symbol} paper  " + "".join(f" {_percent(v)}" for v in theirs)
                     + f"  {_percent(None if wav is None else wav / 100)}")
    return "\n".join(lines)


# ---------------------------------------------------------------- LingPipe
def _mark(value, printed):
    """"=" if ``printed`` is ``value`` rounded to 4 places, "trunc" if cut off, else "DIFF"."""
    if round(value, 4) == printed:
        return "="
    return "trunc" if math.floor(value * 10**4) / 10**4 == printed else "DIFF"


def lingpipe_comparison(wines: Mapping[str, BinaryTable],
                        printed: Mapping[str, Any] = LINGPIPE_PRINTED) -> tuple[str, dict]:
    """LingPipe's printed values beside ours: ``(text, marks)``.

    ``wines`` maps a wine name to its :class:`BinaryTable`, in the order of the
    printed columns.  ``marks`` maps (method, wine) to "trunc" or "DIFF" for
    every printed value that is not the exact value rounded to 4 decimals.
    """
    marks = {}
    lines = [f"{'':23s}" + "".join(f"{name:^25s}" for name in wines),
             f"{'method':23s}" + "   printed     ours mark" * len(wines)]
    for method, (measure, *shown) in printed.items():
        row = f"{method:23s}"
        for (name, table), value_printed in zip(wines.items(), shown):
            value = getattr(table, measure)
            mark = _mark(value, value_printed)
            row += f" {value_printed:9.4f} {value:8.4f} {mark:>5s}"
            if mark != "=":
                marks[(method, name)] = mark
        lines.append(row)
    return "\n".join(lines), marks


# ---------------------------------------------------------------- coverage of intervals
def format_coverage_table(results: Sequence[Coverage], *, measure: str, standard_errors: float = 3.0) -> str:
    """A plain-text table of :func:`bookeval_lib.coverage.coverage` results for one measure.

    One row per (N, prevalence, informedness), in the order given; per method the
    coverage and the mean width, and ``!`` after a coverage that
    :meth:`bookeval_lib.coverage.Coverage.falls_short` by ``standard_errors``; the last column is the
    smallest number of tables with a defined interval.  Rounded so that a seeded
    re-run prints the same text.
    """
    chosen = [r for r in results if r.measure == measure]
    if not chosen:
        raise ValueError(f"no result for measure {measure!r}")
    methods = list(dict.fromkeys(r.method for r in chosen))
    settings = list(dict.fromkeys((r.total, r.prevalence, r.informedness) for r in chosen))
    cell = {(r.total, r.prevalence, r.informedness, r.method): r for r in chosen}
    header = f"{'N':>5} {'rp':>5} {'G':>4} " + "".join(f"{m[:13]:>16}" for m in methods) + f"{'defined':>9}"
    lines = [header, f"{'':>16} " + "".join(f"{'cover  width':>16}" for _ in methods)]
    for setting in settings:
        row = [cell.get(setting + (m,)) for m in methods]
        text = "".join(
            "{:>16}".format("-" if r is None or not r.defined else
                            f"{r.coverage:.3f}{'!' if r.falls_short(standard_errors) else ' '} {r.mean_width:.3f}")
            for r in row)
        defined = min(r.defined for r in row if r is not None)
        lines.append(f"{setting[0]:>5} {setting[1]:>5.2f} {setting[2]:>4.1f} {text}{defined:>9}")
    return "\n".join(lines)
