"""The VP layout and opening splits that the balance tuning chose (docs/virtuti-design.md,
"Balance between equal AIs"): the rulebook fixes 26 VP and the seven cities of the Allied
decisive victory (test_virtuti_map.py); where the rest lie is our design, pinned here so
that a change to it is a deliberate one that reruns the balance benchmark."""

from __future__ import annotations

from grognard.games.virtuti import RULESET
from grognard.games.virtuti.board import vmap, vp_of

# the tuned layout: the seven cities, then Warsaw (3: the war's first prize and the hinge of
# both scenarios), Kiev 2, Vienna, Brussels and Baku 1
LAYOUT = {
    "london": 3, "paris": 3, "berlin": 3, "moscow": 3, "leningrad": 2, "stalingrad": 2, "rome": 2,
    "warsaw": 3, "kiev": 2, "vienna": 1, "brussels": 1, "baku": 1,
}  # fmt: skip


def held_at_start(scenario: str) -> tuple[int, int, set[str]]:
    state = RULESET.new_game(scenario, seed=0)
    m = vmap()
    neutral = {a for a in m.land_ids if m.land(a).vp and a not in state.data["control"]}
    return vp_of(state.data, "axis"), vp_of(state.data, "allies"), neutral


def test_the_vp_lie_where_the_tuning_put_them() -> None:
    m = vmap()
    assert {a: m.land(a).vp for a in m.land_ids if m.land(a).vp} == LAYOUT
    assert sum(LAYOUT.values()) == 26


def test_barbarossa_opens_even_with_no_vp_in_neutral_hands() -> None:
    # neutral VP (Madrid, Istanbul, Athens before the tuning) could only make draws:
    # 15 of the 26 for a minor victory is harder to reach the more of them nobody holds
    axis, allies, neutral = held_at_start("barbarossa")
    assert (axis, allies, neutral) == (13, 13, set())


def test_the_full_campaign_leaves_only_the_axis_road_and_italy_neutral() -> None:
    axis, allies, neutral = held_at_start("full_campaign")
    assert neutral == {"brussels", "rome"}  # Belgium on the road into France; Italy joins the Axis
    assert (axis, allies) == (4, 19)
