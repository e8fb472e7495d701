"""tools/exercises.py: the full notebooks' solutions folded, the exercise notebooks generated from them (that
both are up to date: `python -m tools regen --check`, tests/test_tools.py); the cells an exercise notebook
keeps; and the fold itself (bookeval_lib.course.solutions), on hand-made cells and in IPython."""
import io
import json
import re

import pytest

from bookeval_lib.course import solutions
from tools import exercises as script


def _md(text, tags=(), **metadata):
    return {"cell_type": "markdown", "id": f"m{abs(hash(text)) % 10**8}", "source": text,
            "metadata": {**metadata, **({"tags": list(tags)} if tags else {})}}


def _code(text, tags=(), outputs=(), **metadata):
    return {"cell_type": "code", "id": f"c{abs(hash(text)) % 10**8}", "source": text, "execution_count": 1,
            "outputs": list(outputs), "metadata": {**metadata, **({"tags": list(tags)} if tags else {})}}


HIDDEN = {"jupyter": {"source_hidden": True}}
# The exercise version's own line under its "## Exercises" heading (notebook 99, first exercise 1).
INTRO_99 = ('*Under each exercise: an answer cell, where your answer replaces the `...`, and a check cell, which '
            'says whether it is right; `hint("99.1")` and `solution("99.1")` help.*')


def _notebook():
    """A small course notebook: set-up, two exercises with solutions (one markdown + code, one code only)."""
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3"}},
            "cells": [
                _md("# 99 · A notebook\n\nSee [the previous one](01_contingency_table.ipynb#aim)."),
                _code("import numpy as np\nx = 2", outputs=[{"output_type": "stream", "name": "stdout",
                                                            "text": "set up\n"}]),
                _md("## Exercises\n\n**1.** Double x."),
                _md("Solution 1.\nMultiply by two: $2x = 4$.", ["solution"], **HIDDEN),
                _code("# Check of solution 1\nassert 2 * x == 4\nprint(2 * x)", ["solution"],
                      outputs=[{"output_type": "stream", "name": "stdout", "text": "4\n"}],
                      jupyter={"source_hidden": True, "outputs_hidden": True}),
                _md("**2.** Square x."),
                _code("# Solution 2.\nx ** 2", ["solution"]),
                _md("## Key takeaways\n\n* Doubling is not squaring."),
            ]}


def test_fold_and_unfold_are_inverse():
    folded = solutions.fold("Solution 3", "Some *Markdown* with $x^2$.\n\nTwo paragraphs.")
    assert folded.startswith("<details><summary>Solution 3</summary>\n\n")   # a blank line: Markdown inside
    assert folded.endswith("\n\n</details>")
    assert solutions.unfold(folded) == ("Solution 3", "Some *Markdown* with $x^2$.\n\nTwo paragraphs.")
    assert solutions.unfold("Plain prose.") == (None, "Plain prose.")
    with pytest.raises(ValueError, match="title"):
        solutions.fold("Solution <b>3</b>", "body")


def test_fold_solutions_folds_each_kind_of_solution_cell():
    folded = script.fold_solutions(_notebook())
    cells = folded["cells"]
    assert cells[3]["metadata"] == {"tags": ["solution"]}             # no source_hidden: the fold hides it
    assert solutions.unfold("".join(cells[3]["source"])) == ("Solution 1", "Multiply by two: $2x = 4$.")
    assert "".join(cells[4]["source"]).startswith("%%solution 1\n# Check of solution 1\n")
    assert "".join(cells[6]["source"]).startswith("%%solution 2\n# Solution 2.\n")
    assert cells[6]["metadata"]["jupyter"] == {"source_hidden": True, "outputs_hidden": True}
    assert "".join(cells[1]["source"]).splitlines()[0] == "%load_ext bookeval_lib.course.solutions"
    assert script.fold_solutions(folded) == folded                     # idempotent
    assert script.unfolded_outputs(folded) == [4]                      # cell 4's output predates the fold


def test_a_solution_label_under_the_wrong_exercise_is_refused():
    notebook = _notebook()
    notebook["cells"][3]["source"] = "Solution 2.\nMultiply."
    with pytest.raises(ValueError, match="exercise 1"):
        script.fold_solutions(notebook)


def test_the_exercise_notebook_holds_the_exercises_and_what_they_need(tmp_path):
    (tmp_path / "01_contingency_table.ipynb").write_text("{}")
    folded = script.fold_solutions(_notebook())
    exercise = script.exercise_notebook(folded, "99", notebooks=tmp_path, stem="99_a_notebook")
    sources = ["".join(cell["source"]) for cell in exercise["cells"]]
    assert not any("solution" in cell["metadata"].get("tags", []) for cell in exercise["cells"])
    assert sources[0].startswith("# 99 · A notebook\n\n**The exercises of [the notebook](../notebooks/99_a_notebook")
    assert 'check("99.1", answer_1)' in sources[0] and 'solution("99.1")' in sources[0]
    assert sources[1] == "from bookeval_lib.course import check, hint, solution"
    assert sources[2].startswith("## From the notebook: what the exercises use")
    assert sources[3] == "import numpy as np\nx = 2"                  # the %load_ext line is not needed here
    assert exercise["cells"][3]["outputs"] == [] and exercise["cells"][3]["execution_count"] is None
    assert sources[4:] == ["## Exercises\n\n" + INTRO_99 + "\n\n**1.** Double x.", "answer_1 = ...", 'check("99.1", answer_1)',
                           "**2.** Square x.", "answer_2 = ...", 'check("99.2", answer_2)']   # no takeaways
    ids = [cell["id"] for cell in exercise["cells"]]
    assert len(set(ids)) == len(ids)
    assert script.exercise_notebook({**folded, "cells": folded["cells"][:2]}, "99") is None
    # links to the course's files and to the notebook's own sections point back into notebooks/
    assert script._relink("[a](01_contingency_table.ipynb#aim), [b](#theory), [c](https://x.org)", tmp_path,
                          "99_a_notebook") == ("[a](../notebooks/01_contingency_table.ipynb#aim), "
                                               "[b](../notebooks/99_a_notebook.ipynb#theory), [c](https://x.org)")


def test_the_cells_kept_are_those_whose_names_the_exercises_load_closed_over_earlier_cells():
    cells = [_code("import numpy as np\nrng = np.random.default_rng(1)"),   # 0 the set-up: always
             _code("a = 1\nfigure = draw(a)"),                              # 1 a: needed by cell 2
             _code("b = a + 1"),                                            # 2 b: the exercise uses it
             _code("unused = np.ones(3)"),                                  # 3 nothing needs it
             _code("noise = rng.normal()"),                                 # 4 draws from rng: changes it
             _code("c = [i for i in range(3)]\nfor j in range(2):\n    pass"),  # 5 i, j: not needed
             _code("%%time\nlabels.append(4)"),                             # 6 labels grown (a magic cell)
             _code("labels = [1]"),                                         # 7 after the exercises' own use
             _md("## Exercises\n\n**1.** From `b` and the list `labels`, ..."),
             _code("%%solution 1\nprint(b, rng.integers(3), i)", ["solution"])]
    cells[7], cells[6] = cells[6], cells[7]                                  # labels = [1], then grown
    assert script.needed_cells(cells, 8, 10) == [0, 1, 2, 4, 6, 7]
    assert script.needed_cells(cells, 8, 9, starters=["answer_1 = ...  # from unused"]) == [0, 1, 2, 6, 7]
    assert script.exercise_section(cells + [_md("## Key takeaways")]) == (8, 10)


def test_folded_output_keeps_every_output_in_one_closed_fold():
    from IPython.utils.capture import CapturedIO

    captured = CapturedIO(io.StringIO("x < 3\n"), io.StringIO(), [
        {"data": {"text/plain": "1/3", "text/latex": "$\\displaystyle \\frac{1}{3}$"}},
        {"data": {"text/plain": "<IPython.core.display.Math object>", "text/latex": "$$a < b$$"}},
        {"data": {"text/plain": "T", "text/html": "<table></table>"}},
        {"data": {"text/plain": "[1, 2]"}}])
    data, metadata = solutions.folded_output("Output of solution 4", captured)
    assert metadata == {solutions.OUTPUT_KEY: True}
    # plain text, except where it is only an object's repr: then the LaTeX
    assert data["text/plain"] == "Output of solution 4:\nx < 3\n1/3\n$$a < b$$\nT\n[1, 2]"
    inner = ("<pre>x &lt; 3</pre>\n<div>\\(\\displaystyle \\frac{1}{3}\\)</div>\n<div>\\[a &lt; b\\]</div>\n"
             "<table></table>\n<pre>[1, 2]</pre>")
    assert data["text/html"] == f"<details><summary>Output of solution 4</summary>\n{inner}\n</details>"
    assert solutions.unfold_output_html(data["text/html"]) == inner


def test_the_cell_magic_folds_the_output_and_raises_the_cells_error():
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    shell.run_cell("%load_ext bookeval_lib.course.solutions", store_history=False).raise_error()
    with capture_output() as outer:
        result = shell.run_cell("%%solution 7\nprint('seven')\n7 * 6", store_history=False)
    result.raise_error()
    assert [output.data["text/plain"] for output in outer.outputs] == ["Output of solution 7:\nseven\n42"]
    assert outer.outputs[0].metadata == {solutions.OUTPUT_KEY: True}
    with capture_output():
        failed = shell.run_cell("%%solution 8\nassert 1 == 2, 'wrong'", store_history=False)
    assert isinstance(failed.error_in_exec, AssertionError)
    with capture_output():
        refused = shell.run_cell("%%solution eight\npass", store_history=False)
    assert isinstance(refused.error_in_exec, ValueError)


def test_every_exercise_notebook_checks_each_exercise_of_its_notebook():
    for path in sorted(script.EXERCISES.glob("*.ipynb")):
        folded = json.loads((script.NOTEBOOKS / path.name).read_text(encoding="utf-8"))
        numbers = sorted(n for ns in script.exercise_cells(folded["cells"]).values() for n in ns)
        checks = ["".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                  if "".join(c["source"]).startswith("check(")]
        assert checks == [f'check("{script.prefix(path)}.{n}", answer_{n})' for n in numbers], path.name


# ---------------------------------------------------------------------------- "for the curious" groups
def _curious_notebook():
    """Set-up, then a group for the curious (label, code, more prose), an open cell, a one-cell group."""
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
            "cells": [
                _md("# 99 · A notebook"),
                _code("import numpy as np"),
                _md("**For the curious:** why it holds.", ["for-the-curious"], **HIDDEN),
                _code("print(2 + 2)", ["for-the-curious"], outputs=[{"output_type": "stream", "name": "stdout",
                                                                     "text": "4\n"}],
                      jupyter={"source_hidden": True, "outputs_hidden": True}),
                _md("And $x = 2$ again.", ["for-the-curious"], **HIDDEN),
                _md("Open prose."),
                _md("**For the curious:** a second group.", ["for-the-curious"], **HIDDEN),
            ]}


def test_fold_curious_folds_each_group_like_the_solutions():
    folded = script.fold_curious(_curious_notebook())
    cells = folded["cells"]
    # markdown: one closed fold per cell, its label the title, no metadata that would hide the fold
    assert solutions.unfold("".join(cells[2]["source"])) == ("For the curious", "Why it holds.")
    assert solutions.unfold("".join(cells[4]["source"])) == ("For the curious (continued)", "And $x = 2$ again.")
    assert solutions.unfold("".join(cells[6]["source"])) == ("For the curious", "A second group.")
    assert all("jupyter" not in cells[i]["metadata"] for i in (2, 4, 6))
    # code: the cell magic, source and outputs collapsed; the first code cell loads the magic
    assert "".join(cells[3]["source"]) == "%%curious\nprint(2 + 2)"
    assert cells[3]["metadata"]["jupyter"] == {"source_hidden": True, "outputs_hidden": True}
    assert "".join(cells[1]["source"]).splitlines()[0] == "%load_ext bookeval_lib.course.solutions"
    assert "".join(cells[5]["source"]) == "Open prose."
    assert script.fold_curious(folded) == folded                        # idempotent
    assert script.unfolded_outputs(folded) == [3]                       # its output predates the fold


def test_the_curious_magic_folds_the_output():
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    shell.run_cell("%load_ext bookeval_lib.course.solutions", store_history=False).raise_error()
    with capture_output() as outer:
        shell.run_cell("%%curious\nprint('why')\n6 * 7", store_history=False).raise_error()
    assert [output.data["text/plain"] for output in outer.outputs] == ["Output for the curious:\nwhy\n42"]
    assert outer.outputs[0].data["text/html"].startswith("<details><summary>Output for the curious</summary>")
    assert outer.outputs[0].metadata == {solutions.OUTPUT_KEY: True}
    assert solutions.strip_magic("%%curious\nx = 1") == "x = 1"


# ---------------------------------------------------------------------------- the notebook links its version
def test_the_exercises_heading_links_the_exercise_version_once():
    notebook = _notebook()
    linked = script.with_version_line(notebook, "99_a_notebook")
    line = ("*Work these in [the exercise version](../exercises/99_a_notebook.ipynb): answer cells, and "
            "`check()`, `hint()`, `solution()` to mark them.*")
    assert "".join(linked["cells"][2]["source"]) == f"## Exercises\n\n{line}\n\n**1.** Double x."
    assert script.with_version_line(linked, "99_a_notebook") == linked               # fresh: unchanged
    renamed = script.with_version_line(linked, "99_renamed")                          # stale: replaced
    assert "".join(renamed["cells"][2]["source"]).count("[the exercise version]") == 1
    assert "99_renamed.ipynb" in "".join(renamed["cells"][2]["source"])
    # the measured times do not count it, like the header lines
    from tools import outline
    assert outline.measure(linked["cells"]).words == outline.measure(notebook["cells"]).words


def test_the_exercise_version_drops_what_is_false_there_and_links_its_neighbours(tmp_path):
    notebook = script.fold_solutions(_notebook())
    notebook["cells"][2]["source"] = ("## Exercises\n\nEach exercise has a worked solution below it; a wrong "
                                      "solution stops the notebook with an error.\n\nThe exercises use `x`.\n\n"
                                      "**1.** Double x.")
    notebook = script.with_version_line(notebook, "99_a_notebook")
    exercise = script.exercise_notebook(notebook, "99", notebooks=tmp_path, stem="99_a_notebook",
                                        neighbours=(("98_b.ipynb", "98 · Before"), None))
    sources = ["".join(cell["source"]) for cell in exercise["cells"]]
    heading = next(text for text in sources if text.startswith("## Exercises"))
    # the link to itself and the paragraph on the worked solutions are gone; the rest stays
    assert heading == f"## Exercises\n\n{INTRO_99}\n\nThe exercises use `x`.\n\n**1.** Double x."
    # Previous links the previous exercise notebook, beside this one in exercises/; no Next here
    assert sources[0].endswith("\n\n*Previous:* the exercises of [98 · Before](98_b.ipynb)")
    assert "*Next:*" not in sources[0]


def test_each_exercise_notebook_links_the_previous_and_next_exercise_notebooks():
    names = [path.name for path in sorted(script.EXERCISES.glob("*.ipynb"))]
    for part in ([n for n in names if not n.startswith("A")], [n for n in names if n.startswith("A")]):
        for index, name in enumerate(part):
            first = "".join(json.loads((script.EXERCISES / name).read_text(encoding="utf-8"))["cells"][0]["source"])
            previous = re.search(r"\*Previous:\* the exercises of \[[^]]+\]\(([^)]+)\)", first)
            following = re.search(r"\*Next:\* the exercises of \[[^]]+\]\(([^)]+)\)", first)
            assert (previous.group(1) if previous else None) == (part[index - 1] if index else None), name
            assert (following.group(1) if following else None) == (
                part[index + 1] if index + 1 < len(part) else None), name


def test_no_exercise_notebook_promises_solutions_below_or_a_stop_on_error():
    for path in sorted(script.EXERCISES.glob("*.ipynb")):
        text = "\n".join("".join(cell["source"]) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
                         if cell["cell_type"] == "markdown")
        assert "worked solution below" not in text and "stops the notebook" not in text, path.name
        assert "[the exercise version]" not in text, path.name


def test_every_notebook_with_an_exercise_version_links_it_under_its_exercises_heading():
    for path in sorted(script.EXERCISES.glob("*.ipynb")):
        cells = json.loads((script.NOTEBOOKS / path.name).read_text(encoding="utf-8"))["cells"]
        start, _ = script.exercise_section(cells)
        lines = "".join(cells[start]["source"]).split("\n")
        heading = next(i for i, line in enumerate(lines) if line.startswith("#") and "Exercises" in line)
        assert lines[heading + 2] == script.version_line(path.stem), path.name
