"""The course's outline (notebooks/course.toml) is complete and true, and what tools/outline.py makes from it
(README's learning path, book/path.md, every notebook's header lines: fresh when `python -m tools regen
--check` passes, tests/test_tools.py) reads right."""
import json
import re

import pytest

from tools import outline
from tools.course import ROOT

COURSE = outline.load_course()
ENTRIES = COURSE["notebook"]
STEMS = [entry["stem"] for entry in ENTRIES]
EXISTING = [entry for entry in ENTRIES if outline.path_of(entry["stem"]).exists()]
# The course's final structure: the main path and the appendices (issue 32's plan, written out by hand).
MAIN = ["00_a_model_that_loses", "01_contingency_table", "01b_guessers", "02_recall_precision", "02b_f_family",
        "03_informedness_markedness", "03b_moving_the_bias", "04_chance_corrected", "05_betting",
        "05b_informed_or_guessing", "06_k_class_bookmaker", "06b_averaging_over_labels",
        "07_clusters_and_abstention", "07b_abstention", "08_monte_carlo", "08b_noise_or_bias",
        "09_uncertainty", "09b_markedness_correlation_tests", "10_comparing_classifiers", "11_roc_isocost",
        "11b_choosing_a_threshold", "12_dog_train_senses", "12b_selection_and_seeds", "13_your_classifier",
        "13b_choosing_a_model", "14_scores_and_costs", "14b_judging_probabilities",
        "15_groups_leakage_shift"]
APPENDICES = ["A1_lingpipe", "A2_betting_figure1", "A3_f_measure_parameters", "A4_monte_carlo_checks",
              "A5_matching_algorithm", "A6_table1_reconstruction", "A7_interval_coverage",
              "A8_precision_recall_points"]


def test_the_outline_lists_the_main_path_then_the_appendices():
    assert [e["stem"] for e in ENTRIES if e["part"] == "main"][:len(MAIN)] == MAIN
    assert set(APPENDICES) <= {e["stem"] for e in ENTRIES if e["part"] == "appendix"}
    parts = [e["part"] for e in ENTRIES]
    assert parts == sorted(parts, key=["main", "appendix"].index), "the appendices come after the main path"
    assert len(STEMS) == len(set(STEMS))
    on_disk = {p.stem for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert on_disk <= set(STEMS), f"notebooks missing from course.toml: {sorted(on_disk - set(STEMS))}"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e["stem"])
def test_every_entry_says_what_it_teaches_and_assumes_only_earlier_notebooks(entry):
    assert re.fullmatch(r"(\d\db?|A\d)_[a-z0-9_]+", entry["stem"])
    assert entry["part"] in ("main", "appendix")
    assert entry["title"] and entry["teaches"].endswith(".") and len(entry["teaches"].split()) <= 45
    assert entry["maths"] or entry["also"] or entry["assumes"], "say what it assumes"
    here = STEMS.index(entry["stem"])
    for item in entry["assumes"]:
        assert item["notebook"] in STEMS, item
        position = STEMS.index(item["notebook"])
        if entry["part"] == "main":
            assert position < here, f"{entry['stem']} assumes {item['notebook']}, which comes later"
    if entry["part"] == "appendix":
        assert entry["appendix_to"] in MAIN
    else:
        assert "appendix_to" not in entry


@pytest.mark.parametrize("entry", EXISTING, ids=lambda e: e["stem"])
def test_the_title_is_the_notebooks_first_heading(entry):
    notebook = outline.read_notebook(outline.path_of(entry["stem"]))
    first = outline.source(notebook["cells"][0]).splitlines()[0]
    assert first == f"# {outline.number(entry['stem'])} · {entry['title']}"


def test_readme_gives_one_row_per_path_and_links_the_full_listing():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split(outline.BEGIN, 1)[1].split(outline.END, 1)[0]
    rows = [line for line in block.splitlines() if line.startswith("| the ")]
    assert [row.split("|")[1].strip().split(":")[0] for row in rows] == [
        "the core", "the two-lecture unit", "the six-lecture course", "the practitioner track", "the deep dives",
        "the main path, in order", "the appendices"]
    index = [line for line in block.splitlines() if line.startswith(("The main path: ", "The appendices: "))]
    assert len(index) == 2, "one line of links per part"
    assert len(block.split(index[0], 1)[0].strip().splitlines()) <= 14     # the rows and the link above the index
    assert "](book/path.md)" in block
    for entry in EXISTING:          # every existing notebook is linked from README by its number
        assert f"[{outline.number(entry['stem'])}](notebooks/{entry['stem']}.ipynb)" in "\n".join(index), entry["stem"]
    listing = outline.PATH_PAGE.read_text(encoding="utf-8")
    for entry in EXISTING:          # every existing notebook is in the full listing, linked
        assert f"](../notebooks/{entry['stem']}.ipynb)" in listing, entry["stem"]


PATHS = outline.declared_paths(outline.outline(), COURSE)


def _path(key):
    return outline.path_named(PATHS, key)


def _takes(path, stem, heading_start=None):
    """Whether the path takes notebook ``stem`` (a section starting ``heading_start``, if given)."""
    return any(step["row"].stem == stem and (heading_start is None or step["whole"] or any(
        name.lower().startswith(heading_start.lower()) for name in step["sections"])) for step in path["steps"])


def test_every_path_names_real_sections():
    assert [path["key"] for path in PATHS] == ["core", "two-lectures", "six-lectures", "practitioner", "deep-dives"]
    missing = outline.warnings(PATHS)
    assert not missing, missing
    for path in PATHS:
        assert path["title"] and path["short"] and path["intro"] and path["steps"], path["key"]


def test_the_core_takes_six_to_eight_hours_and_touches_each_topic_of_the_course():
    core = _path("core")
    assert 6 * 60 <= core["study"] <= 8 * 60, f"the core takes {outline.duration(core['study'])}"
    assert core["steps"][0]["row"].entry["part"] == "main" and core["steps"][0]["whole"]
    for stem, heading in [("01_contingency_table", None), ("01b_guessers", None),       # the table and guessers
                          ("03_informedness_markedness", None), ("04_chance_corrected", "The cheat sheet"),
                          ("05_betting", "Fair odds"),                                    # betting, in a page
                          ("06_k_class_bookmaker", None), ("09_uncertainty", None), ("10_comparing_classifiers", None),
                          ("11_roc_isocost", "The expected cost and its isocost lines"),
                          ("11b_choosing_a_threshold", "Choosing the threshold honestly"),
                          ("14_scores_and_costs", "Precision–recall"), ("12_dog_train_senses", None),
                          ("13_your_classifier", None)]:
        assert _takes(core, stem, heading), (stem, heading)
    betting = [step for step in core["steps"] if step["row"].stem.startswith("05")]
    assert sum(step["study"] for step in betting) <= 15, "the core takes the betting intuition in a page"


def test_the_lecture_plans_are_declared_paths_with_precision_recall_curves_in_the_short_one():
    two, six = _path("two-lectures"), _path("six-lectures")
    assert [part["title"].split(":")[0] for part in two["parts"]] == ["Lecture 1 of 2", "Lecture 2 of 2"]
    assert [part["title"].split(":")[0] for part in six["parts"]] == [f"Lecture {i} of 6" for i in range(1, 7)]
    assert _takes(two, "14_scores_and_costs", "Precision–recall")
    plans = outline.LECTURE_PLANS.read_text(encoding="utf-8")
    for path in (two, six):
        for index, part in enumerate(path["parts"], 1):
            assert f"<!-- path:{path['key']}:{index} -->" in plans
            assert f"### {part['title']}" in plans, "the plan's heading is the path's lecture title"


def test_the_practitioner_track_takes_about_three_hours():
    track = _path("practitioner")
    assert 150 <= track["study"] <= 210, f"the practitioner track takes {outline.duration(track['study'])}, not about 3 h"
    assert track["skips"], "the track says what it skips"


def test_each_deep_dive_says_what_it_adds_and_when():
    dives = _path("deep-dives")["parts"]
    assert [part["title"] for part in dives] == ["The betting derivations", "Clusters and abstention",
                                                 "The 2008 Monte Carlo study", "The dog/train senses"]
    for part in dives:
        assert "Take it when" in part["about"], part["title"]
    stems = {step["row"].stem for part in dives for step in part["steps"]}
    assert {"05_betting", "05b_informed_or_guessing", "07_clusters_and_abstention", "07b_abstention",
            "08_monte_carlo", "08b_noise_or_bias", "12_dog_train_senses", "12b_selection_and_seeds"} <= stems


def test_times_follow_the_stated_constants():
    # 300 words (2 min at 150 wpm), 12 formulas (60 s), 15 code lines in one cell (60 s), 2 figures (60 s):
    # reading 2 + 1 + 1 + 1 = 5 min.  Study adds the folded solution (150 words: 1 min; one code cell of
    # 3 lines: 12 s), 2 code cells run (60 s) and one exercise (9 min): 5 + 1 + 0.2 + 1 + 9 = 16.2 min,
    # rounded up to 20.
    words = " ".join(["word"] * 290)
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# 01 · T\n\n" + words + " $a$ " * 12},
             {"cell_type": "markdown", "metadata": {}, "source": "## Exercises\n\n**1.** " + "w " * 6},
             {"cell_type": "code", "metadata": {}, "source": "x = 1\n" * 15,
              "outputs": [{"data": {"image/png": ""}}, {"data": {"image/svg+xml": ""}}]},
             {"cell_type": "markdown", "metadata": {"tags": ["solution"]}, "source": "Solution 1. " + "w " * 148},
             {"cell_type": "code", "metadata": {"tags": ["solution"]}, "source": "a\nb\nc\n", "outputs": []}]
    counts = outline.measure(cells)
    assert (counts.words, counts.formulas, counts.code_lines, counts.figures, counts.exercises) == (300, 12, 15, 2, 1)
    assert counts.reading_minutes() == pytest.approx(5)
    assert counts.study_minutes() == pytest.approx(16.2)
    assert outline.times({"cells": cells}) == (5, 20)
    assert [outline.duration(m) for m in (45, 60, 65)] == ["45 min", "1 h", "1 h 5 min"]


def test_for_the_curious_cells_open_folded_and_stay_folded_after_run_all():
    """As the solutions: markdown is a closed fold (JupyterLab shows a collapsed markdown cell again when it
    runs it), code keeps its source collapsed and folds its outputs with ``%%curious``."""
    from bookeval_lib.course import solutions

    for entry in EXISTING:
        cells = outline.read_notebook(outline.path_of(entry["stem"]))["cells"]
        if any(c["cell_type"] == "code" and outline.CURIOUS_TAG in outline.tags(c) for c in cells):
            first = next(c for c in cells if c["cell_type"] == "code")       # loads the %%curious magic
            assert f"%load_ext {solutions.EXTENSION}" in outline.source(first).splitlines(), entry["stem"]
        for index, cell in enumerate(cells):
            if outline.CURIOUS_TAG not in outline.tags(cell):
                continue
            jupyter = cell["metadata"].get("jupyter", {})
            where = f"{entry['stem']} cell {index}"
            if cell["cell_type"] == "markdown":
                title, _ = solutions.unfold(outline.source(cell))
                assert title in ("For the curious", "For the curious (continued)"), where
                assert "source_hidden" not in jupyter, where
            else:
                assert jupyter.get("source_hidden") is True and jupyter.get("outputs_hidden") is True, where
                assert outline.source(cell).startswith("%%curious\n"), where
                assert all(output.get("metadata", {}).get(solutions.OUTPUT_KEY) for output in cell["outputs"]), \
                    f"{where}: outputs not folded (execute the notebook again)"


def test_a_header_keeps_its_title_and_introduction():
    text = "# 05 · Title\n\nIntroduction.\n\n*Assumes:* old\ncontinued ·\n*Previous:* a · *Next:* b"
    assert outline.regenerate_header(text, ["*Assumes:* new"]) == "# 05 · Title\n\nIntroduction.\n\n*Assumes:* new"
    assert outline.regenerate_header("# 05 · Title\n\nIntro.", ["X"]) == "# 05 · Title\n\nIntro.\n\nX"


@pytest.mark.parametrize("entry", EXISTING, ids=lambda e: e["stem"])
def test_each_group_for_the_curious_opens_with_its_label(entry):
    cells = outline.read_notebook(outline.path_of(entry["stem"]))["cells"]
    curious = [outline.CURIOUS_TAG in outline.tags(cell) for cell in cells]
    starts = [index for index, flag in enumerate(curious) if flag and (index == 0 or not curious[index - 1])]
    for index in starts:
        assert cells[index]["cell_type"] == "markdown", f"cell {index} starts a group for the curious with code"
        # the label "**For the curious:**" it is written with becomes the title of its fold (make regen)
        assert outline.source(cells[index]).startswith("<details><summary>For the curious</summary>"), \
            f"cell {index}"


# "At most about 50 minutes of study" per main-path notebook: the times are rounded up to 5 minutes, so
# 55 min here is 50 to 55 min measured, within a tenth of the target (the method's own calibration error,
# see tools/outline.py, is a few per cent).  Reading stays under one 50-minute lecture.
MAX_STUDY_MINUTES, MAX_READING_MINUTES = 55, 45


@pytest.mark.parametrize("stem", MAIN)
def test_each_main_path_notebook_is_one_lecture(stem):
    reading, study = outline.times(outline.read_notebook(outline.path_of(stem)))
    assert study <= MAX_STUDY_MINUTES, f"{stem}: {outline.duration(study)} of study; split it or move material"
    assert reading <= MAX_READING_MINUTES, f"{stem}: {outline.duration(reading)} of reading"


# Every main-path notebook gives its learner 3 to 6 exercises (a computation, a judgement, an open task), and
# still fits one lecture (the test above): the caps win over the content, which was cut or moved to make room.
MIN_EXERCISES, MAX_EXERCISES = 3, 6


@pytest.mark.parametrize("stem", MAIN)
def test_each_main_path_notebook_has_three_to_six_exercises(stem):
    counts = outline.measure(outline.content_cells(outline.read_notebook(outline.path_of(stem))))
    assert MIN_EXERCISES <= counts.exercises <= MAX_EXERCISES, f"{stem}: {counts.exercises} exercises"
