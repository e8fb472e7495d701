"""tools/sheets.py without a browser: which lectures and exercises the plans name, the exercises read from the
notebooks, the room a sheet leaves, the answers as written; and the print form of a checklist
(tools/sphinx_site.py).  The printed sheets, packs and handouts are checked in tests/test_site.py (site tier)."""
import json

import numpy as np
import pytest

from tools import sheets
from tools.course import NOTEBOOKS, number
from tools.exercises import exercise_cells
from tools.handouts import CSS_PX_PER_MM


def test_the_plans_name_eight_lectures_and_their_tutorials():
    found = {lecture.name: lecture for lecture in sheets.lectures()}
    assert list(found) == [f"six-{k}" for k in range(1, 7)] + ["two-1", "two-2"]
    # as book/lecture_plans.md writes them: "exercises 03.1 (…), 03b.2 (…), 04.2 (…), 03.3 (…)" and "09.2 (…),
    # 10.1 (…), 11.2 (…), 09.3 (…)"
    assert found["six-2"].exercises == [("03", 1), ("03b", 2), ("04", 2), ("03", 3)]
    assert found["two-2"].exercises == [("09", 2), ("10", 1), ("11", 2), ("09", 3)]
    assert found["six-2"].stems == ["03_informedness_markedness", "03b_moving_the_bias", "04_chance_corrected"]
    assert found["six-2"].title == "Lecture 2 of 6: informedness, markedness and their chance-corrected relatives"


STEMS = sorted({stem for lecture in sheets.lectures() for stem in lecture.stems})


@pytest.mark.parametrize("stem", STEMS)
def test_every_exercise_is_read_with_its_worked_solution(stem):
    """The exercises read are those tools/exercises.py numbers, each with its text starting "**n." and a
    worked solution; no text of a solution cell is in an exercise's text."""
    notebook = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))
    found = sheets.exercises_of(notebook, number(stem))
    assert sorted(found) == sorted(n for numbers in exercise_cells(notebook["cells"]).values() for n in numbers)
    for n, exercise in found.items():
        assert exercise.text.startswith(f"**{n}.") and exercise.solution, (stem, n)
        assert "<details>" not in exercise.text and "Solution" not in exercise.text.split("\n")[0][:12]


def test_the_room_under_each_exercise():
    least, most = sheets.LEAST_ROOM_MM * CSS_PX_PER_MM, sheets.MOST_ROOM_MM * CSS_PX_PER_MM
    # three exercises of 100 px under a 50 px header on a 1000 px page: (1000 - 50 - 300) / 3 = 216.7 px each,
    # more than the least (25 mm = 94.5 px) and less than the most (140 mm = 529.1 px): one page
    rooms, page_two = sheets._rooms([100, 100, 100], 50, 1000, 1.0)
    assert page_two is None and rooms == pytest.approx([650 / 3] * 3)
    assert least < 650 / 3 < most
    # three of 400 px: no room on one page. Split after the first: 1000 - 100 - 400 = 500 px and
    # (1000 - 800) / 2 = 100 px each; after the second: (1000 - 100 - 800) / 2 = 50 and 600. The first split's
    # smaller room (100) beats the second's (50).
    rooms, page_two = sheets._rooms([400, 400, 400], 100, 1000, 1.0)
    assert page_two == 1 and rooms == pytest.approx([500, 100, 100])
    # one exercise of 100 px alone on a 2000 px page: 1900 px, capped at the most
    assert sheets._rooms([100], 0, 2000, 1.0) == ([pytest.approx(most)], None)


def test_answers_are_written_as_a_reader_writes_them():
    assert sheets.value_text((35.0, 10.0, 5.0, 50.0, 0.4, 0.45)) == "(35, 10, 5, 50, 0.4, 0.45)"
    assert sheets.value_text(2 / 13) == "0.1538"          # 0.153846... to 4 decimals
    assert sheets.value_text((np.float64(0.6 + 1e-16), np.int64(300))) == "(0.6, 300)"
    assert sheets.value_text(np.array([0.5, 1.0])) == "(0.5, 1)"


def test_a_checklist_is_read_as_rows():
    from tools.sphinx_site import checklist_rows

    block = ("REPORT\n"
             "Data   : name, N, classes; how the cases\n"
             "         were held out\n"
             "Table  : the K x K table\n")
    assert checklist_rows(block) == ("REPORT", [["Data", "name, N, classes; how the cases were held out"],
                                                ["Table", "the K x K table"]])
    assert checklist_rows("import numpy as np\nx = np.arange(3)\n") is None
    assert checklist_rows("Data : only one field\n") is None
