"""Plain-text tables of measures, for printing several BinaryTables side by side."""
import math

from .measures import BinaryTable

__all__ = ["measure_table"]


def measure_table(tables: dict, names=("recall", "precision", "accuracy", "f1", "informedness",
                                       "markedness", "mcc"), digits: int = 3) -> str:
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
