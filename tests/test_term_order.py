"""Nothing on the main path is used before it is taught (notebooks/terms.toml lists where each term and
package function is introduced; notebooks/course.toml gives the path's order)."""
import re
import tomllib

import pytest

from tools import outline
from tools.course import ROOT

TERMS = tomllib.loads((ROOT / "notebooks" / "terms.toml").read_text(encoding="utf-8"))
COURSE = outline.load_course()
MAIN = [entry["stem"] for entry in COURSE["notebook"] if entry["part"] == "main"]
POSITION = {stem: index for index, stem in enumerate(MAIN)}
CURIOUS = "for-the-curious"
# An explicit reference to a notebook of the main path: "notebook 09", "notebooks 09 and 10", a link to 09_….
NAMED = re.compile(r"\bnotebooks?\s+((?:\d\db?(?:\s*(?:,|and|or|to|–|-)\s*)?)+)", re.IGNORECASE)
LINKED = re.compile(r"\((\d\db?)_\w+\.ipynb")


def _entries():
    found = [(t["term"], t["notebook"], re.compile(t["regex"])) for t in TERMS["terms"]]
    found += [(f"bookeval_lib.{f['function']}", f["notebook"], re.compile(rf"\b{f['function']}\b"))
              for f in TERMS["functions"]]
    return found


ENTRIES = _entries()
# the terms that the opening notebook defines in plain words before the notebooks that teach them
PREVIEWED = {TERMS["previewed"]["notebook"]: set(TERMS["previewed"]["terms"])}


def _references(text):
    """The main-path positions a sentence (or a line of code) refers to explicitly."""
    numbers = [n for group in NAMED.findall(text) for n in re.findall(r"\d\db?", group)] + LINKED.findall(text)
    return {POSITION[stem] for n in numbers for stem in MAIN if outline.number(stem) == n}


def _sentences(cell):
    text = outline.source(cell)
    if cell["cell_type"] == "code":
        return text.splitlines()
    return [s for paragraph in re.split(r"\n\s*\n", text) for s in re.split(r"(?<=[.!?])\s+", paragraph)]


def early_uses(stem, notebook):
    """(term, where it is taught, the sentence) for each use of a later notebook's term in this notebook."""
    here = POSITION[stem]
    found = []
    for cell in outline.content_cells(notebook):
        if CURIOUS in outline.tags(cell):
            continue
        for sentence in _sentences(cell):
            later = [(term, home) for term, home, regex in ENTRIES if POSITION[home] > here and regex.search(sentence)
                     and term not in PREVIEWED.get(stem, ())]
            if not later:
                continue
            references = _references(sentence)
            for term, home in later:
                if not any(ref >= POSITION[home] for ref in references):
                    found.append((term, home, " ".join(sentence.split())[:140]))
    return found


def test_the_term_list_names_main_path_notebooks_and_compiles():
    assert len(ENTRIES) >= 40
    for stem, terms in PREVIEWED.items():
        assert POSITION[stem] == 0 and terms <= {term for term, _, _ in ENTRIES}, (stem, terms)
    for term, home, regex in ENTRIES:
        assert home in POSITION, f"{term}: {home} is not a main-path notebook of course.toml"
        assert regex.pattern and not regex.search(""), term


def test_the_rules_find_a_use_and_accept_a_forward_reference():
    # A hand-made notebook placed at 03: kappa (taught in 04) used bare is an early use; in a sentence
    # that names notebook 04, in a link to 04, or in a cell for the curious, it is not.
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# 03 · A test\n\nintro"},
             {"cell_type": "markdown", "metadata": {}, "source": "Kappa moves with the bias. Kappa follows in "
              "notebook 04. See [the relatives](04_chance_corrected.ipynb): kappa."},
             {"cell_type": "markdown", "metadata": {"tags": [CURIOUS]}, "source": "Kappa again."},
             {"cell_type": "code", "metadata": {}, "source": "u.compare_predictions(a, b)  # notebook 09",
              "outputs": []}]
    found = early_uses("03_informedness_markedness", {"cells": cells})
    assert [(term, sentence) for term, _, sentence in found] == [
        ("kappa", "Kappa moves with the bias."),
        ("bookeval_lib.compare_predictions", "u.compare_predictions(a, b) # notebook 09")]


@pytest.mark.parametrize("stem", [s for s in MAIN if outline.path_of(s).exists()])
def test_nothing_is_used_before_it_is_taught(stem):
    found = early_uses(stem, outline.read_notebook(outline.path_of(stem)))
    assert not found, f"{stem} uses, before they are taught:\n" + "\n".join(
        f"  {term} (taught in {outline.number(home)}): {sentence}" for term, home, sentence in found)
