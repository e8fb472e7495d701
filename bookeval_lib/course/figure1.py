"""Powers 2003's Figure 1 reproduced: the four models, every printed figure, the spreadsheet.

Figure 1 of "Recall and Precision versus the Bookmaker" is a spreadsheet of four
2x2 tables (model 1 guesses, model 2 plays perfectly, models 3 and 4 mix in 15 %
of perfect and of reversed play).  :func:`figure1_figures` computes every number
of one block, :func:`figure1_printed` formats it as the paper prints it (rounded
half away from zero, :func:`spreadsheet_round`), and :func:`figure1_html` lays
it out as the spreadsheet.  AvF and AvG, undefined in the paper, are the
bias-weighted harmonic and geometric means of :mod:`bookeval_lib.averages`.
"""
from __future__ import annotations

import html
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Any

from ..averages import averaged_f_measure, averaged_g_measure
from ..betting import reduced_odds
from ..montecarlo import expected_table
from .replications.betting import bookmaker_sheet
from .papers import FIGURE1_MODELS

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Sequence

    from ..measures import BinaryTable

__all__ = ["spreadsheet_round", "figure1_tables", "figure1_figures", "figure1_printed", "figure1_html",
           "dollars", "amount"]


def spreadsheet_round(value: float, places: int = 0) -> float:
    """Round half away from zero as a spreadsheet does (Python's ``round`` rounds half to even).

    The value is first cut to 12 significant digits so binary noise such as
    0.785 * 1.5 = 1.1774999... rounds like the exact 1.1775.  ValueError for a
    value that is not a finite number (a spreadsheet cell holds no infinity).
    """
    from .._checks import positive_integer, real_number

    places = positive_integer(places, "places", minimum=0)
    exact = Decimal(f"{real_number(value, 'value'):.12g}")
    return float(exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def figure1_tables(prevalence: float = FIGURE1_MODELS["prevalence"], guess_bias: float = FIGURE1_MODELS["guess_bias"],
                   informedness: Sequence[float] = FIGURE1_MODELS["informedness"],
                   total: float = FIGURE1_MODELS["total"]) -> list[BinaryTable]:
    """The four models of Figure 1: p_inf = 0 %, 100 %, +15 %, -15 % of perfect play, the rest a guess.

    The guess backs + (the 70 % class) 80 % of the time, so model 1 is
    [[56, 24], [14, 6]] and model 3 = 0.15 * [[70, 0], [0, 30]] + 0.85 * model 1
    = [[58.1, 20.4], [11.9, 9.6]].  Model 2 is the perfect punter (its bias
    equals the prevalence), model 4 mixes in the reversed labels.
    """
    return [expected_table(g, prevalence, guess_bias, total) for g in informedness]


def figure1_figures(table: BinaryTable, odds_total: float = 10) -> dict[str, Any]:
    """Every figure printed in one Figure 1 block, unrounded, as a dict.

    AvF and AvG are not defined in the paper.  The definitions that reproduce all
    four models are the bias-weighted harmonic and geometric means
    ``1/AvF = pp/F + pn/IF`` and ``AvG = G**pp * IG**pn`` (pp = Pr(+P)); equivalently
    F and G of the bias-weighted harmonic (geometric) means of the two precisions and
    of the two recalls.
    """
    pp = table.bias
    f, inverse_f = table.f1, table.swap_classes().f1
    g, inverse_g = table.g_measure, table.swap_classes().g_measure
    sheet = bookmaker_sheet(table, odds_total)
    return {
        "informedness": table.informedness, "bias": pp, "inverse_bias": 1 - pp,
        "tp": table.tp, "fp": table.fp, "fn": table.fn, "tn": table.tn,
        "precision": table.precision, "inverse_precision": table.inverse_precision,
        "recall": table.recall, "inverse_recall": table.inverse_recall, "accuracy": table.accuracy,
        "f": f, "inverse_f": inverse_f, "average_f": averaged_f_measure(table, "bias"),
        "g": g, "inverse_g": inverse_g, "average_g": averaged_g_measure(table, "bias"),
        "odds": reduced_odds(table.prevalence, odds_total),
        "dollars": sheet["cells"], "won": sheet["won"], "weighted": sheet["weighted"],
        "column_totals": sheet["column_totals"], "total": sheet["total"],
    }


def _percent(value, places=0):
    return f"{spreadsheet_round(100 * value, places):.{places}f}%"


def dollars(value: float) -> str:
    """A dollar amount as the paper prints it, e.g. ``-$6.80`` (rounded half away from zero).

    For comparing with the printed figure only: a "$" in rendered text can be
    typeset as maths (JupyterLab and MathJax pair two of them), so rendered
    views use :func:`amount`.
    """
    rounded = spreadsheet_round(value, 2)
    return ("-" if rounded < 0 else "") + f"${abs(rounded):.2f}"


def amount(value: float) -> str:
    """A dollar amount for rendering, without a currency sign: ``-6.80`` (the unit is named in a heading).

    The same rounding as :func:`dollars`; the minus is the Unicode minus sign.
    """
    rounded = spreadsheet_round(value, 2)
    return ("\u2212" if rounded < 0 else "") + f"{abs(rounded):.2f}"


def figure1_printed(table: BinaryTable, odds_total: float = 10) -> dict[str, str]:
    """The figures of one Figure 1 block formatted as the paper prints them (strings).

    Percentages of probabilities to 0 places, F and G to 2 places, dollars to
    cents, all rounded half away from zero.  Keys as in :func:`figure1_figures`;
    the dollar rows are ``dollars_plus``/``dollars_minus``/``dollars_total``, each
    ``(Weighted, +R, -R, Won)``.
    """
    fig = figure1_figures(table, odds_total)
    printed = {name: _percent(fig[name]) for name in
               ("informedness", "bias", "inverse_bias", "precision", "inverse_precision",
                "recall", "inverse_recall", "accuracy")}
    printed.update({name: _percent(fig[name], 2) for name in
                    ("f", "inverse_f", "average_f", "g", "inverse_g", "average_g")})
    printed["cells"] = [f"{spreadsheet_round(fig[c], 1):g}" for c in ("tp", "fp", "fn", "tn")]
    for row, name in enumerate(("dollars_plus", "dollars_minus")):
        printed[name] = tuple(dollars(v) for v in
                              (fig["weighted"][row], *fig["dollars"][row], fig["won"][row]))
    printed["dollars_total"] = tuple(dollars(v) for v in
                                     (fig["total"], *fig["column_totals"], fig["total"]))
    return printed


def figure1_html(table: BinaryTable, title: str, odds_total: float = 10) -> str:
    """One Figure 1 block as a spreadsheet-like HTML grid laid out as the paper prints it.

    Nine columns; the inputs (G and the four cells) are shaded blue like the
    paper's "input areas", labels grey, numbers right-aligned.  The AvPrecision
    and AvRecall cells are blank in the paper and stay blank here.  Dollar amounts
    are written without "$" (:func:`amount`), under the label "Bookmaker, dollars".
    """
    s = figure1_printed(table, odds_total)
    fig = figure1_figures(table, odds_total)
    # the sheet heads the +R and -R dollar columns with the odds 7:3 as shares of 10:
    # 7 = 10 * Pr(+R) (the stake on +), 3 = 10 * Pr(-R) (what a winning + bet returns)
    win, stake = (f"{v:g}" for v in fig["odds"])
    prevalence = _percent(table.prevalence)
    inverse_prevalence = _percent(1 - table.prevalence)
    # the dollar block without "$" signs (a pair of them would be typeset as maths); its label names the unit
    money = [tuple(amount(v) for v in (fig["weighted"][row], *fig["dollars"][row], fig["won"][row]))
             for row in (0, 1)]
    money.append(tuple(amount(v) for v in (fig["total"], *fig["column_totals"], fig["total"])))
    L = lambda text: ("label", text)       # noqa: E731  a row/column label
    I = lambda text: ("input", text)       # noqa: E731  an input cell
    _ = ("", "")
    grid = [
        [L(f"{table.total:g} N"), L("Probability"), L("Distribution"), _, _, _, _, _, _],
        [_, I(s["informedness"]), L(prevalence), L(inverse_prevalence), L("Predicted"),
         L("AvPrecision"), L("Precision"), L("IPrecision"), _],
        [L("Decision"), ("", s["bias"]), I(s["cells"][0]), I(s["cells"][1]),
         ("", f"{table.predicted_positives:g}"), _, ("", s["precision"]), _, _],
        [L("Probability"), ("", s["inverse_bias"]), I(s["cells"][2]), I(s["cells"][3]),
         ("", f"{table.predicted_negatives:g}"), _, _, ("", s["inverse_precision"]), _],
        [_, L("Actual"), ("", f"{table.real_positives:g}"), ("", f"{table.real_negatives:g}"),
         ("", f"{table.total:g}"), L("Accuracy"), _, _, _],
        [_, L("AvRecall"), _, _, _, ("", s["accuracy"]), L("F(0.5)"), L("IF(0.5)"), L("AvF(0.5)")],
        [_, L("Recall"), ("", s["recall"]), _, _, L("F(0.5)"), ("", s["f"]), _, _],
        [_, L("IRecall"), _, ("", s["inverse_recall"]), _, L("IF(0.5)"), _, ("", s["inverse_f"]), _],
        [L(title), L("Bookmaker, dollars"), L("Odds"), ("", s["informedness"]), _, L("AvF(0.5)"), _, _,
         ("", s["average_f"])],
        [_, L("Weighted"), L(stake), L(win), L("Won"), _, L("G(0.5)"), L("IG(0.5)"), L("AvG(0.5)")],
        [_, *[("", v) for v in money[0]], L("G(0.5)"), ("", s["g"]), _, _],
        [_, *[("", v) for v in money[1]], L("IG(0.5)"), _, ("", s["inverse_g"]), _],
        [_, *[("", v) for v in money[2]], L("AvG(0.5)"), _, _, ("", s["average_g"])],
    ]
    style = {"label": "background:#eef1f6;color:#333;font-style:italic;text-align:left",
             "input": "background:#1f4e9c;color:white;font-weight:bold;text-align:right",
             "": "text-align:right"}
    border = "border:1px solid #c8c8c8;padding:1px 6px;white-space:nowrap;"
    body = "".join("<tr>" + "".join(f"<td style='{border}{style[kind]}'>{html.escape(text)}</td>"
                                    for kind, text in row) + "</tr>" for row in grid)
    return ("<table style='border-collapse:collapse;font-family:monospace;font-size:12px;margin:6px'>"
            f"{body}</table>")
