"""The site's build hooks fold the cells tagged ``for-the-curious`` (tools/sphinx_site.py), as they
fold solutions; checked on hand-made trees, without building the site (tests/test_site.py builds it)."""
import json

import pytest

nodes = pytest.importorskip("docutils.nodes", reason="docutils comes with the `site` extra")
bookeval_site = pytest.importorskip("tools.sphinx_site", reason="the site's build hooks need the `site` extra")


def _notebook(cells):
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def test_a_markdown_cell_for_the_curious_is_wrapped_in_its_directive():
    text = _notebook([
        {"cell_type": "markdown", "id": "a", "metadata": {"tags": ["for-the-curious"]},
         "source": "**For the curious:** the cumulant generating function.\n\n## A heading"},
        {"cell_type": "markdown", "id": "b", "metadata": {}, "source": "Ordinary prose."}])
    notebook = bookeval_site.read_notebook(text)
    assert notebook.cells[0].source == ("```{curious-part}\n**For the curious:** the cumulant generating "
                                        "function.\n\n**A heading**\n```\n")
    assert notebook.cells[1].source == "Ordinary prose."


def test_each_run_of_curious_cells_becomes_one_fold():
    section = nodes.section()
    section += nodes.title(text="A section")
    section += nodes.paragraph(text="before")
    section += nodes.container(classes=["curious-part"])
    section += nodes.container(classes=["cell", "tag_for-the-curious"])   # a code cell, as myst-nb marks it
    section += nodes.paragraph(text="between")
    section += nodes.container(classes=["curious-part"])
    document = nodes.document(None, None)
    document += section
    bookeval_site.fold_curious(None, document)
    folds = [child for child in section.children if isinstance(child, nodes.admonition)]
    assert [fold[0].astext() for fold in folds] == ["For the curious", "For the curious"]
    assert [len(fold.children) for fold in folds] == [3, 2]               # the title and the folded cells
    assert all("dropdown" in fold["classes"] and "curious" in fold["classes"] for fold in folds)
    assert [type(child).__name__ for child in section.children] == [
        "title", "paragraph", "admonition", "paragraph", "admonition"]


def test_a_solution_folded_in_the_notebook_is_unfolded_into_the_pages_own_fold():
    """The notebook folds a solution by content (bookeval_lib.course.solutions) so that JupyterLab's Run All
    leaves it closed; the page undoes that fold and folds the whole solution in one "Solution N" dropdown."""
    from bookeval_lib.course import solutions

    output_html = "<details><summary>Output of solution 1</summary>\n<pre>4</pre>\n</details>"
    text = _notebook([
        {"cell_type": "markdown", "id": "a", "metadata": {"tags": ["solution"]},
         "source": solutions.fold("Solution 1", "Double it: $2x = 4$.")},
        {"cell_type": "code", "id": "b", "metadata": {"tags": ["solution"]}, "execution_count": 1,
         "source": "%%solution 1\nprint(2 * x)",
         "outputs": [{"output_type": "display_data", "metadata": {solutions.OUTPUT_KEY: True},
                      "data": {"text/plain": "Output of solution 1:\n4", "text/html": output_html}}]}])
    notebook = bookeval_site.read_notebook(text)
    assert notebook.cells[0].source == "```{solution-part}\nSolution 1.\nDouble it: $2x = 4$.\n```\n"
    assert notebook.cells[1].source == "print(2 * x)"
    assert notebook.cells[1].outputs[0]["data"]["text/html"] == "<pre>4</pre>"


def test_a_group_for_the_curious_folded_in_the_notebook_is_unfolded_into_the_pages_own_fold():
    """The notebook folds a group for the curious by content as well; the page undoes it (no title: the
    page's dropdown is titled "For the curious"), strips ``%%curious`` and unfolds the output."""
    from bookeval_lib.course import solutions

    output_html = "<details><summary>Output for the curious</summary>\n<pre>4</pre>\n</details>"
    text = _notebook([
        {"cell_type": "markdown", "id": "a", "metadata": {"tags": ["for-the-curious"]},
         "source": solutions.fold("For the curious", "Why it holds.")},
        {"cell_type": "code", "id": "b", "metadata": {"tags": ["for-the-curious"]}, "execution_count": 1,
         "source": "%%curious\nprint(2 + 2)",
         "outputs": [{"output_type": "display_data", "metadata": {solutions.OUTPUT_KEY: True},
                      "data": {"text/plain": "Output for the curious:\n4", "text/html": output_html}}]}])
    notebook = bookeval_site.read_notebook(text)
    assert notebook.cells[0].source == "```{curious-part}\nWhy it holds.\n```\n"
    assert notebook.cells[1].source == "print(2 + 2)"
    assert notebook.cells[1].outputs[0]["data"]["text/html"] == "<pre>4</pre>"


def test_a_notebooks_link_to_its_exercise_version_points_at_that_versions_page():
    # notebooks/NN.ipynb links ../exercises/NN.ipynb; its page is course/NN, the version's course/exercises/NN
    text = _notebook([{"cell_type": "markdown", "id": "a", "metadata": {},
                       "source": "## Exercises\n\n*Work these in [the exercise version](../exercises/99_x.ipynb).*"}])
    notebook = bookeval_site.read_notebook(text)
    assert notebook.cells[0].source == "## Exercises\n\n*Work these in [the exercise version](exercises/99_x.ipynb).*"
