"""identity_table: one Markdown table for a list of sympy identity checks."""
import pytest

from bookeval_lib.course import symbolic as s
from bookeval_lib.course.figures.identities import identity_table


def test_true_identities_give_one_row_each_with_difference_zero():
    # recall = TP/(TP+FN) in counts: true by hand, whatever the counts
    claims = [s.Identity("recall in counts", s.tpr, s.A / (s.A + s.C), "test", kind="definition check"),
              "kappa_swap_invariant"]
    table = identity_table(claims).splitlines()
    assert len(table) == 2 + 2
    assert table[2].startswith("| recall in counts |") and table[2].endswith("| definition check | test | 0 |")
    assert table[3].startswith("| kappa swap invariant |") and table[3].endswith("| 0 |")


def test_a_false_identity_fails_and_is_named():
    # precision is not recall: at TP, FP, FN, TN = 1, 2, 3, 4 they are 1/3 and 1/4
    wrong = s.Identity("precision is recall", s.tpa, s.tpr, "test")
    with pytest.raises(AssertionError, match="precision is recall"):
        identity_table(["recall_counts", wrong])


def test_absolute_value_bars_do_not_split_the_cell():
    claim = s.Identity("abs", abs(s.tp - s.fp), abs(s.fp - s.tp), "test")
    row = identity_table([claim]).splitlines()[2]
    assert row.count("|") == 6          # the six separators of five cells, no more


@pytest.mark.parametrize("claims", [[], [42]])
def test_bad_input_is_a_value_error(claims):
    with pytest.raises(ValueError, match="claims"):
        identity_table(claims)
