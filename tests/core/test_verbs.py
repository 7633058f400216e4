"""Declared actions (issue 21; core/verbs.py): a ruleset's verbs with the names and kinds
of their arguments; arguments read by name; a misshapen action refused naming the
verb's arguments; an action no legal list can hold (a dict inside) refused by the core
without a traceback, for rulesets with or without declarations."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tinygame import TINY

from grognard.core.errors import IllegalAction
from grognard.core.verbs import BadAction, Verb, Verbs

VERBS = Verbs(
    "Test",
    (
        Verb("go", (("unit", "unit"), ("to", "hex")), "1.1"),
        Verb("land", (("unit", "unit"), ("at", "hex")), "1.2", short=(1,)),
        Verb("assault", (("from", "hex"), ("units", "unit")), "1.3", many=True, short=(0,)),
        Verb("done", (), "1.4"),
    ),
)


def test_arguments_by_name_with_short_and_many_forms() -> None:
    assert VERBS.args(("go", "u1", "h2")) == {"unit": "u1", "to": "h2"}
    assert VERBS.args(("land", "u1")) == {"unit": "u1"}
    assert VERBS.args(("assault", "h1", "u1", "u2")) == {"from": "h1", "units": ("u1", "u2")}
    assert VERBS.args(("assault", "h1")) == {"from": "h1", "units": ()}
    assert VERBS.args(("assault",)) == {}
    assert VERBS.args(("done",)) == {}


def test_a_misshapen_action_is_refused_naming_the_arguments() -> None:
    assert VERBS.refusal(("go", "u1")) == "go takes (unit, to), not ['u1']"
    assert (
        VERBS.refusal(("land", "u1", "h1", "h2")) == "land takes (unit, at) or (unit), not ['u1', 'h1', 'h2']"
    )
    assert VERBS.refusal(("go", "u1", {"x": 1})) == (
        "go takes (unit, to), not ['u1', {'x': 1}] ({'x': 1} is not a string or a number)"
    )
    assert VERBS.refusal(("done", ("a", "b"))) is not None
    with pytest.raises(BadAction, match=r"unknown action \['fly'\]: the actions of Test are assault, done"):
        VERBS.args(("fly",))
    assert VERBS.misshapen(("fly",)) is None  # an unknown verb: the core's answer
    assert VERBS.misshapen(("go",)) == "go takes (unit, to), not []"


def test_a_verb_is_declared_once() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        Verbs("Test", (Verb("go", (), "1.1"), Verb("go", (), "1.2")))


def test_the_table_as_json() -> None:
    table = VERBS.declarations()
    assert table["land"] == {
        "args": [["unit", "unit"], ["at", "hex"]],
        "many": False,
        "rule": "1.2",
        "short": [1],
    }
    assert VERBS.with_first("unit") == {"go", "land"}


def test_an_unhashable_action_is_refused_without_a_traceback() -> None:
    """Without declarations too: an action holding a dict is in no legal list."""
    state = TINY.new_game(seed=3)
    role = state.active_roles()[0]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="is not a legal action"):
        state.apply(role, ["pick", {"n": 1}])
    assert "is not a legal action" in str(state.why_illegal(role, ["pick", {"n": 1}]))
    assert state.to_json() == before


PARTS = st.one_of(
    st.text(max_size=3), st.integers(-3, 3), st.none(), st.dictionaries(st.text(max_size=1), st.integers())
)
VERB_NAMES = st.sampled_from(["go", "land", "assault", "done", "fly"])
#: a verb with short forms under its `many` form: a count between them is refused
WIDE = Verbs(
    "Test",
    (
        Verb(
            "volley", (("a", "hex"), ("b", "hex"), ("c", "hex"), ("d", "unit")), "1.5", many=True, short=(1,)
        ),
    ),
)


@given(VERB_NAMES, st.lists(PARTS, max_size=6))
def test_arguments_are_read_exactly_when_the_action_is_well_formed(verb: str, rest: list[object]) -> None:
    """`args` (its quick check) accepts what `refusal` accepts, and refuses the rest
    with `refusal`'s words."""
    for table in (VERBS, WIDE):
        action = (verb if table is VERBS else "volley", *rest)
        problem = table.refusal(action)
        if problem is None:
            named = table.args(action)
            assert set(named) <= {name for v in table for name in v.names}
        else:
            with pytest.raises(BadAction) as refused:
                table.args(action)
            assert str(refused.value) == problem


def test_a_many_verb_with_a_short_form_refuses_the_counts_between() -> None:
    assert WIDE.args(("volley", "h1")) == {"a": "h1"}
    with pytest.raises(BadAction, match="volley takes"):
        WIDE.args(("volley", "h1", "h2"))  # neither the short form (1) nor the full one (3 or more)
    assert WIDE.args(("volley", "h1", "h2", "h3")) == {"a": "h1", "b": "h2", "c": "h3", "d": ()}
