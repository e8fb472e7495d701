"""The results of the package's intervals, tests, comparisons and reports, one family of types.

:class:`Interval` (every interval of :mod:`bookeval_lib.uncertainty`, :mod:`bookeval_lib.ranking`,
:mod:`bookeval_lib.crossval` and :mod:`bookeval_lib._comparison`, built by :func:`_finish`: clipped
to the measure's range, nan where undefined, the reason said), :class:`Significance` (a test),
:class:`Comparison` (two classifiers on the same cases, for one measure), :class:`ComparisonReport`
(one comparison per measure) and :class:`BookmakerReport` (the per-label report).  Each prints in one
readable line per item (``B = 0.620 [0.480, 0.740] (95 %, Agresti–Caffo)``), takes a ``format()``
spec for its numbers, and converts to a plain dict (``to_dict()``); the reports also to a pandas
DataFrame (``to_frame()``; pandas is imported only then), and, with no library beyond numpy, to a
table for a paper: ``to_markdown()`` and ``to_latex()`` (booktabs), each value with its interval as
``0.93 [0.86, 0.96]`` and the intervals' confidence and method named under the table.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from . import _checks

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Iterable

    import pandas as pd
    from numpy.typing import ArrayLike

__all__ = ["Interval", "Significance", "Comparison", "ComparisonReport", "BookmakerReport"]

#: The symbol each measure is printed with; any other measure is printed by its name.
_SYMBOLS = {"informedness": "B", "markedness": "M", "matthews_correlation": "MCC", "roc_auc": "AUC",
            "brier_score": "Brier", "log_loss": "log loss"}


def _symbol(measure):
    return _SYMBOLS.get(measure, measure)


def _plain(value):
    """A value of a result as plain Python: floats, bools, lists, dicts (nested results converted)."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    return value


def _pvalue(value):
    """A p-value in a line of text: two significant digits below 0.001, else four decimals."""
    return f"{value:.2g}" if value < 1e-3 else f"{value:.4f}"


class _Result:
    """What every result type shares: ``str()`` is ``format()`` with the default spec, and
    ``to_dict()`` gives the dataclass fields as plain values."""

    # every subclass is a dataclass: this declaration lets a type checker see it (dataclasses.fields)
    __dataclass_fields__: ClassVar[dict[str, Any]]

    def __str__(self):
        return format(self)

    def to_dict(self) -> dict:
        """The fields as a plain dict (floats and bools, lists for arrays, nested results as dicts)."""
        return {field.name: _plain(getattr(self, field.name)) for field in fields(self)}


def _frame(rows, owner):
    """A pandas DataFrame of ``rows`` (name -> flat dict), one row per name (pandas imported here;
    ``owner``, the class whose ``to_frame()`` needs it, named if it is missing)."""
    from ._optional import require
    pd = require("pandas", extra="pandas", for_what=f"{owner}.to_frame()")
    return pd.DataFrame.from_dict(rows, orient="index")


def _number(value, digits):
    """A number of a table: ``digits`` decimals, "nan" where undefined."""
    value = float(value)
    return "nan" if not np.isfinite(value) else f"{value:.{digits}f}"


def _with_interval(value, interval, digits):
    """``0.93 [0.86, 0.96]``: the value and its interval (``(low, high)``), or the value alone where
    there is no interval (None or nan limits)."""
    text = _number(value, digits)
    if interval is None or not np.all(np.isfinite(np.asarray(interval, dtype=float))):
        return text
    low, high = interval
    return f"{text} [{_number(low, digits)}, {_number(high, digits)}]"


#: What a LaTeX table must escape (text mode), and the Unicode dashes of names and headers.
_LATEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
          "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "–": "--",
          "−": "$-$", "Δ": r"$\Delta$"}


def _latex_text(text):
    return "".join(_LATEX.get(character, character) for character in str(text))


def _markdown_text(text):
    return str(text).replace("|", r"\|")


def _table(kind, header, rows, notes, rule_before=None):
    """The text of a table: ``kind`` "markdown" or "latex" (booktabs), the first column left-aligned
    and the others right-aligned; ``rows`` lists of cells (text, not yet escaped); ``notes`` the
    sentences under the table (in LaTeX one row each, spanning the columns); ``rule_before`` the
    index of a row a LaTeX rule goes above."""
    if kind == "markdown":
        lines = ["| " + " | ".join(map(_markdown_text, header)) + " |",
                 "|:--" + "|--:" * (len(header) - 1) + "|"]
        lines += ["| " + " | ".join(map(_markdown_text, row)) + " |" for row in rows]
        if notes:
            lines += ["", _markdown_text(" ".join(notes))]
        return "\n".join(lines) + "\n"
    lines = [r"\begin{tabular}{l" + "r" * (len(header) - 1) + "}", r"\toprule",
             " & ".join(map(_latex_text, header)) + r" \\", r"\midrule"]
    for i, row in enumerate(rows):
        if i == rule_before and i > 0:
            lines.append(r"\midrule")
        lines.append(" & ".join(map(_latex_text, row)) + r" \\")
    lines.append(r"\bottomrule")
    for note in notes:
        lines.append(rf"\multicolumn{{{len(header)}}}{{l}}{{\footnotesize {_latex_text(note)}}} \\")
    lines.append(r"\end{tabular}")
    return "\n".join(lines) + "\n"


#: How :meth:`Interval.__format__` names each method.
_METHOD_NAMES = {"agresti-caffo": "Agresti–Caffo", "newcombe": "Newcombe", "wald": "Wald",
                 "bootstrap": "BCa bootstrap", "fisher": "Fisher's z", "delta": "delta method",
                 "bias-corrected-wald": "bias-corrected Wald", "wilson": "Wilson",
                 "price-bonett": "Price–Bonett"}


#: The legend of the report's columns, as its text, Markdown and LaTeX print it.
REPORT_LEGEND = ("B(l) = informedness of label l against the rest (recall - fallout), "
                 "M(l) = its markedness (precision + inverse precision - 1)")


def method_name(method: str) -> str:
    """How a report or a figure names an interval's ``method``: ``"agresti-caffo"`` -> ``"Agresti–Caffo"``;
    a method it does not know keeps its own name."""
    return _METHOD_NAMES.get(method, method)


@dataclass(frozen=True, eq=False)
class Interval(_Result):
    """A confidence interval (or an array of them); unpacks as ``low, high``.

    Attributes
    ----------
    low, high : float or ndarray
        The limits, clipped to the measure's range; ``nan`` where undefined.
    estimate : float or ndarray
        The point estimate of the measure on the table.
    method : str
        How the interval was computed (see :data:`INTERVAL_METHODS`).
    confidence : float
        The nominal coverage, e.g. 0.95.
    clipped : bool or ndarray of bool
        True where a limit lay outside the measure's range and was moved to it.
    undefined : bool or ndarray of bool
        True where the interval is ``nan``.
    reason : str or None
        Why intervals are undefined (for an array: how many and which margin), else None.
    measure : str or None
        The measure the interval is of (``"informedness"``, ...), printed as its symbol.
    """

    low: float | np.ndarray
    high: float | np.ndarray
    estimate: float | np.ndarray
    method: str
    confidence: float
    clipped: object
    undefined: object
    reason: str | None = None
    measure: str | None = None

    def __iter__(self):
        return iter((self.low, self.high))

    def __len__(self):
        return 2

    def __getitem__(self, index):
        return (self.low, self.high)[index]

    @property
    def width(self) -> float | np.ndarray:
        """high - low."""
        return _scalar_or_array(np.asarray(self.high) - np.asarray(self.low))

    def contains(self, value: ArrayLike) -> bool | np.ndarray:
        """True where low <= value <= high (False where undefined).

        Parameters
        ----------
        value : float or array-like
            The value(s) to test, e.g. the true measure in a simulation; broadcast against the limits.

        Returns
        -------
        bool or ndarray of bool
            Whether each interval covers ``value``.

        Raises
        ------
        ValueError
            If ``value`` is not a finite real number or array.

        Examples
        --------
        >>> Interval(0.25, 0.75, 0.5, "wald", 0.9, False, False).contains([0.2, 0.5])
        array([False,  True])
        """
        value = _checks.real_values(value, "value")
        return _scalar_or_array((np.asarray(self.low) <= value) & (value <= np.asarray(self.high)))

    def __format__(self, spec):
        """``B = estimate [low, high] (95 %, method)`` in one line (the symbol when ``measure`` is known);
        ``spec`` formats the numbers (default ``.3f``).

        >>> print(Interval(0.48, 0.74, 0.62, "agresti-caffo", 0.95, False, False, measure="informedness"))
        B = 0.620 [0.480, 0.740] (95 %, Agresti–Caffo)
        >>> f"{Interval(0.25, 0.75, 0.5, 'wald', 0.9, False, False):.2f}"
        '0.50 [0.25, 0.75] (90 %, Wald)'
        """
        spec = spec or ".3f"
        where = f"{100 * self.confidence:g} %, {method_name(self.method)}"
        name = f"{_symbol(self.measure)} = " if self.measure else ""
        if np.ndim(self.low):
            return f"{np.size(self.low)} intervals{' of ' + _symbol(self.measure) if self.measure else ''} ({where})"
        estimate = name + format(float(self.estimate), spec)
        if self.undefined:
            return f"{estimate} (no interval: {self.reason})"
        return f"{estimate} [{format(float(self.low), spec)}, {format(float(self.high), spec)}] ({where})"


@dataclass(frozen=True, eq=False)
class Significance(_Result):
    """The result of a significance test (or an array of them).

    Attributes
    ----------
    statistic : float or ndarray
        The test's own statistic (chi^2, the odds ratio for Fisher, the Wald statistic for
        Barnard, Fisher's p-value for Boschloo, min(FP, FN) for the exact McNemar test, z for
        DeLong's); nan where undefined.
    pvalue : float or ndarray
        The two-sided p-value; nan where undefined.
    method : str
        The test's name (``"chi2"``, ``"fisher"``, ...).
    undefined : bool or ndarray of bool
        True where the test is undefined.
    reason : str or None
        Why, as in :class:`Interval`.
    """

    statistic: float | np.ndarray
    pvalue: float | np.ndarray
    method: str
    undefined: bool | np.ndarray
    reason: str | None = None

    def __format__(self, spec):
        """``p = 0.0123 (method, statistic 6.271)`` in one line; ``spec`` formats the statistic (default ``.4g``).

        >>> print(Significance(6.2712, 0.01227, "chi2", False))
        p = 0.0123 (chi2, statistic 6.271)
        """
        spec = spec or ".4g"
        if np.ndim(self.pvalue):
            return f"{np.size(self.pvalue)} tests ({self.method})"
        if self.undefined:
            return f"no test ({self.method}): {self.reason}"
        return f"p = {_pvalue(float(self.pvalue))} ({self.method}, statistic {format(float(self.statistic), spec)})"


@dataclass(frozen=True, eq=False)
class Comparison(_Result):
    """Two classifiers (or scores) A and B on the same cases, for one measure.

    Returned, per measure, by :func:`bookeval_lib.uncertainty.compare_predictions`
    (in a :class:`ComparisonReport`) and by :func:`bookeval_lib.ranking.compare_roc_auc`.

    Attributes
    ----------
    measure : str
        The measure compared (``"informedness"``, ``"roc_auc"``, ...).
    estimate_a, estimate_b : float
        The measure of each classifier (nan where undefined).
    difference : Interval
        The paired interval of measure(A) - measure(B); its ``estimate`` is the
        observed difference.
    interval_a, interval_b : Interval
        The interval of each classifier's measure.
    test : Significance
        The paired test of the measure (``pvalue`` two-sided, ``method`` says which).
    test_error : float
        The Monte Carlo standard error of ``test.pvalue`` (0.0 when exact or closed-form).
    equal_accuracy_test : Significance or None
        For labels: McNemar's test of equal *accuracy* on the discordant cases (not a
        test of the measure).
    a_only, b_only : int or None
        For labels: cases right for A only, and for B only (all classes together).
    correlation : float or None
        For DeLong's comparison of two AUCs: the estimated correlation of the two areas.
    """

    measure: str
    estimate_a: float
    estimate_b: float
    difference: Interval
    interval_a: Interval
    interval_b: Interval
    test: Significance
    test_error: float = 0.0
    equal_accuracy_test: Significance | None = None
    a_only: int | None = None
    b_only: int | None = None
    correlation: float | None = None

    def __format__(self, spec):
        """``ΔB = 0.120 [0.010, 0.230] (95 %, paired bootstrap); p = 0.0312 (the test)`` in one line;
        ``spec`` formats the interval's numbers (default ``.3f``)."""
        text = f"Δ{_symbol(self.measure)} = {self.difference:{spec}}"
        if self.test.undefined:
            return text + f"; no paired test: {self.test.reason}"
        error = f", ± {self.test_error:.1g}" if self.test_error else ""
        return text + f"; p = {_pvalue(float(self.test.pvalue))} ({self.test.method}{error})"

    def to_dict(self) -> dict:
        """One flat dict of numbers: the estimates, the limits, the p-value and its error, the counts.

        Returns
        -------
        dict
            ``measure``, ``estimate_a``, ``estimate_b``, ``difference`` and its ``_low``/``_high``,
            ``confidence``, ``interval_a_low`` ... ``interval_b_high``, ``pvalue``,
            ``pvalue_error``, ``test``; for labels also ``equal_accuracy_pvalue``, ``a_only``,
            ``b_only``; for two AUCs ``correlation``.
        """
        row = {"measure": self.measure, "estimate_a": _plain(self.estimate_a), "estimate_b": _plain(self.estimate_b),
               "difference": _plain(self.difference.estimate), "difference_low": _plain(self.difference.low),
               "difference_high": _plain(self.difference.high), "confidence": self.difference.confidence}
        for name in ("interval_a", "interval_b"):
            interval = getattr(self, name)
            row[f"{name}_low"], row[f"{name}_high"] = _plain(interval.low), _plain(interval.high)
        row.update(pvalue=_plain(self.test.pvalue), pvalue_error=_plain(self.test_error), test=self.test.method)
        if self.equal_accuracy_test is not None:
            row.update(equal_accuracy_pvalue=_plain(self.equal_accuracy_test.pvalue), a_only=self.a_only,
                       b_only=self.b_only)
        if self.correlation is not None:
            row["correlation"] = self.correlation
        return row

    def to_markdown(self, digits: int = 2) -> str:
        """The comparison as a one-row Markdown table (:meth:`ComparisonReport.to_markdown`).

        Parameters
        ----------
        digits : int, default=2
            Decimals of the values and limits.

        Returns
        -------
        str
            The table and the note naming the methods, ending in a newline.

        Raises
        ------
        ValueError
            If ``digits`` is not a whole number >= 0.

        Examples
        --------
        >>> def ci(low, high, estimate):
        ...     return Interval(low, high, estimate, "paired bootstrap", 0.9, False, False, measure="informedness")
        >>> b = Comparison("informedness", 0.62, 0.5, ci(0.01, 0.23, 0.12), ci(0.48, 0.74, 0.62),
        ...                ci(0.36, 0.63, 0.5), Significance(18.0, 0.0312, "sign-flip", False), test_error=0.002)
        >>> print(b.to_markdown().splitlines()[2])
        | B | 0.62 [0.48, 0.74] | 0.50 [0.36, 0.63] | 0.12 [0.01, 0.23] | 0.0312 ± 0.002 |
        """
        return _comparison_table([self], "markdown", digits)

    def to_latex(self, digits: int = 2) -> str:
        """The comparison as a one-row LaTeX ``tabular`` with booktabs rules
        (:meth:`ComparisonReport.to_latex`).

        Parameters
        ----------
        digits : int, default=2
            Decimals of the values and limits.

        Returns
        -------
        str
            The ``tabular`` environment, ending in a newline.

        Raises
        ------
        ValueError
            If ``digits`` is not a whole number >= 0.

        Examples
        --------
        >>> def ci(low, high, estimate):
        ...     return Interval(low, high, estimate, "paired bootstrap", 0.9, False, False, measure="informedness")
        >>> b = Comparison("informedness", 0.62, 0.5, ci(0.01, 0.23, 0.12), ci(0.48, 0.74, 0.62),
        ...                ci(0.36, 0.63, 0.5), Significance(18.0, 0.0312, "sign-flip", False))
        >>> print(b.to_latex(digits=1).splitlines()[4])
        B & 0.6 [0.5, 0.7] & 0.5 [0.4, 0.6] & 0.1 [0.0, 0.2] & 0.0312 \\\\
        """
        return _comparison_table([self], "latex", digits)


class ComparisonReport(Mapping):
    """measure -> :class:`Comparison`, in the order the measures were asked for.

    Returned by :func:`bookeval_lib.uncertainty.compare_predictions`.

    A read-only mapping; ``str()`` gives one line per measure, ``format(report, ".2f")`` the same
    with two decimals, :meth:`to_dict` a plain dict of dicts and :meth:`to_frame` a DataFrame.

    Parameters
    ----------
    comparisons : dict or iterable of (str, Comparison)
        measure -> :class:`Comparison`, in the order to report them.
    """

    def __init__(self, comparisons: Mapping[str, Comparison] | Iterable[tuple[str, Comparison]]) -> None:
        self._comparisons = dict(comparisons)

    def __getitem__(self, measure):
        return self._comparisons[measure]

    def __iter__(self):
        return iter(self._comparisons)

    def __len__(self):
        return len(self._comparisons)

    def __format__(self, spec):
        return "\n".join(format(comparison, spec) for comparison in self._comparisons.values())

    def __str__(self):
        return format(self)

    def __repr__(self):
        return f"ComparisonReport(\n{self}\n)"

    def to_dict(self) -> dict:
        """measure -> :meth:`Comparison.to_dict`.

        Returns
        -------
        dict
            measure -> flat dict of numbers.
        """
        return {measure: comparison.to_dict() for measure, comparison in self._comparisons.items()}

    def to_frame(self) -> pd.DataFrame:
        """A pandas DataFrame, one row per measure (pandas is needed, and imported, only here).

        Returns
        -------
        pandas.DataFrame
            Indexed by measure, the columns of :meth:`Comparison.to_dict`.

        Raises
        ------
        ImportError
            If pandas is not installed (``pip install 'bookeval[pandas]'``).
        """
        return _frame(self.to_dict(), "ComparisonReport")

    def to_markdown(self, digits: int = 2) -> str:
        """The comparisons as a Markdown table, one row per measure, for a paper or a README.

        Columns: the measure, A's and B's values and the difference A − B, each with its
        interval as ``0.93 [0.86, 0.96]``, and the paired test's p-value (with its Monte Carlo
        error where the test is simulated).  A line under the table names the confidence and
        the methods of the intervals and of the test.  No library beyond numpy is needed.

        Parameters
        ----------
        digits : int, default=2
            Decimals of the values and limits.

        Returns
        -------
        str
            The table, a blank line and the note, ending in a newline.

        Raises
        ------
        ValueError
            If ``digits`` is not a whole number >= 0.

        Examples
        --------
        A comparison of two ROC AUCs, built by hand (:func:`bookeval_lib.ranking.compare_roc_auc`
        returns one):

        >>> def ci(low, high, estimate, method):
        ...     return Interval(low, high, estimate, method, 0.95, False, False, measure="roc_auc")
        >>> auc = Comparison("roc_auc", 0.93, 0.88, ci(-0.01, 0.11, 0.05, "DeLong, paired"),
        ...                  ci(0.86, 0.96, 0.93, "DeLong"), ci(0.8, 0.93, 0.88, "DeLong"),
        ...                  Significance(1.6, 0.1096, "DeLong, paired", False))
        >>> print(ComparisonReport({"roc_auc": auc}).to_markdown())
        | measure | A | B | A − B | p |
        |:--|--:|--:|--:|--:|
        | AUC | 0.93 [0.86, 0.96] | 0.88 [0.80, 0.93] | 0.05 [-0.01, 0.11] | 0.1096 |
        <BLANKLINE>
        95 % intervals: A and B DeLong; A − B DeLong, paired; p: DeLong, paired.
        <BLANKLINE>
        """
        return _comparison_table(self._comparisons.values(), "markdown", digits)

    def to_latex(self, digits: int = 2) -> str:
        """The comparisons as a LaTeX ``tabular`` with booktabs rules, one row per measure.

        The table of :meth:`to_markdown` (``\\usepackage{booktabs}`` is needed): ``\\toprule``,
        ``\\midrule``, ``\\bottomrule``, special characters escaped, and the note in a last
        row spanning the columns.  No library beyond numpy is needed (not pandas, not jinja2).

        Parameters
        ----------
        digits : int, default=2
            Decimals of the values and limits.

        Returns
        -------
        str
            The ``tabular`` environment, ending in a newline.

        Raises
        ------
        ValueError
            If ``digits`` is not a whole number >= 0.

        Examples
        --------
        The comparison of :meth:`to_markdown`'s example:

        >>> def ci(low, high, estimate, method):
        ...     return Interval(low, high, estimate, method, 0.95, False, False, measure="roc_auc")
        >>> auc = Comparison("roc_auc", 0.93, 0.88, ci(-0.01, 0.11, 0.05, "DeLong, paired"),
        ...                  ci(0.86, 0.96, 0.93, "DeLong"), ci(0.8, 0.93, 0.88, "DeLong"),
        ...                  Significance(1.6, 0.1096, "DeLong, paired", False))
        >>> print(ComparisonReport({"roc_auc": auc}).to_latex())
        \\begin{tabular}{lrrrr}
        \\toprule
        measure & A & B & A $-$ B & p \\\\
        \\midrule
        AUC & 0.93 [0.86, 0.96] & 0.88 [0.80, 0.93] & 0.05 [-0.01, 0.11] & 0.1096 \\\\
        \\bottomrule
        \\multicolumn{5}{l}{\\footnotesize 95 \\% intervals: A and B DeLong; A $-$ B DeLong, paired; p: DeLong, paired.} \\\\
        \\end{tabular}
        <BLANKLINE>
        """
        return _comparison_table(self._comparisons.values(), "latex", digits)


def _limits(interval):
    return None if interval is None else (interval.low, interval.high)


def _comparison_table(comparisons, kind, digits):
    """The table of :meth:`ComparisonReport.to_markdown` / ``to_latex``."""
    digits = _checks.positive_integer(digits, "digits", minimum=0)
    rows: list[list[str]] = []
    notes: dict[str, list[str]] = {}
    for comparison in comparisons:
        test = comparison.test
        if test.undefined or not np.isfinite(float(test.pvalue)):
            pvalue = "nan"
        else:
            pvalue = _pvalue(float(test.pvalue)) + (f" ± {comparison.test_error:.1g}" if comparison.test_error else "")
        rows.append([_symbol(comparison.measure),
                     _with_interval(comparison.estimate_a, _limits(comparison.interval_a), digits),
                     _with_interval(comparison.estimate_b, _limits(comparison.interval_b), digits),
                     _with_interval(comparison.difference.estimate, _limits(comparison.difference), digits),
                     pvalue])
        each = (method_name(comparison.interval_a.method), method_name(comparison.interval_b.method))
        each_text = f"A and B {each[0]}" if each[0] == each[1] else f"A {each[0]}, B {each[1]}"
        note = (f"{100 * comparison.difference.confidence:g} % intervals: {each_text}; "
                f"A − B {method_name(comparison.difference.method)}; p: {test.method}")
        notes.setdefault(note, []).append(_symbol(comparison.measure))
    if len(notes) == 1:
        sentences = [next(iter(notes)) + "."]
    else:
        sentences = [f"{', '.join(measures)}: {note}." for note, measures in notes.items()]
    return _table(kind, ["measure", "A", "B", "A − B", "p"], rows, sentences)


class BookmakerReport(str):
    """The text of :func:`bookeval_lib.metrics.bookmaker_report`, which also converts to a dict or a DataFrame.

    It is the report's text (a ``str``: print it); :meth:`to_dict` gives label -> dict
    of the values (intervals as ``(low, high)``), the same as ``output_dict=True``, and
    :meth:`to_frame` one row per label, each interval split into ``..._low`` and ``..._high``;
    :meth:`to_markdown` and :meth:`to_latex` a table for a paper.

    Parameters
    ----------
    text : str
        The formatted report.
    rows : dict
        label (and ``"macro avg"``, ``"weighted avg"``) -> {measure: value}.
    confidence : float, optional
        The intervals' confidence (None: no intervals).
    interval_methods : dict, optional
        The intervals' methods: ``"informedness"``, ``"markedness"`` (per label),
        ``"weighted_informedness"``, ``"weighted_markedness"`` (the weighted avg row) -> method.
    """

    _rows: dict[Any, dict[str, Any]]
    #: The intervals' confidence, e.g. 0.95 (None: no intervals, or not recorded).
    confidence: float | None
    #: The intervals' methods: {"informedness": ..., "markedness": ... (per label),
    #: "weighted_informedness": ..., "weighted_markedness": ... (the weighted avg row)}; empty if none.
    interval_methods: dict[str, str]

    def __new__(cls, text, rows, *, confidence=None, interval_methods=None):
        report = super().__new__(cls, text)
        report._rows = rows
        report.confidence = confidence
        report.interval_methods = dict(interval_methods or {})
        return report

    def to_dict(self) -> dict:
        """label -> {measure: value}, a copy.

        Returns
        -------
        dict
            label -> {measure: value}, intervals as ``(low, high)``; nan where undefined.
        """
        return {name: dict(row) for name, row in self._rows.items()}

    def to_frame(self) -> pd.DataFrame:
        """A pandas DataFrame, one row per label (pandas is needed, and imported, only here).

        Returns
        -------
        pandas.DataFrame
            Indexed by label, one column per value, each interval as ``..._low`` and ``..._high``.

        Raises
        ------
        ImportError
            If pandas is not installed (``pip install 'bookeval[pandas]'``).
        """
        flat: dict[Any, dict[str, Any]] = {}
        for name, row in self._rows.items():
            flat[name] = {}
            for key, value in row.items():
                if isinstance(value, tuple):
                    flat[name][f"{key}_low"], flat[name][f"{key}_high"] = value
                else:
                    flat[name][key] = value
        return _frame(flat, "BookmakerReport")

    def to_markdown(self, digits: int = 2) -> str:
        """The report as a Markdown table, one row per label and the two average rows.

        Columns: recall, precision, B(l) and M(l) each with its interval as ``0.93 [0.86, 0.96]``
        (where the report has intervals), support and bias.  A line under the table names the
        intervals' confidence and methods and the weighting of the average row (Powers 2003).
        No library beyond numpy is needed.

        Parameters
        ----------
        digits : int, default=2
            Decimals of the values and limits.

        Returns
        -------
        str
            The table, a blank line and the note, ending in a newline.

        Raises
        ------
        ValueError
            If ``digits`` is not a whole number >= 0.

        Examples
        --------
        Five real 0s and three real 1s, one of each predicted wrong: B(1) = 2/3 - 1/5 = 0.47
        (with ``confidence=`` the B(l) and M(l) cells hold their intervals, as ``0.47 [low, high]``):

        >>> from bookeval_lib.metrics import bookmaker_report
        >>> report = bookmaker_report([1, 1, 1, 0, 0, 0, 0, 0], [1, 1, 0, 1, 0, 0, 0, 0])
        >>> print(report.to_markdown())
        | label | recall | precision | B(l) | M(l) | support | bias |
        |:--|--:|--:|--:|--:|--:|--:|
        | 0 | 0.80 | 0.80 | 0.47 | 0.47 | 5 | 0.62 |
        | 1 | 0.67 | 0.67 | 0.47 | 0.47 | 3 | 0.38 |
        | macro avg | 0.73 | 0.73 | 0.47 | 0.47 | 8 | 1.00 |
        | weighted avg | 0.75 | 0.75 | 0.47 | 0.47 | 8 | 1.00 |
        <BLANKLINE>
        B(l) = informedness of label l against the rest (recall - fallout), M(l) = its markedness (precision + inverse precision - 1). weighted avg: recall and M(l) by prevalence, precision and B(l) by bias (Powers 2003).
        <BLANKLINE>
        """
        return self._table("markdown", digits)

    def to_latex(self, digits: int = 2) -> str:
        """The report as a LaTeX ``tabular`` with booktabs rules.

        The table of :meth:`to_markdown` (``\\usepackage{booktabs}`` is needed): ``\\toprule``,
        ``\\midrule`` (also above the average rows), ``\\bottomrule``, labels escaped, and the
        note in a last row spanning the columns.  No library beyond numpy is needed (not pandas,
        not jinja2).

        Parameters
        ----------
        digits : int, default=2
            Decimals of the values and limits.

        Returns
        -------
        str
            The ``tabular`` environment, ending in a newline.

        Raises
        ------
        ValueError
            If ``digits`` is not a whole number >= 0.

        Examples
        --------
        >>> from bookeval_lib.metrics import bookmaker_report
        >>> report = bookmaker_report(["no_spam", "spam", "spam"], ["no_spam", "spam", "no_spam"])
        >>> print(report.to_latex(digits=3))
        \\begin{tabular}{lrrrrrr}
        \\toprule
        label & recall & precision & B(l) & M(l) & support & bias \\\\
        \\midrule
        no\\_spam & 1.000 & 0.500 & 0.500 & 0.500 & 1 & 0.667 \\\\
        spam & 0.500 & 1.000 & 0.500 & 0.500 & 2 & 0.333 \\\\
        \\midrule
        macro avg & 0.750 & 0.750 & 0.500 & 0.500 & 3 & 1.000 \\\\
        weighted avg & 0.667 & 0.667 & 0.500 & 0.500 & 3 & 1.000 \\\\
        \\bottomrule
        \\multicolumn{7}{l}{\\footnotesize B(l) = informedness of label l against the rest (recall - fallout), M(l) = its markedness (precision + inverse precision - 1).} \\\\
        \\multicolumn{7}{l}{\\footnotesize weighted avg: recall and M(l) by prevalence, precision and B(l) by bias (Powers 2003).} \\\\
        \\end{tabular}
        <BLANKLINE>
        """
        return self._table("latex", digits)

    def interval_note(self) -> str:
        """The intervals' confidence and methods in words, as a table's note says them.

        Returns
        -------
        str
            E.g. "95 % intervals: B(l) and M(l) Agresti–Caffo; weighted avg bias-corrected Wald" (without
            a final full stop); "intervals (methods not recorded)" for a report built without them.

        Examples
        --------
        >>> report = BookmakerReport("", {}, confidence=0.9, interval_methods={
        ...     "informedness": "agresti-caffo", "markedness": "newcombe",
        ...     "weighted_informedness": "bias-corrected-wald", "weighted_markedness": "bias-corrected-wald"})
        >>> report.interval_note()
        '90 % intervals: B(l) Agresti–Caffo, M(l) Newcombe; weighted avg bias-corrected Wald'
        """
        level = "" if self.confidence is None else f"{100 * self.confidence:g} % "
        methods = self.interval_methods
        if not methods:
            return f"{level}intervals (methods not recorded)"
        per_label = (method_name(methods.get("informedness", "?")), method_name(methods.get("markedness", "?")))
        weighted = (method_name(methods.get("weighted_informedness", "?")),
                    method_name(methods.get("weighted_markedness", "?")))
        if weighted == per_label:           # two classes: B(l) = B, M(l) = M, one interval each
            text = (f"B(l), M(l) and weighted avg {per_label[0]}" if per_label[0] == per_label[1]
                    else f"B(l) and weighted B {per_label[0]}, M(l) and weighted M {per_label[1]}")
            return f"{level}intervals: {text} (two classes: B(l) = B, M(l) = M)"
        text = (f"B(l) and M(l) {per_label[0]}" if per_label[0] == per_label[1]
                else f"B(l) {per_label[0]}, M(l) {per_label[1]}")
        text += (f"; weighted avg {weighted[0]}" if weighted[0] == weighted[1]
                 else f"; weighted avg B {weighted[0]}, M {weighted[1]}")
        return f"{level}intervals: {text}"

    def _table(self, kind, digits):
        digits = _checks.positive_integer(digits, "digits", minimum=0)
        with_intervals = any("informedness_interval" in row for row in self._rows.values())
        level = "" if self.confidence is None else f"{100 * self.confidence:g} % "
        columns = ("B(l)", "M(l)") if not with_intervals else (f"B(l) [{level}CI]", f"M(l) [{level}CI]")
        header = ["label", "recall", "precision", *columns, "support", "bias"]
        rows = []
        for name, row in self._rows.items():
            support = float(row["support"])
            rows.append([str(name), _number(row["recall"], digits), _number(row["precision"], digits),
                         _with_interval(row["informedness"], row.get("informedness_interval"), digits),
                         _with_interval(row["markedness"], row.get("markedness_interval"), digits),
                         f"{support:.0f}" if support == round(support) else _number(support, digits),
                         _number(row["bias"], digits)])
        notes = [REPORT_LEGEND] + ([self.interval_note()] if with_intervals else [])
        notes.append("weighted avg: recall and M(l) by prevalence, precision and B(l) by bias (Powers 2003)")
        names = list(self._rows)
        summary = names.index("macro avg") if "macro avg" in names else None
        return _table(kind, header, rows, [note + "." for note in notes], rule_before=summary)



def _scalar_or_array(value):
    value = np.asarray(value)
    if value.ndim:
        return value
    return bool(value) if value.dtype.kind == "b" else float(value)


def _normal_quantile(confidence):
    """z with Pr(|Z| <= z) = confidence for a standard normal Z."""
    from scipy.special import ndtri
    return float(-ndtri((1.0 - confidence) / 2.0))


def _reason(undefined, description):
    """The reason string of an Interval or Significance: None when everything is defined."""
    undefined = np.asarray(undefined)
    count = int(undefined.sum())
    if count == 0:
        return None
    if undefined.ndim == 0:
        return description
    return f"{count} of {undefined.size} tables: {description}"


def _finish(low, high, estimate, method, confidence, undefined, reason, bounds=(-1.0, 1.0), measure=None):
    """Clip to the measure's range, set nan where undefined, wrap in an Interval.

    ``low`` and ``high`` may be overwritten (callers pass arrays they own).
    """
    low = np.array(low, dtype=float, copy=None)
    high = np.array(high, dtype=float, copy=None)
    undefined = np.asarray(undefined) | np.isnan(low) | np.isnan(high)
    clipped = (low < bounds[0]) | (high > bounds[1])  # False where nan
    for limit in (low, high):
        np.maximum(limit, bounds[0], out=limit)
        np.minimum(limit, bounds[1], out=limit)
    if undefined.any():
        low[undefined] = np.nan
        high[undefined] = np.nan
    return Interval(_scalar_or_array(low), _scalar_or_array(high),
                    _scalar_or_array(np.asarray(estimate, dtype=float)), method, confidence,
                    _scalar_or_array(clipped), _scalar_or_array(undefined), reason, measure)
