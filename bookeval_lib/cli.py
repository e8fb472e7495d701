"""The command line: the Bookmaker report of predictions saved by any tool in a CSV or TSV file.

::

    python -m bookeval_lib report FILE --y-true COL --y-pred COL [--y-score COL] [--pos-label L]
                                       [--labels A,B,...] [--confidence 0.95]
                                       [--format text|json|csv] [--delimiter D]

(also installed as the ``bookeval`` command).  It prints
:func:`bookeval_lib.metrics.bookmaker_report` with confidence intervals: per
label recall, precision, B(l), M(l) and their intervals, support and bias, and
Powers' weighted B and M (Powers 2003).  With ``--y-score`` (two classes) it
adds the ROC AUC of that score for the positive label with DeLong's interval on
the logit scale (:func:`bookeval_lib.ranking.roc_auc_interval`; DeLong et al. 1988).

Input: a header line naming the columns, then one case per line; the
delimiter comes from ``--delimiter``, else the extension (``.csv`` comma,
``.tsv``/``.tab`` tab), else it is sniffed.  Labels are read as strings, or
as integers when every label of both columns is an integer (``3``, ``-1``, or
``3.0`` as pandas writes an integer column stored as floats).  A column of
numbers that are not all whole is refused as a label column: it holds scores.
Bad input stops with one line on stderr naming the file, line and column, and
exit status 2.
"""
from __future__ import annotations

import argparse
import csv
import json
import math
import re
import sys
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


class InputError(Exception):
    """Bad input: the message names the file, line and column; no traceback is shown."""


# ---------------------------------------------------------------------- reading
def _delimiter(path, given, sample):
    if given is not None:
        delimiter = {"\\t": "\t", "tab": "\t", "TAB": "\t"}.get(given, given)
        if len(delimiter) != 1:
            raise InputError(f"--delimiter must be one character (or 'tab'), not {given!r}")
        return delimiter
    if path.suffix.lower() in _DELIMITERS:
        return _DELIMITERS[path.suffix.lower()]
    try:
        return csv.Sniffer().sniff(sample, delimiters=",\t;|").delimiter
    except csv.Error:
        raise InputError(f"{path}: cannot tell the delimiter from the extension or the text; "
                         "give it with --delimiter") from None


def read_predictions(path: str | Path, columns: dict[str, str], *,
                     delimiter: str | None = None) -> dict[str, list[tuple[int, str]]]:
    """The cells of the named columns: {option: [(line number, text), ...]}, one per case.

    ``columns`` maps an option name (e.g. ``"--y-true"``) to a header name.
    Blank lines are skipped; a line with a different number of fields than
    the header, a missing column or an empty cell raises :class:`InputError`.
    """
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
                    if not text:
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
    return cells


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


def _scores(path, name, cells):
    scores = []
    for line, text in cells:
        number = _as_number(text)
        if number is None or not math.isfinite(number):
            raise InputError(f"{path}, line {line}, column {name!r}: {text!r} is not a finite number "
                             "(--y-score needs a decimal number such as 0.25 or 1e-3 on every line)")
        scores.append(number)
    return scores


def _label_option(text, kind, option):
    text = text.strip()
    if kind is int:
        if not _INTEGER.fullmatch(text):
            raise InputError(f"{option}: {text!r} is not one of the labels, which are integers")
        return _integer(text)
    return text


# ---------------------------------------------------------------------- computing (the package's functions, in one place)
def _report(y_true, y_pred, labels, confidence, as_dict):
    from .metrics import bookmaker_report
    return bookmaker_report(y_true, y_pred, labels=labels, confidence=confidence, output_dict=as_dict)


def _auc(y_true, y_score, pos_label, confidence):
    from .ranking import roc_auc_interval
    return roc_auc_interval(y_true, y_score, pos_label=pos_label, confidence=confidence)


def _auc_block(args, path, y_true, score_cells, kind):
    classes = sorted(set(y_true))
    if len(classes) != 2:
        shown = ", ".join(map(str, classes[:6])) + (", ..." if len(classes) > 6 else "")
        raise InputError(f"{path}, column {args.y_true!r}: --y-score needs two classes, found "
                         f"{len(classes)} ({shown})")
    if args.pos_label is not None:
        pos_label = _label_option(args.pos_label, kind, "--pos-label")
        if pos_label not in classes:
            raise InputError(f"--pos-label: {pos_label!r} does not occur in column {args.y_true!r} of "
                             f"{path} (its classes: {classes[0]}, {classes[1]})")
    elif kind is int and classes == [0, 1]:
        pos_label = 1
    else:
        raise InputError(f"--y-score: say which class is positive with --pos-label (the classes of "
                         f"column {args.y_true!r} are {classes[0]} and {classes[1]})")
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


# ---------------------------------------------------------------------- the command
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description="Evaluate a classifier's predictions "
                                     "saved by any tool: Powers' Bookmaker informedness and markedness "
                                     "with confidence intervals, and the ROC AUC of a score.")
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
    return parser


def _run_report(args, out):
    path = Path(args.file)
    if not 0 < args.confidence < 1:
        raise InputError(f"--confidence must lie strictly between 0 and 1, not {args.confidence:g}")
    if args.pos_label is not None and args.y_score is None:
        raise InputError("--pos-label names the positive class of --y-score; give --y-score too")
    columns = {"--y-true": args.y_true, "--y-pred": args.y_pred}
    if args.y_score is not None:
        columns["--y-score"] = args.y_score
    cells = read_predictions(path, columns, delimiter=args.delimiter)
    labels, kind = _labels(path, {args.y_true: cells["--y-true"], args.y_pred: cells["--y-pred"]})
    y_true, y_pred = labels[args.y_true], labels[args.y_pred]
    order = None
    if args.labels is not None:
        order = [_label_option(text, kind, "--labels") for text in args.labels.split(",")]
    auc = None
    if args.y_score is not None:
        auc = _auc_block(args, path, y_true, cells["--y-score"], kind)
    header = {"file": str(path), "y_true": args.y_true, "y_pred": args.y_pred, "cases": len(y_true),
              "confidence": args.confidence}
    try:
        report = _report(y_true, y_pred, order, args.confidence, args.format != "text")
    except ValueError as error:
        raise InputError(f"{path}: {error}") from None
    if args.format == "json":
        _write_json(out, header, report, auc)
    elif args.format == "csv":
        _write_csv(out, report, auc)
    else:
        _write_text(out, header, report, auc)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 for bad input or usage)."""
    args = build_parser().parse_args(argv)
    try:
        _run_report(args, sys.stdout)
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
