"""The generated cheat sheet against the package's numbers and scikit-learn (independent of sympy)."""
import itertools

import numpy as np
import pytest
import sympy as sp
from sklearn.metrics import balanced_accuracy_score, matthews_corrcoef

from bookeval_lib import MEASURES, BinaryTable
from bookeval_lib.course import cheatsheet as c
from bookeval_lib.course import symbolic as s


@pytest.fixture(scope="module")
def rows():
    return {row.name: row for row in c.cheat_sheet()}


def test_every_entry_is_a_package_measure(rows):
    assert set(rows) <= set(MEASURES)
    assert len(rows) == len(c.COUNTS_AND_RATES)


def test_undefined_matches_the_package_nan(rows):
    # For every zero pattern (N > 0, some cell 0) the package is nan exactly where a minimal
    # undefined pattern of the sheet is contained in the pattern.
    generic = dict(zip("ABCD", (3.0, 5.0, 2.0, 7.0)))
    for size in range(1, 4):
        for zeros in itertools.combinations("ABCD", size):
            cells = {c_: (0.0 if c_ in zeros else generic[c_]) for c_ in "ABCD"}
            table = BinaryTable(tp=cells["A"], fp=cells["B"], fn=cells["C"], tn=cells["D"])
            for name in rows:
                predicted = any(z <= frozenset(zeros) for z in c.undefined_patterns(c.COUNTS_AND_RATES[name][1]))
                assert np.isnan(getattr(table, name)) == predicted, (name, zeros)


def test_value_at_chance_against_a_guessing_table(rows):
    rp, pp = 0.3, 0.45
    guess = BinaryTable(tp=pp * rp, fp=pp * (1 - rp), fn=(1 - pp) * rp, tn=(1 - pp) * (1 - rp))
    for name, row in rows.items():
        value = row.at_chance.subs({s.rp: rp, s.pp: pp, s.rn: 1 - rp, s.pn: 1 - pp, s.N: guess.total})
        assert np.isclose(float(value), getattr(guess, name)), name


def test_swap_and_bias_prevalence_flags_against_numbers(rows):
    rng = np.random.default_rng(5)
    table = BinaryTable(**dict(zip(("tp", "fp", "fn", "tn"), rng.integers(5, 40, size=4).astype(float))))
    swapped = table.swap_classes()
    base = BinaryTable.from_rates(prevalence=0.3, bias=0.35, informedness=0.2, total=100)
    more_bias = BinaryTable.from_rates(prevalence=0.3, bias=0.5, informedness=0.2, total=100)
    more_prevalence = BinaryTable.from_rates(prevalence=0.45, bias=0.35, informedness=0.2, total=100)
    for name, row in rows.items():
        assert np.isclose(getattr(table, name), getattr(swapped, name)) == row.swap_invariant, name
        assert (not np.isclose(getattr(base, name), getattr(more_bias, name))) == row.moves_with_bias, name
        assert (not np.isclose(getattr(base, name), getattr(more_prevalence, name))) == row.moves_with_prevalence, name


def test_ranges_by_hand(rows):
    # informedness = tpr - fpr in [-1, 1]; WRAcc = rp*rn*B with rp*rn <= 1/4; odds ratio in (0, inf)
    assert rows["informedness"].range == (-1, 1)
    assert rows["wracc"].range == (sp.Rational(-1, 4), sp.Rational(1, 4))
    assert rows["odds_ratio"].range == (0, sp.oo)
    assert rows["recall"].range == (0, 1) and rows["single_point_auc"].range == (0, 1)


def test_aliases_against_scikit_learn():
    real = np.repeat([1, 0, 1, 0], [21, 14, 9, 56])
    predicted = np.repeat([1, 1, 0, 0], [21, 14, 9, 56])
    table = BinaryTable(tp=21, fp=14, fn=9, tn=56)
    assert np.isclose(balanced_accuracy_score(real, predicted, adjusted=True), table.informedness)
    assert np.isclose(matthews_corrcoef(real, predicted), table.matthews_correlation)
    # PABAK = informedness when rp = 1/2: 30 real positives out of 60
    half = BinaryTable(tp=21, fp=9, fn=9, tn=21)
    assert np.isclose(half.kappa_no_prevalence, half.informedness)


def test_a_wrong_form_is_refused(monkeypatch):
    wrong = dict(c.COUNTS_AND_RATES)
    wrong["recall"] = ("recall", s.A / (s.A + s.B), 1 - s.fnr)
    monkeypatch.setattr(c, "COUNTS_AND_RATES", wrong)
    with pytest.raises(AssertionError, match="recall"):
        c.cheat_sheet(["recall"])


def test_markdown_and_bad_names(rows):
    text = c.cheat_sheet_markdown(list(rows.values()))
    assert text.count("\n|") >= 2 * len(rows) and "Youden's J" in text and "never (N > 0)" in text
    with pytest.raises(ValueError, match="names"):
        c.cheat_sheet(["no_such_measure"])


def test_undefined_in_libraries_package_rows_are_nan_without_warning():
    rows = c.undefined_in_libraries()
    ours = [r for r in rows if r["call"].startswith("bookeval")]
    assert len(ours) == 4 and all(np.isnan(r["value"]) and r["warning"] == "" for r in ours)
    sklearn_default = [r for r in rows if r["call"] == "sklearn precision_score"][0]
    assert sklearn_default["value"] == 0.0 and "UndefinedMetricWarning" in sklearn_default["warning"]


def test_markdown_rows_have_the_header_column_count(rows):
    text = c.cheat_sheet_markdown(list(rows.values()))
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if line.startswith("|")]
        if lines:
            assert {line.count("|") for line in lines} == {lines[0].count("|")}
