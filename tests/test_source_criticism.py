"""The main path teaches evaluation; the criticism of its sources lives in the appendices and the errata
(tools/measure.py: how it measures)."""
from tools import measure


def _markdown(text, tags=()):
    return {"cell_type": "markdown", "metadata": {"tags": list(tags)}, "source": text}


def test_the_measure_counts_tagged_words_and_finds_untagged_criticism():
    notebook = {"cells": [
        _markdown("# 01 · Title\n\nOne two three four."),                     # 6 words ("01", "Title", ...)
        _markdown("The paper prints a typo here; see [the errata](ERRATA.md).", [measure.TAG]),  # 9 words
        _markdown("Recall is tp over rp.\n\nA text copy that circulates online lost a sign."),  # 5 + 9 words
        _markdown("Code `errata` and links [here](ERRATA.md) are not words of criticism."),
    ]}
    result = measure.measure_notebook("01_x", notebook)
    # words: 6 + 9 + 14 + 10 (the code span counts as one word: "Code x and links here are not words of
    # criticism") = 39, of which the tagged cell's 9 are about the sources
    assert (result.words, result.about_sources) == (39, 9)
    assert [(index, word) for index, word, _ in result.untagged] == [(2, "text copy")]


def test_main_path_is_under_five_percent_about_the_sources():
    measures = measure.main_path()
    assert measures
    assert measure.total_share(measures) < measure.TARGET, measure.report(measures)


def test_no_untagged_paragraph_on_the_main_path_criticises_the_sources():
    measures = measure.main_path()
    assert not any(m.untagged for m in measures), measure.report(measures)
