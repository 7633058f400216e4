"""Victory's state is typed (issue 21 item 2): the rule code reads `state.data` through
the layout of layout.py, so `mypy --strict` rejects a misspelt key. The checker is run
here on small files that read the layout, once misspelt and once right, so that a
failure can only come from the key."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path
from typing import NotRequired, get_origin, get_type_hints

import pytest
from layoutcheck import mypy_on_layout

import grognard.games.victory as victory
from grognard.games.victory import RULESET
from grognard.games.victory.layout import Block, VictoryData, VictoryOptions
from grognard.games.victory.state import VictoryState

TARGET = """
    from grognard.games.victory.layout import VictoryData

    def target(data: VictoryData, role: str) -> int:
        return data["{key}"][role]  # 10.0: the PP of cities that wins
"""

STEPS = """
    from grognard.games.victory.layout import VictoryData

    def strength(data: VictoryData, bid: str) -> int:
        return data["blocks"][bid]["{key}"]  # 4.0: step reduction
"""

ATTACKER = """
    from grognard.games.victory.layout import VictoryData

    def attacker(data: VictoryData, hex_id: str) -> str:
        return data["battles"][hex_id]["{key}"]  # 6.0: who began the battle
"""

SERVES = """
    from grognard.games.victory.layout import Airfield

    def serves(field: Airfield, turn: int) -> bool:
        return turn > field["{key}"]  # 9.6: from the turn after it was built or taken
"""


@pytest.mark.rules
@pytest.mark.parametrize(
    ("body", "right", "misspelt", "record"),
    [
        (TARGET, "target_pp", "target", "VictoryData"),
        (STEPS, "steps", "step", "Block"),
        (ATTACKER, "attacker", "attacking", "Battle"),
        (SERVES, "since", "built", "Airfield"),
    ],
    ids=["data", "block", "battle", "airfield"],
)
def test_mypy_rejects_a_misspelt_key_of_the_layout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, right: str, misspelt: str, record: str
) -> None:
    out, status = mypy_on_layout(tmp_path, monkeypatch, "victory", body.format(key=right))
    assert status == 0, out
    out, status = mypy_on_layout(tmp_path, monkeypatch, "victory", body.format(key=misspelt))
    assert status == 1
    assert f'TypedDict "{record}" has no key "{misspelt}"' in out


@pytest.mark.rules
def test_mypy_rejects_a_phase_that_is_none_of_the_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = """
        from grognard.games.victory.layout import VictoryData

        def to_combat(data: VictoryData) -> None:
            data["phase"] = "{phase}"  # 2.0 [3]: battles after every player has moved
    """
    out, status = mypy_on_layout(tmp_path, monkeypatch, "victory", body.format(phase="combat"))
    assert status == 0, out
    out, status = mypy_on_layout(tmp_path, monkeypatch, "victory", body.format(phase="battle"))
    assert status == 1
    assert 'Value of "phase" has incompatible type "Literal[\'battle\']"' in out


def test_the_state_hands_its_data_out_typed_by_the_layout() -> None:
    assert get_type_hints(VictoryState)["data"] is VictoryData


def test_the_options_layout_names_every_declared_option() -> None:
    """The typed options are the ruleset's own: an option added to __init__.py and not
    to layout.VictoryOptions (or the other way round) fails here."""
    assert set(get_type_hints(VictoryOptions)) == {option.id for option in RULESET.options}


def test_a_new_games_data_has_every_key_the_layout_requires() -> None:
    """The layout's required keys are there from the first position of every scenario
    (the optional ones are NotRequired), so a rule reading one by `[]` finds it."""
    # read from the hints: under `from __future__ import annotations` Python 3.11's
    # __required_keys__ does not see NotRequired
    hints = get_type_hints(VictoryData, include_extras=True)
    required = {key for key, hint in hints.items() if get_origin(hint) is not NotRequired}
    assert "blocks" in required and "storm" not in required
    for scenario in RULESET.scenarios:
        state = RULESET.new_game(scenario=scenario.id, seed=1)
        assert required <= set(state.data), (scenario.id, sorted(required - set(state.data)))
        assert set(state.data) <= set(hints), (scenario.id, sorted(set(state.data) - set(hints)))


def _modules() -> dict[str, object]:
    return {
        info.name: importlib.import_module(f"grognard.games.victory.{info.name}")
        for info in pkgutil.iter_modules(victory.__path__)
    }


def test_every_rule_modules_data_alias_is_the_layout() -> None:
    """Each rule module names the game data `Data`: all of them mean the layout, so that
    a function taking `data: Data` is checked key by key."""
    aliases = {}
    for name, module in _modules().items():
        if "Data" in vars(module):
            aliases[name] = vars(module)["Data"]
    assert len(aliases) >= 20  # control.py, flight.py, sides.py and the phases that import it
    assert {name for name, alias in aliases.items() if alias is not VictoryData} == set()


def test_every_function_of_the_rules_takes_the_data_typed() -> None:
    """No function of the package takes the game data as a plain dict (or Any): a
    parameter named `data` is annotated `Data` (or `VictoryData`), one named `block` is
    a `Block`, so that its reads are checked. layout.typed alone takes the untyped dict
    it types."""
    untyped = []
    seen = 0
    for name, module in _modules().items():
        functions = []
        for obj in vars(module).values():
            if inspect.isfunction(obj) and obj.__module__ == module.__name__:
                functions.append(obj)
            elif inspect.isclass(obj) and obj.__module__ == module.__name__:
                functions += [f for f in vars(obj).values() if inspect.isfunction(f)]
        for function in functions:
            hints = inspect.unwrap(function).__annotations__  # strings: no import needed
            for param, allowed in (("data", {"Data", "VictoryData"}), ("block", {"Block"})):
                if param in hints:
                    seen += 1
                    if hints[param] not in allowed and f"{name}.{function.__name__}" != "layout.typed":
                        untyped.append(f"{name}.{function.__qualname__}({param}: {hints[param]})")
    assert seen > 100  # the rules' questions and steps, not a handful
    assert untyped == []


def test_every_get_of_a_data_or_block_key_names_a_key_of_the_layout() -> None:
    """mypy checks `data["key"]`, `pop` and `setdefault` against the layout but lets
    `data.get("key")` of an unknown key through (it answers `object`). In this package
    `data` always names the game data and `block` a block's record (every parameter so
    named is annotated so: the test above), so the literal keys their `.get`, `.pop` and
    `.setdefault` read are checked here against the layout instead. odds.py is left out:
    its blocks are entries of a seat's view, not records of the data."""
    names = {"data": set(get_type_hints(VictoryData)), "block": set(get_type_hints(Block))}
    read = 0
    unknown = []
    for path in sorted(Path(victory.__file__).parent.glob("*.py")):
        if path.name == "odds.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            receiver, first = node.func.value, node.args[0] if node.args else None
            if (
                node.func.attr in ("get", "pop", "setdefault")
                and isinstance(receiver, ast.Name)
                and receiver.id in names
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
            ):
                read += 1
                if first.value not in names[receiver.id]:
                    where = f"{path.name}:{node.lineno}"
                    unknown.append(f"{where} {receiver.id}.{node.func.attr}({first.value!r})")
    assert read > 100  # the package's reads of optional keys, not a handful
    assert unknown == []
