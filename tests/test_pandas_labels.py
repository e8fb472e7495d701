"""pandas strings and categoricals are coded through their codes, with the results and messages of numpy's path."""
import numpy as np
import pandas as pd
import pytest

from bookeval_lib import Contingency, _checks

NAMES = np.array([f"c{i}" for i in range(7)])
RNG = np.random.default_rng(0)
REAL, SAID = NAMES[RNG.integers(0, 7, 500)], NAMES[RNG.integers(0, 6, 500)]     # c6 never predicted

MAKERS = {"object": lambda a: pd.Series(a, dtype=object), "string": lambda a: pd.Series(a, dtype="string"),
          "category": lambda a: pd.Series(a, dtype="category"),
          "category, unused": lambda a: pd.Series(pd.Categorical(a, categories=[*NAMES.tolist(), "zz"])),
          "index": pd.Index, "numpy": lambda a: a}


@pytest.mark.parametrize("first", MAKERS)
@pytest.mark.parametrize("second", MAKERS)
@pytest.mark.parametrize("labels", [None, NAMES[::-1].tolist()])
def test_codes_equal_those_of_the_numpy_arrays(first, second, labels):
    y_true, y_pred = MAKERS[first](REAL), MAKERS[second](SAID)
    got = _checks.label_codes([(y_true, "y_true"), (y_pred, "y_pred")], labels=labels)
    # today's path: what numpy.asarray makes of each (the general path)
    expected = _checks.label_codes([(np.asarray(y_true), "y_true"), (np.asarray(y_pred), "y_pred")], labels=labels)
    assert got[0] == expected[0]
    if first == second:
        assert [type(name) for name in got[0]] == [type(name) for name in expected[0]]
    for mine, theirs in zip(got[1], expected[1]):
        np.testing.assert_array_equal(mine, theirs)


def test_integer_categories_and_tables():
    real, said = RNG.integers(0, 5, 200), RNG.integers(1, 5, 200)
    got = _checks.label_codes([(pd.Series(real, dtype="category"), "y_true"), (pd.Series(said), "y_pred")])
    expected = _checks.label_codes([(real, "y_true"), (said, "y_pred")])
    assert got[0] == expected[0] and [type(x) for x in got[0]] == [type(x) for x in expected[0]]
    table = Contingency.from_labels(pd.Series(REAL, dtype="category"), pd.Series(SAID, dtype="string"))
    np.testing.assert_array_equal(table.counts, Contingency.from_labels(REAL, SAID).counts)


@pytest.mark.parametrize("bad", [["a", None, "b"], ["a", 1, "b"], ["a", "b"], [], ["a", float("nan"), "b"]])
@pytest.mark.parametrize("maker", [lambda v: pd.Series(v, dtype=object), lambda v: pd.Series(v, dtype="category")])
def test_refusals_have_the_messages_of_the_general_path(bad, maker):
    other = np.array(["a", "b", "c"], dtype=object)

    def message(y_true):
        with pytest.raises(ValueError) as error:
            _checks.label_codes([(y_true, "y_true"), (other, "y_pred")])
        return str(error.value)

    series = maker(bad)
    assert message(series) == message(np.asarray(series))
