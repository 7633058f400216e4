"""Optional rule Leaders: a face-down marker is hidden information (O1.6, O1.7; DESIGN.md,
"Hidden information"). Two games that differ only in the marker drawn show every seat
(its owner too) the same view, legal actions, refusals, odds, RL features and text
board until the marker turns; a random Campaign Game III game never shows a face-down
leader's name on the board."""

from __future__ import annotations

import json
import random

import pytest
from test_hgw_opt_leaders import ALLIED_HEX, AXIS_HEX, axis_assault, game, pool, put, to_leaders_step

from grognard.games.hgw import RULESET, HgwState, features, textmap
from grognard.games.hgw.leaders import FACE_DOWN, NO_LEADER, leader_name

SEATS = ("axis", "soviet", "allied", None)


def drawn(lid: str) -> HgwState:
    """Army Group West receives its face-down marker, the draw forced to `lid`."""
    state = game()
    put(state, "agw", AXIS_HEX, infantry=6, mechanized=4)
    put(state, "ffa", ALLIED_HEX, infantry=2)
    to_leaders_step(state, "axis")
    state.rng.force([pool(state, "axis").index(lid)])
    state.apply("axis", ("leader", "agw"))
    state.data["flow"][:] = [{"state": "movement", "role": "axis"}]  # on to the next movement
    state.data["player"] = "axis"
    state._after_change(None, None)
    return state


def seen(state: HgwState) -> list[object]:
    """Everything a seat is served about the game."""
    out: list[object] = []
    for role in SEATS:
        view = state.view(role)
        out += [view, features.observe(view), textmap.render(view)]
        if role is not None:
            out.append(RULESET.battle_at(state, role, ALLIED_HEX, ("attack", "agw", ALLIED_HEX)))
            out.append(RULESET.battle_at(state, role, AXIS_HEX))
            out.append(state.why_illegal(role, ("leader", "agw")))
    return out


@pytest.mark.rules("O1.6", "O1.7")
def test_a_face_down_marker_tells_no_seat_what_it_is() -> None:
    rommel, nobody = drawn("rommel"), drawn(NO_LEADER)
    assert rommel.data["leaders"]["armies"]["agw"]["leader"] == "rommel"  # the draws did differ
    assert nobody.data["leaders"]["armies"]["agw"]["leader"] == NO_LEADER
    assert seen(rommel) == seen(nobody)
    assert rommel.view("axis")["board"]["leaders"]["armies"] == {"agw": FACE_DOWN}  # the owner neither
    # and the test can fail: once the marker turns, the two games differ
    for state in (rommel, nobody):
        state.rng.force([6])
        axis_assault(state)
    assert seen(rommel) != seen(nobody)
    assert rommel.view("allied")["board"]["leaders"]["armies"] == {"agw": "Rommel"}


@pytest.mark.rules("O1.1")
def test_the_odds_count_a_revealed_leader_only() -> None:
    face_down = drawn("rommel")
    put(face_down, "ffa", ALLIED_HEX, infantry=7)  # a battle whose outcome is in doubt
    description = RULESET.battle_at(face_down, "axis", ALLIED_HEX, ("attack", "agw", ALLIED_HEX))
    assert description is not None and "leader" not in description
    face_down.data["leaders"]["armies"]["agw"]["up"] = True
    description = RULESET.battle_at(face_down, "axis", ALLIED_HEX, ("attack", "agw", ALLIED_HEX))
    assert description is not None and description["leader"] is True
    odds = RULESET.odds(description)
    without = RULESET.odds({**description, "leader": False})
    assert odds != without


def test_a_random_campaign_3_game_never_shows_a_face_down_leader_on_the_board() -> None:
    state = RULESET.new_game("campaign_3", {}, seed=3)
    agents = random.Random(3)
    face_downs = 0
    for n in range(2500):
        if state.result() is not None:
            break
        role = state.active_roles()[0]
        state.apply(role, agents.choice(list(state.legal_actions(role))))
        if n % 25:
            continue
        hidden = {
            leader_name(m["leader"])
            for block in ("armies", "fleets")
            for m in state.data["leaders"][block].values()
            if not m["up"] and m["leader"] != NO_LEADER
        }
        face_downs += len(hidden)
        for role in SEATS:
            board = json.dumps(state.view(role)["board"])
            assert not [name for name in hidden if name in board], (n, role)
    assert face_downs  # some leaders were face down while the boards were read


def test_a_determinized_copy_deals_the_face_down_markers_again_unseen() -> None:
    from grognard.core.rng import Rng
    from grognard.games.hgw.leaders import redraw

    state = drawn("rommel")
    state.data["leaders"]["armies"]["ags"] = {"leader": "manstein", "up": True}  # revealed: kept
    state.data["leaders"]["pools"]["axis"]["land"].remove("manstein")
    before = [state.view(role) for role in SEATS]
    everything = sorted([*pool(state, "axis"), state.data["leaders"]["armies"]["agw"]["leader"]])
    dealt = set()
    for seed in range(12):
        twin = state.clone()
        redraw(twin.data, Rng(Rng.new_state(seed)))
        assert [twin.view(role) for role in SEATS] == before
        assert twin.data["leaders"]["armies"]["ags"] == {"leader": "manstein", "up": True}
        after = sorted([*pool(twin, "axis"), twin.data["leaders"]["armies"]["agw"]["leader"]])
        assert after == everything
        dealt.add(twin.data["leaders"]["armies"]["agw"]["leader"])
    assert len(dealt) > 1


@pytest.mark.rules("O1.7")
def test_a_search_never_plays_with_the_true_face_down_marker() -> None:
    """A search agent thinks on `sample_consistent` copies (core/game.py): HGW re-deals
    the face-down markers there, so an AI seat learns no more than a person would."""
    from grognard.core.rng import Rng

    assert HgwState.hides_information()  # so the registry offers the hidden-information bots
    state = drawn("rommel")
    dealt = {
        state.sample_consistent("soviet", Rng(Rng.new_state(seed))).data["leaders"]["armies"]["agw"]["leader"]
        for seed in range(12)
    }
    assert len(dealt) > 1 and state.data["leaders"]["armies"]["agw"]["leader"] == "rommel"
