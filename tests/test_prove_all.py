"""symbolic.prove_all: several identities checked by sympy and shown as one table."""
import IPython.display
import pytest
import sympy as sp

from bookeval_lib.course import symbolic as s


@pytest.fixture
def shown(monkeypatch):
    outputs = []
    monkeypatch.setattr(IPython.display, "display", lambda *objects: outputs.extend(objects))
    return outputs


def test_one_output_with_one_row_per_identity(shown):
    names = ("recall_counts", "precision_counts", "accuracy_average_of_recalls")
    s.prove_all(names)
    assert len(shown) == 1
    latex = shown[0].data
    assert latex.count(r"\\") == len(names)                  # header row + one row per identity
    assert latex.count(r"\text{definition check}") == 2 and latex.count(r"\text{proof}") == 1


def test_a_false_identity_is_named_and_nothing_is_shown(shown):
    # eq. 5 of Powers 2008 as printed: at TP, FP, FN, TN = 1, 2, 3, 4 accuracy is 5/10 = 1/2
    # while rp*tp + rn*tnr = (4/10)(1/10) + (6/10)(4/6) = 1/25 + 10/25 = 11/25.
    printed = s.Identity("eq5_printed", s.MEASURE_SYMBOLS["accuracy"], s.rp * s.tp + s.rn * s.tnr, "test")
    with pytest.raises(AssertionError, match="eq5_printed"):
        s.prove_all(["recall_counts", printed])
    assert shown == []
    assert s.counterexample(printed) == (sp.Rational(1, 2), sp.Rational(11, 25))


def test_no_claims_and_unknown_names_are_refused():
    with pytest.raises(ValueError, match="claims_or_names"):
        s.prove_all([])
    with pytest.raises(ValueError, match="no identity"):
        s.prove_all(["not_a_name"])
