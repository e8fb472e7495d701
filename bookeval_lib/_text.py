"""Plain-text rendering shared by the ``repr`` of :class:`~bookeval_lib.BinaryTable` and
:class:`~bookeval_lib.Contingency`: a table with its margins and one line of measures.

Core module: numpy only (the course's HTML tables live in ``bookeval_lib.course``).
"""
from __future__ import annotations

import numpy as np


def number(value):
    """A cell as text: whole numbers as integers (``20``, not ``20.0``), other values to 4 significant digits."""
    value = float(value)
    if np.isfinite(value) and value == round(value) and abs(value) < 1e15:
        return str(int(round(value)))
    return f"{value:.4g}"


def measure(value):
    """A measure in [-1, 1] (or nan) to four decimals: ``0.6667``, ``-0.2000``, ``nan``."""
    return f"{round(float(value), 4) + 0.0:.4f}"  # + 0.0: a rounded -0.0 prints as 0.0000


def table(corner, row_names, column_names, cells):
    """Rows of ``cells`` under ``column_names``, each row followed by its sum, then the column sums.

    ``corner`` heads the column of row names.  Every column is right-aligned to its widest entry;
    a bar separates the cells from the row margins.
    """
    cells = np.asarray(cells, dtype=np.float64)
    with np.errstate(over="ignore"):              # a margin beyond the largest float shows as inf
        body = [[number(v) for v in row] + [number(row.sum())] for row in cells]
        body.append([number(v) for v in cells.sum(axis=0)] + [number(cells.sum())])
    header = [str(name) for name in column_names] + ["sum"]
    names = [str(corner)] + [str(name) for name in row_names] + ["sum"]
    grid = [header] + body
    widths = [max(len(row[j]) for row in grid) for j in range(len(header))]
    name_width = max(len(name) for name in names)
    lines = []
    for name, row in zip(names, grid):
        left = "  ".join(entry.rjust(width) for entry, width in zip(row[:-1], widths[:-1]))
        lines.append(f"{name.ljust(name_width)}  {left} | {row[-1].rjust(widths[-1])}")
    return lines


def summary(name, values):
    """``name  min … median … max …`` over the defined (non-nan) values, and how many are nan."""
    values = np.asarray(values, dtype=np.float64).ravel()
    defined = values[~np.isnan(values)]
    undefined = values.size - defined.size
    if defined.size == 0:
        text = "all nan"
    else:
        text = (f"min {measure(defined.min())}  median {measure(np.median(defined))}  "
                f"max {measure(defined.max())}")
        if undefined:
            text += f"  ({undefined} nan)"
    return f"{name}  {text}"


def binary_table_html(table):
    """A BinaryTable as HTML with its margins, as Powers lays it out: rows +P/-P, columns +R/-R."""
    import html

    if table.shape:
        return f"<pre>{html.escape(repr(table))}</pre>"
    cell = "<td style='text-align:right'>{:g}</td>".format
    margin = "<td style='text-align:right;font-style:italic'>{:g}</td>".format
    rows = [
        "<tr><th></th><th>+R</th><th>&minus;R</th><th></th></tr>",
        f"<tr><th>+P</th>{cell(table.tp)}{cell(table.fp)}{margin(table.predicted_positives)}</tr>",
        f"<tr><th>&minus;P</th>{cell(table.fn)}{cell(table.tn)}{margin(table.predicted_negatives)}</tr>",
        f"<tr><th></th>{margin(table.real_positives)}{margin(table.real_negatives)}{margin(table.total)}</tr>",
    ]
    note = ("<div style='font-size:smaller'>rows: predicted (+P, &minus;P); "
            "columns: real (+R, &minus;R); margins in italics</div>")
    return "<div><table>" + "".join(rows) + "</table>" + note + "</div>"
