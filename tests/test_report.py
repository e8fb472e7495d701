"""measure_table: values rounded as asked, nan shown as undefined, bad input refused."""
import pytest

from bookeval_lib import BinaryTable
from bookeval_lib.course.display import measure_table


def test_measure_table_rounds_and_marks_undefined_values():
    text = measure_table({"cheat": BinaryTable(tp=90, fp=10, fn=0, tn=0),
                          "guess": BinaryTable(tp=12, fp=28, fn=18, tn=42)},
                         names=("recall", "markedness"), digits=2)
    lines = text.splitlines()
    assert lines[0].split() == ["cheat", "guess"]
    assert lines[1].split() == ["recall", "1.00", "0.40"]          # 90/90, 12/30
    assert lines[2].split() == ["markedness", "undefined", "0.00"]  # empty -P row; a pure guess


def test_measure_table_wants_single_tables():
    with pytest.raises(ValueError, match="single BinaryTable"):
        measure_table({"many": BinaryTable(tp=[1, 2], fp=1, fn=1, tn=1)})
