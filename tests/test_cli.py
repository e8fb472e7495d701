"""The command line on files written by other tools: every printed number is the package's, the AUC is scikit-learn's.

Each test runs ``python -m bookeval_lib report ...`` in a subprocess on a CSV or TSV
that pandas wrote (one with scikit-learn's predictions on the breast cancer data),
and compares the output with the package's functions called directly and with
scikit-learn (recall, precision, ROC AUC).
"""
import csv
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as skm

from bookeval_lib import cli, metrics, ranking

ROOT = Path(__file__).resolve().parent.parent


def _run(*arguments):
    """(exit status, stdout, stderr) of ``python -m bookeval_lib`` run from the repository's root."""
    result = subprocess.run([sys.executable, "-m", "bookeval_lib", *map(str, arguments)],
                            capture_output=True, text=True, cwd=ROOT)
    return result.returncode, result.stdout, result.stderr


def _ok(*arguments):
    status, out, err = _run(*arguments)
    assert status == 0, err
    assert err == ""
    return out


# ---------------------------------------------------------------------- files written by other tools
@pytest.fixture(scope="module")
def animals(tmp_path_factory):
    """Three string classes, predictions right 60 % of the time, written by pandas without its index."""
    rng = np.random.default_rng(7)
    n = 240
    names = np.array(["bird", "cat", "dog"])
    y_true = names[rng.choice(3, n, p=[0.2, 0.3, 0.5])]
    y_pred = np.where(rng.random(n) < 0.6, y_true, names[rng.integers(0, 3, n)])
    path = tmp_path_factory.mktemp("cli") / "animals.csv"
    pd.DataFrame({"id": np.arange(n), "truth": y_true, "guess": y_pred}).to_csv(path, index=False)
    return path, y_true.tolist(), y_pred.tolist()


@pytest.fixture(scope="module")
def breast_cancer(tmp_path_factory):
    """scikit-learn's LogisticRegression on load_breast_cancer: test-set predictions saved by pandas as TSV."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    x, y = load_breast_cancer(return_X_y=True)
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.4, random_state=0, stratify=y)
    model = make_pipeline(StandardScaler(), LogisticRegression(C=0.05)).fit(x_train, y_train)
    frame = pd.DataFrame({"y": y_test, "predicted": model.predict(x_test),
                          "p_benign": model.predict_proba(x_test)[:, 1]})
    path = tmp_path_factory.mktemp("cli") / "breast_cancer.tsv"
    frame.to_csv(path, sep="\t")          # pandas' index becomes a first column with an empty name
    return path, frame


# ---------------------------------------------------------------------- the text report
ROW = re.compile(r"^\s*(?P<name>\S+(?: avg)?)\s+(?P<numbers>-?\d.*)$")


def _text_rows(out):
    """{row name: [numbers printed on its line]} of the report's table."""
    rows = {}
    for line in out.splitlines():
        match = ROW.match(line)
        if match and not line.lstrip().startswith(("recall", "ROC")):
            rows[match["name"]] = [float(x) for x in re.findall(r"-?\d+\.\d+|\b\d+\b", match["numbers"])]
    return rows


def _expected_line(row):
    """The numbers of a text row in print order, each rounded to 3 decimals as printed."""
    numbers = [row["recall"], row["precision"], row["informedness"]]
    if np.all(np.isfinite(row["informedness_interval"])):
        numbers += list(row["informedness_interval"])
    numbers.append(row["markedness"])
    if np.all(np.isfinite(row["markedness_interval"])):
        numbers += list(row["markedness_interval"])
    return [round(float(x), 3) for x in numbers] + [float(row["support"]), round(float(row["bias"]), 3)]


def test_text_report_of_a_pandas_csv_prints_the_packages_numbers(animals):
    path, y_true, y_pred = animals
    out = _ok("report", path, "--y-true", "truth", "--y-pred", "guess", "--confidence", "0.9")
    expected = metrics.bookmaker_report(y_true, y_pred, confidence=0.9, output_dict=True)
    printed = _text_rows(out)
    assert set(printed) == {"bird", "cat", "dog", "macro avg", "weighted avg"}
    for name, row in expected.items():
        assert printed[name] == _expected_line(row), name
    # recall and precision per label against scikit-learn
    precision, recall, _, support = skm.precision_recall_fscore_support(y_true, y_pred,
                                                                        labels=["bird", "cat", "dog"])
    for i, name in enumerate(["bird", "cat", "dog"]):
        assert printed[name][:2] == [round(recall[i], 3), round(precision[i], 3)]
        assert printed[name][-2] == support[i]
    assert "90% CI" in out
    assert f"{len(y_true)} cases" in out and "'truth'" in out and "'guess'" in out


def test_labels_fixes_the_order_of_the_rows(animals):
    path, y_true, y_pred = animals
    out = _ok("report", path, "--y-true", "truth", "--y-pred", "guess", "--labels", "dog,bird,cat")
    names = [name for name in _text_rows(out) if not name.endswith("avg")]
    assert names == ["dog", "bird", "cat"]
    expected = metrics.bookmaker_report(y_true, y_pred, labels=["dog", "bird", "cat"], confidence=0.95,
                                        output_dict=True)
    assert _text_rows(out)["dog"] == _expected_line(expected["dog"])


def test_text_report_with_scikit_learn_scores_gives_sklearns_auc(breast_cancer):
    path, frame = breast_cancer
    out = _ok("report", path, "--y-true", "y", "--y-pred", "predicted", "--y-score", "p_benign")
    expected = metrics.bookmaker_report(frame["y"].to_numpy(), frame["predicted"].to_numpy(),
                                        confidence=0.95, output_dict=True)
    printed = _text_rows(out)
    for name in (0, 1, "macro avg", "weighted avg"):
        assert printed[str(name)] == _expected_line(expected[name]), name
    line = next(line for line in out.splitlines() if line.startswith("ROC AUC"))
    auc, low, high = (float(x) for x in re.search(r": (\d\.\d+) \[(\d\.\d+), (\d\.\d+)\]", line).groups())
    assert auc == round(skm.roc_auc_score(frame["y"], frame["p_benign"]), 3)
    interval = ranking.roc_auc_interval(frame["y"], frame["p_benign"], pos_label=1)
    assert (low, high) == (round(interval.low, 3), round(interval.high, 3))
    assert "positive class 1" in line and "DeLong" in line and "95 %" in line
    assert f"({(frame['y'] == 1).sum()} positives, {(frame['y'] == 0).sum()} negatives)" in line


# ---------------------------------------------------------------------- JSON and CSV for other tools
def test_json_holds_the_report_and_the_auc_at_full_precision(breast_cancer):
    path, frame = breast_cancer
    out = _ok("report", path, "--y-true", "y", "--y-pred", "predicted", "--y-score", "p_benign",
              "--format", "json", "--confidence", "0.99")
    document = json.loads(out)
    expected = metrics.bookmaker_report(frame["y"].to_numpy(), frame["predicted"].to_numpy(),
                                        confidence=0.99, output_dict=True)
    assert set(document["report"]) == {"0", "1", "macro avg", "weighted avg"}
    for name, row in expected.items():
        written = document["report"][str(name)]
        for key, value in row.items():
            if isinstance(value, str):                  # the interval's method, named per row
                assert written[key] == value, (name, key)
            elif np.ndim(value) == 0:
                assert written[key] == pytest.approx(float(value), rel=1e-15, abs=1e-15), (name, key)
            elif np.all(np.isfinite(value)):
                assert written[key] == pytest.approx([float(v) for v in value], rel=1e-15), (name, key)
            else:
                assert written[key] == [None, None]          # nan is written as null
    recall = skm.recall_score(frame["y"], frame["predicted"], average=None)
    assert [document["report"][k]["recall"] for k in ("0", "1")] == pytest.approx(recall, rel=1e-12)
    auc = document["roc_auc"]
    assert auc["roc_auc"] == pytest.approx(skm.roc_auc_score(frame["y"], frame["p_benign"]), rel=1e-12)
    interval = ranking.roc_auc_interval(frame["y"], frame["p_benign"], pos_label=1, confidence=0.99)
    assert (auc["low"], auc["high"]) == (float(interval.low), float(interval.high))
    assert auc["pos_label"] == 1 and auc["score_column"] == "p_benign" and auc["confidence"] == 0.99
    assert document["cases"] == len(frame) and document["confidence"] == 0.99


def test_csv_has_one_row_per_label_and_the_auc_on_the_positive_row(breast_cancer):
    path, frame = breast_cancer
    out = _ok("report", path, "--y-true", "y", "--y-pred", "predicted", "--y-score", "p_benign",
              "--format", "csv")
    rows = list(csv.DictReader(out.splitlines()))
    assert [row["label"] for row in rows] == ["0", "1", "macro avg", "weighted avg"]
    expected = metrics.bookmaker_report(frame["y"].to_numpy(), frame["predicted"].to_numpy(),
                                        confidence=0.95, output_dict=True)
    for row, (name, values) in zip(rows, expected.items()):
        assert float(row["informedness"]) == values["informedness"]
        assert float(row["markedness"]) == values["markedness"]
        assert float(row["support"]) == values["support"]
        low, high = values["informedness_interval"]
        if np.isfinite(low):
            assert (float(row["informedness_interval_low"]), float(row["informedness_interval_high"])) == (
                low, high)
        else:
            assert row["informedness_interval_low"] == row["informedness_interval_high"] == ""
    assert float(rows[1]["roc_auc"]) == pytest.approx(skm.roc_auc_score(frame["y"], frame["p_benign"]),
                                                      rel=1e-12)
    assert rows[0]["roc_auc"] == rows[2]["roc_auc"] == ""


def test_a_string_positive_class_and_a_sniffed_delimiter(tmp_path, breast_cancer):
    _, frame = breast_cancer
    named = frame.assign(y=np.where(frame["y"] == 1, "benign", "malignant"),
                         predicted=np.where(frame["predicted"] == 1, "benign", "malignant"))
    path = tmp_path / "named.txt"                        # no telling extension: the ';' is sniffed
    named.to_csv(path, sep=";", index=False)
    document = json.loads(_ok("report", path, "--y-true", "y", "--y-pred", "predicted", "--y-score",
                              "p_benign", "--pos-label", "malignant", "--format", "json"))
    # p_benign ranks the benign cases high, so as a score of "malignant" its AUC is 1 - AUC(benign)
    assert document["roc_auc"]["roc_auc"] == pytest.approx(
        1 - skm.roc_auc_score(frame["y"], frame["p_benign"]), rel=1e-12)
    assert document["roc_auc"]["pos_label"] == "malignant"
    assert set(document["report"]) == {"benign", "malignant", "macro avg", "weighted avg"}


def test_whole_numbers_written_as_floats_are_integer_labels(tmp_path):
    # pandas writes an integer column stored as floats as 1.0, 0.0: the same classes as 1 and 0
    path = tmp_path / "floats.csv"
    pd.DataFrame({"t": [1, 0, 1, 1, 0, 0], "p": [1.0, 0.0, 0.0, 1.0, 0.0, 1.0]}).to_csv(path, index=False)
    document = json.loads(_ok("report", path, "--y-true", "t", "--y-pred", "p", "--format", "json"))
    assert set(document["report"]) == {"0", "1", "macro avg", "weighted avg"}
    # by hand, label 1: tp = 2 of RP = 3, fp = 1 of RN = 3: B(1) = 2/3 - 1/3
    assert document["report"]["1"]["informedness"] == pytest.approx(1 / 3)


def test_the_console_script_is_declared():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, function = scripts["bookeval"].split(":")
    assert (module, function) == ("bookeval_lib.cli", "main")
    status = subprocess.run([sys.executable, "-c", f"import {module}; raise SystemExit({module}.{function}"
                             "(['report', '--help']))"], capture_output=True, text=True, cwd=ROOT)
    assert status.returncode == 0 and "--y-score" in status.stdout


# ---------------------------------------------------------------------- bad input: one line, exit status 2
@pytest.fixture
def small(tmp_path):
    def write(text, name="small.csv"):
        path = tmp_path / name
        path.write_text(text)
        return path
    return write


@pytest.mark.parametrize("text, arguments, message", [
    ("t,p\n1,1\n0,0\n", ["--y-true", "t", "--y-pred", "q"],
     r"small\.csv, line 1: no column 'q' \(for --y-pred\); the columns are 't', 'p'"),
    ("t,p\n1,1\n0,\n1,0\n", ["--y-true", "t", "--y-pred", "p"],
     r"small\.csv, column 'p': 1 missing label \(an empty cell\) on line 3; a missing label is not a class"),
    ("t,p,s\n1,1,0.9\n0,0,\n1,0,0.7\n", ["--y-true", "t", "--y-pred", "p", "--y-score", "s"],
     r"small\.csv, line 3, column 's': empty cell"),
    ("t,p,s\n1,1,0.9\n0,0,0.2\n1,0,high\n0,1,0.4\n", ["--y-true", "t", "--y-pred", "p", "--y-score", "s"],
     r"small\.csv, line 4, column 's': 'high' is not a finite number"),
    ("t,p,s\n1,1,0.9\n0,0,0.2\n1,0,nan\n0,1,0.4\n", ["--y-true", "t", "--y-pred", "p", "--y-score", "s"],
     r"small\.csv, line 4, column 's': 'nan' is not a finite number"),
    ("t,p,s\n1,1,0.9\n0,0,0.2\n1,0,0.7\n", ["--y-true", "t", "--y-pred", "s"],
     r"small\.csv, line 2, column 's': '0\.9' is not a class label .*--y-score"),
    ("t,p\n1,1\n0,0,5\n", ["--y-true", "t", "--y-pred", "p"], r"small\.csv, line 3: 3 fields, but the header has 2"),
    ("t,p\n", ["--y-true", "t", "--y-pred", "p"], r"small\.csv: no cases below the header line"),
    ("", ["--y-true", "t", "--y-pred", "p"], r"small\.csv: the file is empty"),
    ("t,p,s\na,a,1\nb,b,2\nc,a,3\n", ["--y-true", "t", "--y-pred", "p", "--y-score", "s"],
     r"column 't': --y-score needs two classes, found 3 \(a, b, c\)"),
    ("t,p,s\nx,x,1\ny,y,2\nx,y,3\n", ["--y-true", "t", "--y-pred", "p", "--y-score", "s"],
     r"--y-score: say which class is positive with --pos-label \(the classes of column 't' are x and y\)"),
    ("t,p,s\nx,x,1\ny,y,2\nx,y,3\n", ["--y-true", "t", "--y-pred", "p", "--y-score", "s", "--pos-label", "z"],
     r"--pos-label: 'z' does not occur in column 't'"),
    ("t,p\nx,x\ny,y\n", ["--y-true", "t", "--y-pred", "p", "--pos-label", "x"],
     r"--pos-label names the positive class of --y-score"),
    ("t,p\n1,1\n0,0\n", ["--y-true", "t", "--y-pred", "p", "--labels", "0,yes"],
     r"--labels must hold integers, as the labels of the file are, got 'yes'"),
    ("t,p\n1,1\n0,2\n", ["--y-true", "t", "--y-pred", "p", "--labels", "0,1"],
     r"small\.csv: labels does not list \[2\]"),
    ("t,p\n1,1\n0,0\n", ["--y-true", "t", "--y-pred", "p", "--confidence", "95"],
     r"--confidence must lie strictly between 0 and 1, got 95"),
    ("t,p,s\n1,1,0.9\n0,0,0.2\n1,0,0.7\n", ["--y-true", "t", "--y-pred", "p", "--y-score", "s"],
     r"column 's': DeLong's variance needs at least two positives and two negatives, got 2 and 1"),
])
def test_bad_input_gives_one_line_naming_file_line_and_column(small, capsys, text, arguments, message):
    # in this process, through main() (what the console script calls), to keep the suite quick;
    # the subprocess tests below check the same for `python -m bookeval_lib`
    path = small(text)
    status = cli.main(["report", str(path), *arguments])
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("bookeval: error: ") and "Traceback" not in err
    assert re.search(message, err), err


def test_bad_input_in_a_subprocess_exits_with_2_and_one_line(small):
    path = small("t,p\n1,1\n0,\n")
    status, out, err = _run("report", path, "--y-true", "t", "--y-pred", "p")
    assert (status, out) == (2, "")
    assert err == (f"bookeval: error: {path}, column 'p': 1 missing label (an empty cell) on line 3; a missing "
                   "label is not a class: drop those rows, or give their class a name\n")


def test_a_missing_file_and_a_missing_option(tmp_path):
    status, _, err = _run("report", tmp_path / "absent.csv", "--y-true", "t", "--y-pred", "p")
    assert status == 2 and "absent.csv: No such file or directory" in err and "Traceback" not in err
    status, _, err = _run("report", tmp_path / "absent.csv", "--y-true", "t")
    assert status == 2 and "the following arguments are required: --y-pred" in err


def test_an_explicit_delimiter_and_a_tab(small):
    path = small("t|p\n1|1\n0|0\n1|0\n0|0\n", name="pipes.dat")
    document = json.loads(_ok("report", path, "--y-true", "t", "--y-pred", "p", "--delimiter", "|",
                              "--format", "json"))
    # label 1: tp = 1 of RP = 2, fp = 0 of RN = 2: B(1) = 1/2
    assert document["report"]["1"]["informedness"] == 0.5
    path = small("t\tp\n1\t1\n0\t0\n1\t0\n0\t0\n", name="tabs.dat")
    tabbed = json.loads(_ok("report", path, "--y-true", "t", "--y-pred", "p", "--delimiter", "tab",
                            "--format", "json"))
    assert tabbed["report"] == document["report"]


def test_large_integer_labels_are_read_exactly(tmp_path):
    # 2**60 + 1 is not a float: read through float it would become 2**60 and merge with that label
    path = tmp_path / "ids.csv"
    big = 2 ** 60
    path.write_text(f"t,p\n{big},{big}\n{big + 1},{big + 1}\n{big},{big + 1}\n{big + 1},{big + 1}\n")
    document = json.loads(_ok("report", path, "--y-true", "t", "--y-pred", "p", "--format", "json"))
    assert set(document["report"]) == {str(big), str(big + 1), "macro avg", "weighted avg"}
    # label big + 1: tp = 2 of RP = 2, fp = 1 of RN = 2: B = 1 - 1/2
    assert document["report"][str(big + 1)]["informedness"] == 0.5


# ---------------------------------------------------------------------- missing labels, a mislabelled delimiter, --version
def test_missing_labels_are_refused_with_every_line_named(small, capsys):
    # what pandas writes for a missing value (an empty cell, or "NA"/"nan" as na_rep): as the Python API
    # refuses None and NaN, a missing label is not a class (it used to become one, and the weighted B nan)
    path = small("truth,guess\ncat,cat\nNA,dog\ndog,dog\n,cat\nnan,cat\ndog,NaN\n")
    assert cli.main(["report", str(path), "--y-true", "truth", "--y-pred", "guess"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"bookeval: error: {path}, column 'truth': 3 missing labels ('NA', 'nan', an empty cell) on "
                   "lines 3, 5, 6; a missing label is not a class: drop those rows, or give their class a name\n")
    # the Python API refuses the same labels, naming the argument
    with pytest.raises(ValueError, match="y_true must not contain missing labels"):
        metrics.bookmaker_report(["cat", None, "dog"], ["cat", "dog", "dog"])
    # a numeric column: "nan" was refused as "not a class label"; now as a missing label
    path = small("t,p\n1,1\n0,nan\n1,0\n", name="numbers.csv")
    assert cli.main(["compare", str(path), "--true", "t", "--a", "p", "--b", "t"]) == 2
    assert "column 'p': 1 missing label ('nan') on line 3;" in capsys.readouterr().err


def test_many_missing_labels_are_counted_and_the_first_ten_lines_named(small, capsys):
    path = small("t,p\n" + "NA,1\n" * 12 + "1,1\n0,0\n")
    assert cli.main(["report", str(path), "--y-true", "t", "--y-pred", "p"]) == 2
    assert "12 missing labels ('NA') on lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 2 more;" in capsys.readouterr().err


def test_a_tab_separated_file_named_csv_gets_the_delimiter_to_give(small, capsys):
    path = small("t\tp\n1\t1\n0\t0\n1\t0\n0\t0\n", name="tabs.csv")
    assert cli.main(["report", str(path), "--y-true", "t", "--y-pred", "p"]) == 2
    assert capsys.readouterr().err == (f"bookeval: error: {path}: its lines hold tabs and no commas, but a .csv "
                                       "file is comma-separated; give --delimiter tab\n")
    document = json.loads(_ok("report", path, "--y-true", "t", "--y-pred", "p", "--delimiter", "tab",
                              "--format", "json"))
    assert document["report"]["1"]["informedness"] == 0.5           # tp 1 of 2, fp 0 of 2, as above
    path = small("t,p\n1,1\n0,0\n", name="commas.tsv")
    assert cli.main(["report", str(path), "--y-true", "t", "--y-pred", "p"]) == 2
    assert "its lines hold commas and no tabs, but a .tsv file is tab-separated; give --delimiter ','" in \
        capsys.readouterr().err


def test_version():
    from bookeval_lib import __version__
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert _ok("--version") == f"bookeval {project['version']}\n" and __version__ == project["version"]


def test_the_json_report_records_the_version_the_methods_and_the_confidence(breast_cancer):
    path, frame = breast_cancer
    document = json.loads(_ok("report", path, "--y-true", "y", "--y-pred", "predicted", "--y-score", "p_benign",
                              "--format", "json", "--confidence", "0.9"))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert document["bookeval_version"] == project["version"] and document["confidence"] == 0.9
    report = metrics.bookmaker_report(frame["y"].to_numpy(), frame["predicted"].to_numpy(), confidence=0.9)
    interval = ranking.roc_auc_interval(frame["y"], frame["p_benign"], pos_label=1, confidence=0.9)
    assert document["interval_methods"] == {**report.interval_methods, "roc_auc": interval.method}
    assert set(document["interval_methods"]) == {"informedness", "markedness", "weighted_informedness",
                                                 "weighted_markedness", "roc_auc"}
    # two classes: the weighted row's B and M take the label rows' interval, and say so
    assert document["interval_methods"]["weighted_informedness"] == document["interval_methods"]["informedness"]
    assert document["report"]["weighted avg"]["informedness_interval_method"] == report.interval_methods["informedness"]
    assert document["report"]["weighted avg"]["informedness_interval"] == document["report"]["1"]["informedness_interval"]


# ---------------------------------------------------------------------- compare: two classifiers, or two scores
@pytest.fixture(scope="module")
def two_models(tmp_path_factory):
    """Two classifiers of the same 160 cases (A right 80 %, B 65 %) and two scores, written by pandas."""
    rng = np.random.default_rng(21)
    n = 160
    y = rng.integers(0, 2, n)
    frame = pd.DataFrame({"y": y, "lr": np.where(rng.random(n) < 0.8, y, 1 - y),
                          "tree": np.where(rng.random(n) < 0.65, y, 1 - y),
                          "s_lr": np.round(y + rng.normal(0, 0.8, n), 3), "s_tree": np.round(y + rng.normal(0, 1.5, n), 3)})
    path = tmp_path_factory.mktemp("cli") / "two_models.csv"
    frame.to_csv(path, index=False)
    return path, frame


def test_compare_two_prediction_columns_gives_compare_predictions(two_models):
    path, frame = two_models
    document = json.loads(_ok("compare", path, "--true", "y", "--a", "lr", "--b", "tree", "--measures",
                              "informedness,recall", "--resamples", "999", "--seed", "3", "--format", "json"))
    from bookeval_lib.uncertainty import compare_predictions
    expected = compare_predictions(frame["y"].to_numpy(), frame["lr"].to_numpy(), frame["tree"].to_numpy(),
                                   measures=["informedness", "recall"], n_resamples=999, seed=3)
    assert list(document["comparison"]) == ["informedness", "recall"]
    for measure, comparison in expected.items():
        written = document["comparison"][measure]
        for key, value in comparison.to_dict().items():
            assert written[key] == (pytest.approx(value, rel=1e-15) if isinstance(value, float) else value), key
    # recall of A and B: scikit-learn's, for the positive class 1
    assert document["comparison"]["recall"]["estimate_a"] == pytest.approx(skm.recall_score(frame["y"], frame["lr"]))
    assert document["comparison"]["recall"]["estimate_b"] == pytest.approx(skm.recall_score(frame["y"], frame["tree"]))
    # informedness of A: tpr - fpr by hand
    y, a = frame["y"].to_numpy(), frame["lr"].to_numpy()
    assert document["comparison"]["informedness"]["estimate_a"] == pytest.approx(
        np.mean(a[y == 1] == 1) - np.mean(a[y == 0] == 1), abs=1e-12)
    assert document["bookeval_version"] == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert document["confidence"] == 0.95 and document["cases"] == len(frame)
    assert document["interval_methods"]["informedness"] == {
        "a": expected["informedness"].interval_a.method, "b": expected["informedness"].interval_b.method,
        "difference": expected["informedness"].difference.method, "test": expected["informedness"].test.method}
    assert document["columns"] == {"a": "lr", "b": "tree"} and document["compared"] == "predictions"


def test_compare_two_score_columns_gives_delongs_test(two_models):
    path, frame = two_models
    document = json.loads(_ok("compare", path, "--true", "y", "--score-a", "s_lr", "--score-b", "s_tree",
                              "--format", "json", "--confidence", "0.9"))
    result = ranking.compare_roc_auc(frame["y"], frame["s_lr"], frame["s_tree"], pos_label=1, confidence=0.9)
    written = document["comparison"]["roc_auc"]
    assert written["estimate_a"] == pytest.approx(skm.roc_auc_score(frame["y"], frame["s_lr"]), rel=1e-12)
    assert written["estimate_b"] == pytest.approx(skm.roc_auc_score(frame["y"], frame["s_tree"]), rel=1e-12)
    assert (written["difference_low"], written["difference_high"]) == tuple(result.difference)
    assert written["pvalue"] == result.test.pvalue and written["correlation"] == result.correlation
    assert document["interval_methods"]["roc_auc"]["difference"] == result.difference.method
    assert (document["pos_label"], document["positives"], document["negatives"]) == (
        1, int((frame["y"] == 1).sum()), int((frame["y"] == 0).sum()))
    # the text names both columns, the measure's symbol and the paired test
    out = _ok("compare", path, "--true", "y", "--score-a", "s_lr", "--score-b", "s_tree")
    assert "A ('s_lr'):" in out and "B ('s_tree'):" in out and f"ΔAUC = {result.difference.estimate:.3f}" in out
    assert f"AUC = {result.estimate_a:.3f}" in out


def test_compare_as_text_and_csv(two_models):
    path, frame = two_models
    out = _ok("compare", path, "--true", "y", "--a", "lr", "--b", "tree", "--resamples", "499")
    assert out.startswith(f"Predictions in columns 'lr' (A) and 'tree' (B) of {path} against the real classes "
                          f"in column 'y': {len(frame)} cases\n")
    assert out.count("ΔB = ") == 1 and out.count("ΔM = ") == 1 and "equal accuracy" in out
    rows = list(csv.DictReader(_ok("compare", path, "--true", "y", "--a", "lr", "--b", "tree", "--resamples",
                                   "499", "--format", "csv").splitlines()))
    from bookeval_lib.uncertainty import DEFAULT_COMPARED
    assert [row["measure"] for row in rows] == list(DEFAULT_COMPARED)
    y, a = frame["y"].to_numpy(), frame["lr"].to_numpy()
    assert float(rows[0]["estimate_a"]) == pytest.approx(np.mean(a[y == 1] == 1) - np.mean(a[y == 0] == 1))
    assert rows[0]["interval_method_a"] and rows[0]["difference_method"] and rows[0]["test"]


@pytest.mark.parametrize("arguments, message", [
    (["--a", "lr"], r"--b is missing: compare needs --a and --b"),
    (["--score-b", "s_tree"], r"--score-a is missing: compare needs --score-a and --score-b"),
    ([], r"compare needs two prediction columns \(--a and --b\) or two score columns"),
    (["--a", "lr", "--b", "tree", "--score-a", "s_lr", "--score-b", "s_tree"], r"one pair or the other"),
    (["--score-a", "s_lr", "--score-b", "s_tree", "--measures", "recall"], r"--measures and --labels apply to"),
    (["--score-a", "s_lr", "--score-b", "lr2"], r"line 1: no column 'lr2' \(for --score-b\)"),
    (["--a", "lr", "--b", "tree", "--measures", "nonsense"], r"two_models\.csv: .*nonsense"),
    (["--a", "lr", "--b", "tree", "--confidence", "2"], r"--confidence must lie strictly between 0 and 1, got 2"),
])
def test_compare_refuses_what_it_cannot_do(two_models, capsys, arguments, message):
    path, _ = two_models
    assert cli.main(["compare", str(path), "--true", "y", *arguments]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and re.search(message, err), err


def test_compare_of_scores_names_the_bad_cell(small, capsys):
    path = small("t,a,b\n1,0.9,0.3\n0,0.2,x\n1,0.7,0.5\n0,0.1,0.2\n")
    assert cli.main(["compare", str(path), "--true", "t", "--score-a", "a", "--score-b", "b"]) == 2
    assert "line 3, column 'b': 'x' is not a finite number (--score-b needs a decimal number" in capsys.readouterr().err
