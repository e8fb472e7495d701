"""Every notebook ends with its key takeaways (issue 33, §3): the last cell before the closing quiz is a
markdown cell headed ``## Key takeaways`` with 3 to 6 bullets and at most 130 words, short enough to read at
the end of a lesson.  Only the two quiz cells that tools/quiz_cells.py writes (``## Check your
understanding`` and the ``quiz("NN")`` cell) may follow it.
"""
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
HEADING = "## Key takeaways"
BULLET = re.compile(r"^[*-] ", re.MULTILINE)
MOST_WORDS = 130


QUIZ_HEADING = "## Check your understanding"


def _last_cell(notebook):
    """The last cell before the quiz cells (the last cell when the notebook has no quiz yet)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return _before_quiz(cells)


def _before_quiz(cells):
    text = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in cells]
    if len(cells) >= 3 and cells[-2]["cell_type"] == "markdown" and text[-2].startswith(QUIZ_HEADING) \
            and cells[-1]["cell_type"] == "code" and "quiz(" in text[-1]:
        return cells[-3]
    return cells[-1]


def takeaways_problems(cell):
    """What is wrong with ``cell`` as a notebook's closing takeaways (an empty list when nothing is)."""
    text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    if cell["cell_type"] != "markdown":
        return [f"the last cell is a {cell['cell_type']} cell"]
    head, _, body = text.partition("\n")
    if head.strip() != HEADING:
        return [f"the last cell starts with {head!r}, not {HEADING!r}"]
    problems = []
    bullets = len(BULLET.findall(body))
    if not 3 <= bullets <= 6:
        problems.append(f"{bullets} bullets, not 3 to 6")
    if BULLET.sub("", body).strip() and not body.strip().startswith(("* ", "- ")):
        problems.append("text before the first bullet")
    words = len(BULLET.sub("", body).split())
    if words > MOST_WORDS:
        problems.append(f"{words} words, more than {MOST_WORDS}")
    return problems


def test_the_check_finds_each_fault():
    def markdown(text):
        return {"cell_type": "markdown", "metadata": {}, "source": text}
    good = markdown(HEADING + "\n\n* one thing\n* another thing\n  wrapped\n* a third")
    assert takeaways_problems(good) == []
    assert takeaways_problems({"cell_type": "code", "metadata": {}, "source": HEADING, "outputs": []})
    assert takeaways_problems(markdown("## Summary\n\n* a\n* b\n* c"))
    assert takeaways_problems(markdown(HEADING + "\n\n* a\n* b"))                         # two bullets
    assert takeaways_problems(markdown(HEADING + "\n\n" + "\n".join(["* a"] * 7)))          # seven
    assert takeaways_problems(markdown(HEADING + "\n\nIntro.\n\n* a\n* b\n* c"))
    # 3 bullets of 44 words each: 132 words (the bullet markers are not counted)
    long = "\n".join("* " + " ".join(["word"] * 44) for _ in range(3))
    assert takeaways_problems(markdown(HEADING + "\n\n" + long)) == [f"132 words, more than {MOST_WORDS}"]


def test_the_quiz_cells_are_skipped_and_nothing_else():
    def cell(kind, text):
        return {"cell_type": kind, "metadata": {}, "source": text}
    takeaways = cell("markdown", HEADING + "\n\n* a\n* b\n* c")
    quiz = [cell("markdown", QUIZ_HEADING + "\n\nAnswer..."), cell("code", 'quiz("01")')]
    assert _before_quiz([cell("code", "x = 1"), takeaways] + quiz) is takeaways
    assert _before_quiz([takeaways]) is takeaways
    other = cell("code", "print(1)")
    assert _before_quiz([takeaways, quiz[0], other]) is other        # not a quiz cell: it is the last cell
    assert _before_quiz([takeaways] + quiz[::-1])["source"] == quiz[0]["source"]   # wrong order


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_notebook_ends_with_key_takeaways(notebook):
    problems = takeaways_problems(_last_cell(notebook))
    assert not problems, f"{notebook.name}: {problems}"
