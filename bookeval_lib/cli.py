"""The command line: the Bookmaker report, or a comparison of two classifiers, of predictions saved by any
tool in a CSV or TSV file.

::

    python -m bookeval_lib report FILE --y-true COL --y-pred COL [--y-score COL] [--pos-label L]
                                       [--labels A,B,...] [--confidence 0.95]
                                       [--format text|json|csv] [--delimiter D]
    python -m bookeval_lib compare FILE --true COL (--a COL --b COL | --score-a COL --score-b COL)
                                        [--pos-label L] [--measures M,N,...] [--labels A,B,...]
                                        [--confidence 0.95] [--resamples 9999] [--seed 0]
                                        [--format text|json|csv] [--delimiter D]
    python -m bookeval_lib --version

(also installed as the ``bookeval`` command).  ``report`` prints
:func:`bookeval_lib.metrics.bookmaker_report` with confidence intervals: per
label recall, precision, B(l), M(l) and their intervals, support and bias, and
Powers' weighted B and M (Powers 2003).  With ``--y-score`` (two classes) it
adds the ROC AUC of that score for the positive label with DeLong's interval on
the logit scale (:func:`bookeval_lib.ranking.roc_auc_interval`; DeLong et al. 1988).

``compare`` compares two classifiers scored on the same cases: two columns
of predicted labels (``--a``, ``--b``) by
:func:`bookeval_lib.uncertainty.compare_predictions` (per measure, each
classifier's value with its interval, the paired interval and test of the
difference, and McNemar's test of equal accuracy), or two columns of scores
(``--score-a``, ``--score-b``) by DeLong's paired test of their ROC AUCs
(:func:`bookeval_lib.ranking.compare_roc_auc`).  The JSON output of both
commands records the package's version (``bookeval_version``), the
confidence and the interval methods (``interval_methods``).

Input: a header line naming the columns, then one case per line; the
delimiter comes from ``--delimiter``, else the extension (``.csv`` comma,
``.tsv``/``.tab`` tab), else it is sniffed.  Labels are read as strings, or
as integers when every label of both columns is an integer (``3``, ``-1``, or
``3.0`` as pandas writes an integer column stored as floats).  A column of
numbers that are not all whole is refused as a label column: it holds scores.
A missing label (an empty cell, ``NA``, ``nan``, ``NULL``, ``None``: what
pandas reads as missing) is refused, every line holding one named, as the
Python API refuses None and NaN.  A ``.csv`` file whose lines hold tabs and
no commas is refused with the advice ``--delimiter tab``.  Bad input stops with one line on stderr naming the file, line and column, and
exit status 2.
"""
from __future__ import annotations

import argparse
import csv
import json
import math
import re
import sys
from collections.abc import Iterable
from pathlib import Path

__all__ = ["main", "build_parser", "read_predictions"]

PROG = "bookeval"
EXIT_ERROR = 2
_INTEGER = re.compile(r"[+-]?\d+(\.0*)?", re.ASCII)
#: A decimal literal: optional sign, digits, optional fraction, optional exponent (no "1_0", "0x1", "nan", "inf").
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", re.ASCII)
#: What float() reads as NaN or an infinity: refused as a label, never read as a class name beside numbers.
_NOT_FINITE = re.compile(r"[+-]?(nan|inf|infinity)", re.IGNORECASE)
_DELIMITERS = {".csv": ",", ".tsv": "\t", ".tab": "\t"}
#: A missing value as pandas.read_csv reads one by default (its na_values), and an empty cell:
#: refused in a label column, as the Python API refuses None and NaN (a missing label is not a class).
_MISSING = frozenset({"", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
                      "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null"})
_NAN = re.compile(r"[+-]?nan", re.IGNORECASE)


class InputError(Exception):
    """Bad input: the message names the file, line and column; no traceback is shown."""


# ---------------------------------------------------------------------- reading
def _delimiter(path, given, sample):
    if given is not None:
        delimiter = {"\\t": "\t", "tab": "\t", "TAB": "\t"}.get(given, given)
        if len(delimiter) != 1:
            raise InputError(f"--delimiter must be one character (or 'tab'), got {given!r}")
        return delimiter
    if path.suffix.lower() in _DELIMITERS:
        expected = _DELIMITERS[path.suffix.lower()]
        other = "\t" if expected == "," else ","
        lines = [line for line in sample.splitlines()[:5] if line.strip()]
        if lines and all(other in line and expected not in line for line in lines):
            found, option = ("tabs", "tab") if other == "\t" else ("commas", "','")
            raise InputError(f"{path}: its lines hold {found} and no {'commas' if expected == ',' else 'tabs'}, "
                             f"but a {path.suffix} file is {'comma' if expected == ',' else 'tab'}-separated; "
                             f"give --delimiter {option}")
        return expected
    try:
        return csv.Sniffer().sniff(sample, delimiters=",\t;|").delimiter
    except csv.Error:
        raise InputError(f"{path}: cannot tell the delimiter from the extension or the text; "
                         "give it with --delimiter") from None


def read_predictions(path: str | Path, columns: dict[str, str], *, delimiter: str | None = None,
                     labels: Iterable[str] = ()) -> dict[str, list[tuple[int, str]]]:
    """The cells of the named columns: {option: [(line number, text), ...]}, one per case.

    Blank lines are skipped; a line with a different number of fields than
    the header, a missing column or an empty cell raises :class:`InputError`.
    In the label columns, a missing label (an empty cell, or what pandas reads
    as missing: ``NA``, ``nan``, ``NULL``, ``None``, ...) raises
    :class:`InputError` naming every line that holds one, as the Python API
    refuses None and NaN among labels.

    Parameters
    ----------
    path : str or pathlib.Path
        A CSV or TSV file (UTF-8) with a header line.
    columns : dict
        option name -> header name of the column to read.
    delimiter : str, optional
        One character, or ``"tab"``; default: from the extension (``.csv``, ``.tsv``), else
        sniffed from the text.
    labels : iterable of str, default=()
        The option names of ``columns`` whose columns hold labels.

    Returns
    -------
    dict
        option name -> list of (line number, cell text), one per case.

    Raises
    ------
    InputError
        If the file cannot be read or is not UTF-8, is empty or has no cases, a column is
        missing or named twice, a line has the wrong number of fields, a cell is empty, a
        label column holds a missing label, or the delimiter is bad or cannot be told (a
        ``.csv`` file whose lines hold tabs and no commas: give ``--delimiter tab``).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "predictions.csv"
    >>> _ = path.write_text("truth,pred\\n1,1\\n0,1\\n")
    >>> read_predictions(path, {"--y-true": "truth"})
    {'--y-true': [(2, '1'), (3, '0')]}
    >>> _ = path.write_text("truth,pred\\n1,1\\nNA,1\\n")
    >>> read_predictions(path, {"--y-true": "truth"}, labels=["--y-true"])
    Traceback (most recent call last):
    ...
    bookeval_lib.cli.InputError: ...predictions.csv, column 'truth': 1 missing label ('NA') on line 3; a missing label is not a class: drop those rows, or give their class a name
    """
    labels = set(labels)
    path = Path(path)
    reader = None
    try:
        with open(path, newline="", encoding="utf-8-sig") as handle:
            sample = handle.read(65536)
            handle.seek(0)
            reader = csv.reader(handle, delimiter=_delimiter(path, delimiter, sample))
            header = next(reader, None)
            if header is None:
                raise InputError(f"{path}: the file is empty (a header line naming the columns is needed)")
            index = {}
            for option, name in columns.items():
                found = [i for i, field in enumerate(header) if field.strip() == name]
                if not found:
                    shown = ", ".join(repr(field) for field in header[:12]) + (", ..." if len(header) > 12 else "")
                    raise InputError(f"{path}, line 1: no column {name!r} (for {option}); the columns "
                                     f"are {shown}")
                if len(found) > 1:
                    raise InputError(f"{path}, line 1: {len(found)} columns are named {name!r} (for {option})")
                index[option] = found[0]
            cells: dict[str, list[tuple[int, str]]] = {option: [] for option in columns}
            for row in reader:
                if not row:                   # a blank line
                    continue
                line = reader.line_num
                if len(row) != len(header):
                    raise InputError(f"{path}, line {line}: {len(row)} fields, but the header has "
                                     f"{len(header)}")
                for option, i in index.items():
                    text = row[i].strip()
                    if not text and option not in labels:
                        raise InputError(f"{path}, line {line}, column {columns[option]!r}: empty cell")
                    cells[option].append((line, text))
    except OSError as error:
        raise InputError(f"{path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise InputError(f"{path}{_first_bad_byte(path)}: not UTF-8 text ({error.reason})") from None
    except csv.Error as error:
        where = "" if reader is None else f", line {reader.line_num}"
        raise InputError(f"{path}{where}: {error}") from None
    if not cells[next(iter(columns))]:
        raise InputError(f"{path}: no cases below the header line")
    for option in columns:
        if option in labels:
            _refuse_missing(path, columns[option], cells[option])
    return cells


def _refuse_missing(path, name, cells):
    """InputError naming the lines of column ``name`` that hold a missing label, if any."""
    missing = [(line, text) for line, text in cells if text in _MISSING or _NAN.fullmatch(text)]
    if not missing:
        return
    empty = sum(not text for _, text in missing)
    kinds = sorted({repr(text) for _, text in missing if text})
    kinds += [] if not empty else ["an empty cell" if empty == 1 else "empty cells"]
    lines = [str(line) for line, _ in missing]
    shown = ", ".join(lines[:10]) + (f" and {len(lines) - 10} more" if len(lines) > 10 else "")
    raise InputError(f"{path}, column {name!r}: {len(lines)} missing label{'s' * (len(lines) > 1)} "
                     f"({', '.join(kinds)}) on line{'s' * (len(lines) > 1)} {shown}; a missing label is "
                     "not a class: drop those rows, or give their class a name")


def _first_bad_byte(path):
    """", line L, byte B": where the first bytes of ``path`` that are not UTF-8 are (B counts from 1)."""
    with open(path, "rb") as handle:
        for line, raw in enumerate(handle, 1):
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError as error:
                return f", line {line}, byte {error.start + 1}"
    return ""


def _integer(text):
    """The int of an integer literal, or of one written with a zero fraction ("3.0"), exactly."""
    return int(text.partition(".")[0])


def _as_number(text):
    """The float of a decimal literal (``_NUMBER``), else None: float() would also read "1_0", " 1e3", "nan"."""
    return float(text) if _NUMBER.fullmatch(text) else None


def _labels(path, cells_by_column):
    """Each label column as strings, or as ints when every label of every column is a whole number."""
    for name, cells in cells_by_column.items():
        numbers = [math.nan if _NOT_FINITE.fullmatch(text) else _as_number(text) for _, text in cells]
        if all(number is not None for number in numbers):
            for (line, text), number in zip(cells, numbers):
                if not math.isfinite(number) or number != round(number):
                    raise InputError(f"{path}, line {line}, column {name!r}: {text!r} is not a class label "
                                     f"(labels are names or whole numbers; a column of scores goes to "
                                     f"--y-score)")
    if all(_INTEGER.fullmatch(text) for cells in cells_by_column.values() for _, text in cells):
        return {name: [_integer(text) for _, text in cells] for name, cells in cells_by_column.items()}, int
    return {name: [text for _, text in cells] for name, cells in cells_by_column.items()}, str


def _scores(path, name, cells, option="--y-score"):
    scores = []
    for line, text in cells:
        number = _as_number(text)
        if number is None or not math.isfinite(number):
            raise InputError(f"{path}, line {line}, column {name!r}: {text!r} is not a finite number "
                             f"({option} needs a decimal number such as 0.25 or 1e-3 on every line)")
        scores.append(number)
    return scores


def _label_option(text, kind, option):
    text = text.strip()
    if kind is int:
        if not _INTEGER.fullmatch(text):
            raise InputError(f"{option} must hold integers, as the labels of the file are, got {text!r}")
        return _integer(text)
    return text


# ---------------------------------------------------------------------- computing (the package's functions, in one place)
def _report(y_true, y_pred, labels, confidence):
    from .metrics import bookmaker_report
    return bookmaker_report(y_true, y_pred, labels=labels, confidence=confidence)


def _compare_labels(y_true, y_pred_a, y_pred_b, *, measures, labels, pos_label, confidence, n_resamples, seed):
    from .uncertainty import compare_predictions
    chosen = {} if measures is None else {"measures": measures}      # None: compare_predictions' default
    return compare_predictions(y_true, y_pred_a, y_pred_b, labels=labels, pos_label=pos_label,
                               confidence=confidence, n_resamples=n_resamples, seed=seed, **chosen)


def _compare_scores(y_true, y_score_a, y_score_b, pos_label, confidence):
    from .ranking import compare_roc_auc
    from .results import ComparisonReport
    return ComparisonReport({"roc_auc": compare_roc_auc(y_true, y_score_a, y_score_b, pos_label=pos_label,
                                                        confidence=confidence)})


def _version():
    from . import __version__
    return __version__


def _auc(y_true, y_score, pos_label, confidence):
    from .ranking import roc_auc_interval
    return roc_auc_interval(y_true, y_score, pos_label=pos_label, confidence=confidence)


def _positive_class(path, column, y_true, kind, given, option):
    """The positive class of two: ``given`` (the text of --pos-label), else 1 of 0 and 1."""
    classes = sorted(set(y_true))
    if len(classes) != 2:
        shown = ", ".join(map(str, classes[:6])) + (", ..." if len(classes) > 6 else "")
        raise InputError(f"{path}, column {column!r}: {option} needs two classes, found "
                         f"{len(classes)} ({shown})")
    if given is not None:
        pos_label = _label_option(given, kind, "--pos-label")
        if pos_label not in classes:
            raise InputError(f"--pos-label: {pos_label!r} does not occur in column {column!r} of "
                             f"{path} (its classes: {classes[0]}, {classes[1]})")
        return pos_label
    if kind is int and classes == [0, 1]:
        return 1
    raise InputError(f"{option}: say which class is positive with --pos-label (the classes of "
                     f"column {column!r} are {classes[0]} and {classes[1]})")


def _auc_block(args, path, y_true, score_cells, kind):
    pos_label = _positive_class(path, args.y_true, y_true, kind, args.pos_label, "--y-score")
    try:
        interval = _auc(y_true, _scores(path, args.y_score, score_cells), pos_label, args.confidence)
    except ValueError as error:
        raise InputError(f"{path}, column {args.y_score!r}: {error}") from None
    low, high = (float(x) for x in interval)
    return {"score_column": args.y_score, "pos_label": pos_label, "roc_auc": float(interval.estimate),
            "low": low, "high": high, "confidence": float(interval.confidence),
            "method": interval.method, "positives": sum(label == pos_label for label in y_true),
            "negatives": sum(label != pos_label for label in y_true)}


# ---------------------------------------------------------------------- writing
def _plain(value):
    """A JSON-ready copy: floats (nan -> None), an interval -> [low, high]."""
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (str, int)) or value is None:     # a label name (bool is an int too)
        return value
    try:
        number = float(value)
    except (TypeError, ValueError):
        return [_plain(item) for item in value]
    return number if math.isfinite(number) else None


def _write_json(out, header, rows, auc):
    document = {**header, "report": _plain(rows)}
    if auc is not None:
        document["roc_auc"] = _plain(auc)
    json.dump(document, out, indent=2, allow_nan=False)
    out.write("\n")


def _write_csv(out, rows, auc):
    rows = {name: _plain(row) for name, row in rows.items()}
    fields = ["label"]
    for key, value in next(iter(rows.values())).items():
        fields += [f"{key}_low", f"{key}_high"] if isinstance(value, list) else [key]
    if auc is not None:
        fields += ["roc_auc", "roc_auc_low", "roc_auc_high"]
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(fields)
    for name, row in rows.items():
        cells = [name]
        for value in row.values():
            cells += value if isinstance(value, list) else [value]
        if auc is not None:
            on_row = name == auc["pos_label"]
            cells += [auc[key] if on_row else None for key in ("roc_auc", "low", "high")]
        writer.writerow(["" if cell is None else repr(cell) if isinstance(cell, float) else cell
                         for cell in cells])


def _write_text(out, header, report, auc):
    out.write(f"Bookmaker report of {header['file']}: {header['cases']} cases, real class in column "
              f"{header['y_true']!r}, prediction in column {header['y_pred']!r}\n\n")
    out.write(report)
    if auc is not None:
        level = f"{100 * auc['confidence']:g} %"
        out.write(f"\nROC AUC of column {auc['score_column']!r} for the positive class {auc['pos_label']!r} "
                  f"({auc['positives']} positives, {auc['negatives']} negatives): {auc['roc_auc']:.3f} "
                  f"[{auc['low']:.3f}, {auc['high']:.3f}] ({level}, {auc['method']})\n")


def _comparison_methods(report):
    """measure -> {"a", "b", "difference": interval method, "test": the test}, as the package names them."""
    return {measure: {"a": comparison.interval_a.method, "b": comparison.interval_b.method,
                      "difference": comparison.difference.method, "test": comparison.test.method}
            for measure, comparison in report.items()}


def _write_compare_json(out, header, report):
    document = {**header, "interval_methods": _comparison_methods(report), "comparison": _plain(report.to_dict())}
    json.dump(document, out, indent=2, allow_nan=False)
    out.write("\n")


def _write_compare_csv(out, report):
    rows = []
    for measure, row in report.to_dict().items():
        methods = _comparison_methods(report)[measure]
        rows.append({**row, "interval_method_a": methods["a"], "interval_method_b": methods["b"],
                     "difference_method": methods["difference"]})
    fields = list(dict.fromkeys(key for row in rows for key in row))
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(fields)
    for row in rows:
        cells = [_plain(row.get(field)) for field in fields]
        writer.writerow(["" if cell is None else repr(cell) if isinstance(cell, float) else cell for cell in cells])


def _write_compare_text(out, header, report):
    a, b = header["columns"]["a"], header["columns"]["b"]
    if header["compared"] == "scores":
        out.write(f"ROC AUC of the scores in columns {a!r} (A) and {b!r} (B) of {header['file']}, for the "
                  f"positive class {header['pos_label']!r} of column {header['y_true']!r} "
                  f"({header['positives']} positives, {header['negatives']} negatives)\n")
    else:
        out.write(f"Predictions in columns {a!r} (A) and {b!r} (B) of {header['file']} against the real classes "
                  f"in column {header['y_true']!r}: {header['cases']} cases\n")
    width = max(len(a), len(b), len("correlation") - 4) + 6
    for measure, comparison in report.items():
        out.write(f"\n{measure}\n")
        out.write(f"  {('A (' + repr(a) + '):').ljust(width)} {comparison.interval_a}\n")
        out.write(f"  {('B (' + repr(b) + '):').ljust(width)} {comparison.interval_b}\n")
        out.write(f"  {'A − B:'.ljust(width)} {comparison}\n")
        if comparison.correlation is not None:
            out.write(f"  {'correlation:'.ljust(width)} {comparison.correlation:.3f} (of the two AUCs)\n")
    first = next(iter(report.values()))
    if first.equal_accuracy_test is not None:        # one test of the cases, whatever the measure
        out.write(f"\nequal accuracy (not a test of any measure above): {first.equal_accuracy_test}; right for A "
                  f"only on {first.a_only} cases, for B only on {first.b_only}\n")


# ---------------------------------------------------------------------- the command
def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m bookeval_lib``: one command, ``report``.

    Returns
    -------
    argparse.ArgumentParser
        ``report FILE --y-true COL --y-pred COL [--y-score COL] [--pos-label L]
        [--labels A,B,...] [--confidence C] [--format {text,json,csv}] [--delimiter D]``.

    Examples
    --------
    >>> args = build_parser().parse_args(["report", "p.csv", "--y-true", "truth", "--y-pred", "pred"])
    >>> args.command, args.confidence, args.format
    ('report', 0.95, 'text')
    """
    parser = argparse.ArgumentParser(prog=PROG, description="Evaluate a classifier's predictions "
                                     "saved by any tool: Powers' Bookmaker informedness and markedness "
                                     "with confidence intervals, and the ROC AUC of a score.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    report = commands.add_parser("report", help="the Bookmaker report of a CSV or TSV file of predictions",
                                 description="Per label recall, precision, informedness B(l), "
                                 "markedness M(l) with confidence intervals, support and bias, and "
                                 "Powers' weighted B and M; with --y-score, the ROC AUC with DeLong's "
                                 "interval.")
    report.add_argument("file", metavar="FILE", help="CSV or TSV file with a header line")
    report.add_argument("--y-true", required=True, metavar="COL", help="column of the real classes")
    report.add_argument("--y-pred", required=True, metavar="COL", help="column of the predicted labels")
    report.add_argument("--y-score", metavar="COL",
                        help="column of scores (higher = more positive): adds the ROC AUC; two classes")
    report.add_argument("--pos-label", metavar="L",
                        help="the positive class for --y-score (default 1 when the classes are 0 and 1)")
    report.add_argument("--labels", metavar="A,B,...",
                        help="the labels and their order, comma-separated (default: the sorted labels)")
    report.add_argument("--confidence", type=float, default=0.95, metavar="C",
                        help="confidence level of the intervals, in (0, 1) (default 0.95)")
    report.add_argument("--format", choices=("text", "json", "csv"), default="text",
                        help="text for reading, json or csv for other tools (default text)")
    report.add_argument("--delimiter", metavar="D",
                        help="field delimiter of FILE, e.g. ',' or 'tab' (default: from the extension)")

    compare = commands.add_parser("compare", help="two classifiers, or two scores, on the same cases",
                                  description="Two prediction columns (--a, --b): per measure each "
                                  "classifier's value and the paired interval and test of the difference "
                                  "(compare_predictions). Two score columns (--score-a, --score-b): their "
                                  "ROC AUCs and DeLong's paired test (compare_roc_auc).")
    compare.add_argument("file", metavar="FILE", help="CSV or TSV file with a header line")
    compare.add_argument("--true", "--y-true", dest="y_true", required=True, metavar="COL",
                         help="column of the real classes")
    compare.add_argument("--a", "--y-pred-a", dest="y_pred_a", metavar="COL", help="column of A's predicted labels")
    compare.add_argument("--b", "--y-pred-b", dest="y_pred_b", metavar="COL", help="column of B's predicted labels")
    compare.add_argument("--score-a", "--y-score-a", dest="y_score_a", metavar="COL",
                         help="column of A's scores (higher = more positive; two classes)")
    compare.add_argument("--score-b", "--y-score-b", dest="y_score_b", metavar="COL", help="column of B's scores")
    compare.add_argument("--pos-label", metavar="L",
                         help="the positive class: of the scores (default 1 when the classes are 0 and 1), or "
                         "of two-class measures such as recall")
    compare.add_argument("--measures", metavar="M,N,...",
                         help="measures to compare two prediction columns on, comma-separated (default "
                         "informedness, markedness, adjusted_balanced_accuracy, matthews_correlation, macro_f1)")
    compare.add_argument("--labels", metavar="A,B,...", help="the labels and their order, comma-separated")
    compare.add_argument("--confidence", type=float, default=0.95, metavar="C",
                         help="confidence level of the intervals, in (0, 1) (default 0.95)")
    compare.add_argument("--resamples", type=int, default=9999, metavar="R",
                         help="bootstrap resamples for two prediction columns (default 9999)")
    compare.add_argument("--seed", type=int, default=0, help="seed of the resamples (default 0)")
    compare.add_argument("--format", choices=("text", "json", "csv"), default="text",
                         help="text for reading, json or csv for other tools (default text)")
    compare.add_argument("--delimiter", metavar="D",
                         help="field delimiter of FILE, e.g. ',' or 'tab' (default: from the extension)")
    return parser


def _check_confidence(confidence):
    if not 0 < confidence < 1:
        raise InputError(f"--confidence must lie strictly between 0 and 1, got {confidence:g}")


def _run_report(args, out):
    path = Path(args.file)
    _check_confidence(args.confidence)
    if args.pos_label is not None and args.y_score is None:
        raise InputError("--pos-label names the positive class of --y-score; give --y-score too")
    columns = {"--y-true": args.y_true, "--y-pred": args.y_pred}
    if args.y_score is not None:
        columns["--y-score"] = args.y_score
    cells = read_predictions(path, columns, delimiter=args.delimiter, labels=("--y-true", "--y-pred"))
    labels, kind = _labels(path, {args.y_true: cells["--y-true"], args.y_pred: cells["--y-pred"]})
    y_true, y_pred = labels[args.y_true], labels[args.y_pred]
    order = None
    if args.labels is not None:
        order = [_label_option(text, kind, "--labels") for text in args.labels.split(",")]
    auc = None
    if args.y_score is not None:
        auc = _auc_block(args, path, y_true, cells["--y-score"], kind)
    header = {"bookeval_version": _version(), "file": str(path), "y_true": args.y_true, "y_pred": args.y_pred,
              "cases": len(y_true), "confidence": args.confidence}
    try:
        report = _report(y_true, y_pred, order, args.confidence)
    except ValueError as error:
        raise InputError(f"{path}: {error}") from None
    if args.format == "json":
        methods = {**report.interval_methods, **({} if auc is None else {"roc_auc": auc["method"]})}
        _write_json(out, {**header, "interval_methods": methods}, report.to_dict(), auc)
    elif args.format == "csv":
        _write_csv(out, report.to_dict(), auc)
    else:
        _write_text(out, header, report, auc)


def _run_compare(args, out):
    path = Path(args.file)
    _check_confidence(args.confidence)
    predictions = (args.y_pred_a, args.y_pred_b)
    scores = (args.y_score_a, args.y_score_b)
    if any(column is not None for column in predictions) == any(column is not None for column in scores):
        raise InputError("compare needs two prediction columns (--a and --b) or two score columns "
                         "(--score-a and --score-b), one pair or the other")
    by_scores = any(column is not None for column in scores)
    pair, options = (scores, ("--score-a", "--score-b")) if by_scores else (predictions, ("--a", "--b"))
    for column, option in zip(pair, options):
        if column is None:
            raise InputError(f"{option} is missing: compare needs {options[0]} and {options[1]}")
    if by_scores and (args.measures is not None or args.labels is not None):
        raise InputError("--measures and --labels apply to prediction columns (--a, --b); two score columns "
                         "are compared by their ROC AUC (DeLong)")
    header = {"bookeval_version": _version(), "file": str(path), "y_true": args.y_true,
              "compared": "scores" if by_scores else "predictions",
              "columns": {"a": pair[0], "b": pair[1]}}
    columns = {"--true": args.y_true, options[0]: pair[0], options[1]: pair[1]}
    label_options = ("--true",) if by_scores else tuple(columns)
    cells = read_predictions(path, columns, delimiter=args.delimiter, labels=label_options)
    labels, kind = _labels(path, {columns[option]: cells[option] for option in label_options})
    y_true = labels[args.y_true]
    header.update(cases=len(y_true), confidence=args.confidence)
    try:
        if by_scores:
            pos_label = _positive_class(path, args.y_true, y_true, kind, args.pos_label, "--score-a/--score-b")
            y_score_a, y_score_b = (_scores(path, pair[i], cells[options[i]], options[i]) for i in range(2))
            report = _compare_scores(y_true, y_score_a, y_score_b, pos_label, args.confidence)
            header.update(pos_label=pos_label, positives=sum(label == pos_label for label in y_true),
                          negatives=sum(label != pos_label for label in y_true))
        else:
            pos_label = None if args.pos_label is None else _label_option(args.pos_label, kind, "--pos-label")
            order = None if args.labels is None else [_label_option(text, kind, "--labels")
                                                      for text in args.labels.split(",")]
            measures = None if args.measures is None else [name.strip() for name in args.measures.split(",")]
            report = _compare_labels(y_true, labels[pair[0]], labels[pair[1]], measures=measures, labels=order,
                                     pos_label=pos_label, confidence=args.confidence, n_resamples=args.resamples,
                                     seed=args.seed)
            header.update(pos_label=pos_label, resamples=args.resamples, seed=args.seed)
    except ValueError as error:
        raise InputError(f"{path}: {error}") from None
    if args.format == "json":
        _write_compare_json(out, header, report)
    elif args.format == "csv":
        _write_compare_csv(out, report)
    else:
        _write_compare_text(out, header, report)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 for bad input or usage).

    The report goes to standard output; bad input prints one line naming the file, line and
    column to standard error, with no traceback.

    Parameters
    ----------
    argv : list of str, optional
        The arguments after the program name; default: ``sys.argv[1:]``.

    Returns
    -------
    int
        0 on success, 2 for bad input, 1 when the reader of the output left early.

    Raises
    ------
    SystemExit
        From argparse, for a usage error (status 2) or ``--help`` (status 0).

    Examples
    --------
    Two real 1s and two real 0s, one 1 predicted 0: B = 1/2 - 0.

    >>> import contextlib, io, json, pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "predictions.csv"
    >>> _ = path.write_text("truth,pred\\n1,1\\n1,0\\n0,0\\n0,0\\n")
    >>> out = io.StringIO()
    >>> with contextlib.redirect_stdout(out):
    ...     status = main(["report", str(path), "--y-true", "truth", "--y-pred", "pred", "--format", "json"])
    >>> status, json.loads(out.getvalue())["report"]["1"]["informedness"]
    (0, 0.5)
    """
    args = build_parser().parse_args(argv)
    try:
        (_run_compare if args.command == "compare" else _run_report)(args, sys.stdout)
        sys.stdout.flush()
    except (InputError, ValueError) as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:
        # the reader left early (`bookeval report ... | head`): stop quietly, as Python's
        # documentation advises (signal module, "Note on SIGPIPE")
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
