"""One wording for bad input: "<argument> must be ..., got <value>", through the validators of _checks.

The source is scanned (ast): a ValueError raised anywhere in bookeval_lib outside _checks must not use the
other wordings ("..., not <value>", "unknown x ...; choose one of ...", "x is not one of ..."); a choice among
names goes through _checks.choice.  Integer arguments too large for numpy (C) are refused by name.
"""
import ast
import re
from pathlib import Path

import pytest

from bookeval_lib import _checks, coverage, montecarlo

PACKAGE = Path(__file__).resolve().parent.parent / "bookeval_lib"
#: the other wordings, in a message whose formatted values are written {}
OTHER_WORDINGS = {
    r", not \{": "', not <value>': write ', got <value>'",
    r"\bchoose (one of|from)\b": "'choose one of ...': write '<name> must be one of ..., got <value>' (_checks.choice)",
    r"\bis not one of\b|\bis neither of\b": "'<value> is not one of ...': write '<name> must be one of ..., got <value>'",
    r"\bunknown \w+ \{": "'unknown <name> <value>': write '<name> must be one of ..., got <value>' (_checks.choice)",
}


def _text(node):
    """A message's text with each formatted value written {}."""
    if isinstance(node, ast.Constant):
        return str(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(_text(value) for value in node.values)
    if isinstance(node, ast.BinOp):
        return _text(node.left) + _text(node.right)
    return "{}"


def _messages():
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "_checks.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args
                    and getattr(node.exc.func, "id", None) in {"ValueError", "InputError"}):
                yield f"{path.relative_to(PACKAGE.parent)}:{node.lineno}", _text(node.exc.args[0])


def test_the_scan_finds_the_messages():
    messages = dict(_messages())
    assert len(messages) > 100
    assert any("must be" in text and ", got {}" in text for text in messages.values())


def test_no_value_error_outside_checks_uses_another_wording():
    wrong = [f"{where}: {text!r} uses {advice}" for where, text in _messages()
             for pattern, advice in OTHER_WORDINGS.items() if re.search(pattern, text)]
    assert not wrong, "\n".join(wrong)


def test_the_scan_would_catch_the_other_wordings():
    for text in ("x must be a, not {}", "unknown normalisation {}; choose one of {}", "pos_label={} is not one of {}"):
        assert any(re.search(pattern, text) for pattern in OTHER_WORDINGS), text


def test_choice_and_instance_use_the_one_wording():
    assert _checks.choice("b", "method", ("a", "b")) == "b"
    assert _checks.choice(None, "average", ("macro", None)) is None
    with pytest.raises(ValueError, match=r"^method must be one of 'a', 'b', got 'c'$"):
        _checks.choice("c", "method", ("a", "b"))
    with pytest.raises(ValueError, match=r"^method must be one of 'a', 'b', got array"):
        _checks.choice(__import__("numpy").array(["a"]), "method", ("a", "b"))
    with pytest.raises(ValueError, match=r"^table must be a int, got str$"):
        _checks.instance("x", "table", int)


@pytest.mark.parametrize("call, name", [
    (lambda: montecarlo.simulate_tables(0.5, seed=1, n_cases=2 ** 63), "n_cases"),
    (lambda: coverage.coverage("wald", total=2 ** 63, prevalence=0.5, informedness=0.5, seed=1), "total"),
    (lambda: _checks.positive_integer(2 ** 64, "races"), "races"),
    (lambda: _checks.positive_integer(float(2 ** 63), "races"), "races"),
])
def test_an_integer_too_large_for_c_is_refused_by_name(call, name):
    with pytest.raises(ValueError, match=rf"^{name}.* must be an integer <= {2 ** 63 - 1} .*, got"):
        call()


def test_the_largest_int64_and_any_seed_are_accepted():
    assert _checks.positive_integer(2 ** 63 - 1, "n") == 2 ** 63 - 1
    assert _checks.seed(2 ** 100) == 2 ** 100            # numpy's SeedSequence takes any size
