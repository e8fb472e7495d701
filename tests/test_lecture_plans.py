"""book/lecture_plans.md names only what exists: notebooks, their sections, their exercises and the explorers.

Each slot (a ``###`` heading) lists its notebooks as {doc} links, its sections as “quoted” heading titles after
the notebook's number, a live demo naming an explorer by its registered name, questions, and the tutorial's
exercises as "NN.k" (exercise **k.** of notebook NN, where NN may carry a "b": "01b.2").  The six-lecture plan
covers the whole main path.
"""
import json
import re
import tomllib
from pathlib import Path

import pytest

from bookeval_lib.course.explorer import EXPLORERS
import bookeval_lib.course.explorers  # noqa: F401  (registers the explorers)

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "book" / "lecture_plans.md"
NOTEBOOKS = ROOT / "notebooks"
FIELDS = ("Notebooks", "Sections", "Outcomes", "Live demo", "Questions for the room", "Tutorial")


def _slots(text):
    """``{heading: {field: text}}`` for every ``###`` slot of the page, each field's lines joined."""
    slots = {}
    for block in re.split(r"^### ", text, flags=re.MULTILINE)[1:]:
        heading, _, body = block.partition("\n")
        body = body.split("\n## ")[0]
        fields = {}
        for item in re.split(r"^- \*\*", body, flags=re.MULTILINE)[1:]:
            name, _, rest = item.partition(":**")
            fields[name] = " ".join(line.strip() for line in rest.splitlines())
        slots[heading.strip()] = fields
    return slots


def _notebook(number):
    """The notebook whose file name starts with ``number`` and "_" (e.g. "03" or "03b"), or None."""
    found = sorted(NOTEBOOKS.glob(f"{number}_*.ipynb"))
    return json.loads(found[0].read_text(encoding="utf-8")) if len(found) == 1 else None


def _markdown_lines(notebook):
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown" and "solution" not in cell.get("metadata", {}).get("tags", []):
            yield from "".join(cell["source"]).splitlines()


def _headings(notebook):
    return [m.group(1).strip() for line in _markdown_lines(notebook) if (m := re.match(r"#+\s+(.*)", line))]


def _exercises(notebook):
    """The numbers k of the items **k.** under an Exercises heading (as tools/outline.py counts them)."""
    numbers, inside = set(), False
    for line in _markdown_lines(notebook):
        heading = re.match(r"#+\s+(.*)", line)
        if heading:
            inside = "exercise" in heading.group(1).lower()
        item = re.match(r"\s*\*\*(\d+)\.", line)
        if inside and item:
            numbers.add(int(item.group(1)))
    return numbers


def _section_faults(sections):
    """Each “title” after a notebook number that is not the start of one of that notebook's headings."""
    faults = []
    for part in sections.split(";"):
        number = re.match(r"\s*(\d\db?|A\d)\s", part)
        titles = re.findall(r"“([^”]+)”", part)
        notebook = _notebook(number.group(1)) if number else None
        if notebook is not None and part.strip() == f"{number.group(1)} (all of it)":
            continue                                    # a whole notebook, as the generated lines say
        if notebook is None or not titles:
            faults.append(f"no notebook or no title in {part!r}")
            continue
        headings = [h.casefold() for h in _headings(notebook)]
        faults += [f"{number.group(1)} has no section {t!r}" for t in titles
                   if not any(h.startswith(t.casefold()) for h in headings)]
    return faults


def _exercise_faults(tutorial):
    """Each "NN.k" of a tutorial that is not exercise k of notebook NN; a tutorial naming none is a fault."""
    ids = re.findall(r"\b(\d\db?|A\d)\.(\d+)\b", tutorial)
    faults = [] if ids else [f"no exercise named in {tutorial!r}"]
    for number, k in ids:
        notebook = _notebook(number)
        if notebook is None or int(k) not in _exercises(notebook):
            faults.append(f"{number}.{k}")
    return faults


SLOTS = _slots(PAGE.read_text(encoding="utf-8"))


def test_the_page_has_a_six_and_a_two_lecture_plan():
    assert sum("of 6" in h for h in SLOTS) == 6 and sum("of 2" in h for h in SLOTS) == 2


@pytest.mark.parametrize("slot", SLOTS)
def test_every_slot_says_everything(slot):
    assert set(FIELDS) <= set(SLOTS[slot]), f"{slot}: missing {set(FIELDS) - set(SLOTS[slot])}"
    assert len(re.findall(r"(?:^|\s)\d\.\s", SLOTS[slot]["Questions for the room"])) in (2, 3, 4)


@pytest.mark.parametrize("slot", SLOTS)
def test_every_notebook_section_and_exercise_named_exists(slot):
    fields = SLOTS[slot]
    linked = re.findall(r"<course/([^>]+)>", fields["Notebooks"])
    assert linked and all((NOTEBOOKS / f"{stem}.ipynb").exists() for stem in linked), linked
    assert _section_faults(fields["Sections"]) == []
    assert _exercise_faults(fields["Tutorial"]) == []
    named = {stem.split("_")[0] for stem in linked}
    assert {n for n, _ in re.findall(r"\b(\d\db?)\.(\d+)\b", fields["Tutorial"])} <= named


@pytest.mark.parametrize("slot", SLOTS)
def test_every_demo_names_a_registered_explorer_on_the_page_it_says(slot):
    demo = SLOTS[slot]["Live demo"]
    names = re.findall(r"`(\w+)`", demo)
    assert names or demo.startswith("no explorer fits"), demo
    assert all(name in EXPLORERS for name in names), names
    for name, number in re.findall(r"`(\w+)`, on the page of notebook (\d\db?)", demo):
        code = "".join("".join(c["source"]) for c in _notebook(number)["cells"] if c["cell_type"] == "code")
        assert f"{name}_explorer(" in code, (name, number)


def test_the_six_lectures_cover_the_main_path():
    course = tomllib.loads((NOTEBOOKS / "course.toml").read_text(encoding="utf-8"))
    main = {entry["stem"] for entry in course["notebook"] if entry["part"] == "main"
            and (NOTEBOOKS / f"{entry['stem']}.ipynb").exists()}
    text = PAGE.read_text(encoding="utf-8").split("## Two lectures")[0]
    assert main <= set(re.findall(r"<course/([^>]+)>", text)), main - set(re.findall(r"<course/([^>]+)>", text))


def test_the_checks_find_a_wrong_name():
    # The same checks, given names that do not exist: a section, an exercise number, a notebook.
    assert _section_faults("03 “Informedness and markedness”, “A section nobody wrote”") == [
        "03 has no section 'A section nobody wrote'"]
    assert _exercise_faults("exercises 03.1, 03.99 and 99.1") == ["03.99", "99.1"]
    assert _exercise_faults("no exercise at all") == ["no exercise named in 'no exercise at all'"]
    # A "b" notebook is told apart from its first half: 01b has exercises 1 to 3 only, 01 has no such section.
    assert _exercise_faults("exercises 01b.3 and 01b.4") == ["01b.4"]
    assert _section_faults('01 “The tagger that always says "noun"”; 01b “The tagger that always says "noun"”') == [
        "01 has no section 'The tagger that always says \"noun\"'"]
