"""The heuristic's Campaign Game I Soviets and the Axis's garrison of Berlin: the Soviets
go through unaligned Poland toward Germany (Violation of Neutrality 5: Poland never
joins a side) and take Berlin in the last turn when that shares the win (Three Players
4-5), and the Axis of The Fall of Germany and Campaign Game I garrisons
Berlin against the invasions it can see coming (Invasion Procedure 2-3; Invasion
Advance 2). The win rates over 200 games are benchmarks/bench_hgw.py's."""

from __future__ import annotations

from hgw_positions import act, fog_game, pass_turn, put, step

from grognard.core.game import Action
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import Board, HgwHeuristic
from grognard.games.hgw.production import placed_at

BERLIN = "1237"
CG1 = "campaign_1"


def _campaign(seed: int = 1) -> HgwState:
    state = RULESET.new_game(CG1, {}, seed=seed)
    assert isinstance(state, HgwState)
    return state


def _play_step(state: HgwState, role: str, agent: HgwHeuristic, steps: tuple[str, ...]) -> list[Action]:
    """Let the agent play `role` while the game is in one of `steps`; its choices."""
    chosen = []
    while state.data["player"] == role and step(state) in steps:
        action = agent.act(state.view(role), state.legal_actions(role))
        assert action in state.legal_actions(role)
        chosen.append(action)
        state.apply(role, action)
    return chosen


def _where(state: HgwState, build: Action) -> object:
    """The hex a build puts its point in."""
    return placed_at(state.data["armies"], build)


def test_campaign_soviets_take_unaligned_poland_as_a_target_and_the_baltic_not() -> None:
    state = _campaign()
    soviet, allied = Board(state.view("soviet")), Board(state.view("allied"))
    assert soviet.is_target("1241") and soviet.is_target("1341")  # Poland
    assert not soviet.is_target("1140")  # the Baltic States would join the Axis
    assert not allied.is_target("1341")  # no Allied army stands near it


def test_campaign_soviets_attack_into_poland_in_their_first_turn() -> None:
    """With the Axis passing, no Axis hex touches the Soviet Union: without Poland as a
    target the Soviets would wait at the border for the whole game."""
    state = _campaign()
    pass_turn(state, "axis")
    chosen = _play_step(state, "soviet", HgwHeuristic(1), ("movement", "move_to", "announce"))
    attacks = [a for a in chosen if a[0] == "attack"]
    assert attacks and all(Board(state.view("soviet")).g.country[a[2]] == "poland" for a in attacks)


def test_the_threat_counts_the_amphibious_points_a_long_route_spends() -> None:
    """The Fall of Germany: while the Axis holds East Denmark (1136), the Sound closes the
    Baltic and no invasion reaches Berlin (Sea Route 4). With 1136 Allied, the U.S. First
    Army in 1333 is four steps from Berlin (1333-1234-1134-1135-1136-1237), within the
    free six (Invasion Procedure 3): its three amphibious points land with three others
    (Invasion Advance 2). From 1934 the route is eighteen steps, one extension of twelve:
    one of three amphibious points is spent, two land with two others."""
    state = fog_game()
    for army in ("1can", "2br", "21ag", "7a"):
        put(state, army, state.data["armies"][army]["at"], infantry=3)
    assert Board(state.view("axis")).invasion_threat(BERLIN) == 0  # the Sound is Axis
    state.data["owner"]["1136"] = "allied"
    assert Board(state.view("axis")).invasion_threat(BERLIN) == 3 + 3
    put(state, "1us", "1934", infantry=2, mechanized=1, amphibious=3)
    assert Board(state.view("axis")).invasion_threat(BERLIN) == 2 + 2
    put(state, "1us", "1934", infantry=3)
    board = Board(state.view("axis"))
    assert board.invasion_threat(BERLIN) == 0 and board.guard == {}


def test_the_fall_of_germany_axis_holds_berlin_against_the_first_invasion() -> None:
    """The set-up leaves two points in Berlin. While the Axis holds the Sound (1136) no
    invasion can reach Berlin now, but one that takes the Sound first opens the road
    (Invasion Procedure 5), so the Axis keeps Berlin's guard all the same; once the
    Allies hold it (here from the start), the Axis sees twelve points that could land,
    keeps the garrison, fortifies and buys infantry there, and the Allies do not get in
    (the Allied heuristic invaded Berlin in the first turn in 6 of 12 games before)."""
    state = fog_game(seed=1)
    board = Board(state.view("axis"))
    assert board.invasion_threat(BERLIN) == 0 and board.guard[BERLIN] == 10
    state.data["owner"]["1136"] = "allied"
    assert Board(state.view("axis")).guard[BERLIN] == 10
    agents = {r: HgwHeuristic(1) for r in state.roles}
    while not state.is_over() and state.data["turn"] == 0:
        role = state.active_roles()[0]
        state.apply(role, agents[role].act(state.view(role), state.legal_actions(role)))
    assert state.data["owner"][BERLIN] == "axis"
    assert Board(state.view("axis")).defence(BERLIN) >= 9


def test_the_fall_of_germany_axis_garrisons_the_sound_for_berlin_first() -> None:
    """Sea Route 3-4: while the Axis holds East Denmark (1136) no invasion reaches
    Berlin; losing it would let the U.S. First Army's six points land there, and the
    invasions come first in a turn (Invasion Procedure 5), so one could take the Sound
    and the next sail through. So Berlin keeps the garrison the open road calls for
    (six and one), the Sound comes next, ahead of every other capital, against the six
    that could land in it; the production fills Berlin first, then puts infantry nearest
    the Sound (Kiel, 1236) for the movement to bring over. With no amphibious point in
    reach neither wants anything for the Sound's sake."""
    state = fog_game()
    for army in ("1can", "2br", "21ag", "7a"):
        put(state, army, state.data["armies"][army]["at"], infantry=3)
    board = Board(state.view("axis"))
    assert board.invasion_threat(BERLIN) == 0 and board.invasion_threat(BERLIN, lost="1136") == 6
    assert board.narrows == ["1136"] and list(board.guard)[:2] == [BERLIN, "1136"]
    assert board.guard[BERLIN] == 6 + 1 and board.guard["1136"] == board.invasion_threat("1136") + 1
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "axis", action)
    chosen = _play_step(state, "axis", HgwHeuristic(1), ("production",))
    places = [_where(state, a) for a in chosen if a[0] == "build"]
    first_kiel = places.index("1236")
    assert first_kiel > 0 and set(places[:first_kiel]) == {BERLIN}
    assert Board(state.view("axis")).defence(BERLIN) >= 7
    quiet = fog_game()
    for army in ("1can", "2br", "21ag", "7a", "1us"):
        put(quiet, army, quiet.data["armies"][army]["at"], infantry=3)
    board = Board(quiet.view("axis"))
    assert board.narrows == [] and BERLIN not in board.guard


def test_campaign_axis_buys_infantry_for_berlin_only_when_an_invasion_threatens() -> None:
    """Campaign Game I: the British army in 1333 with five amphibious and five mechanized
    points could land ten in Berlin; the Axis, mechanized buyer otherwise, puts its
    production into infantry there. Without amphibious points in reach, nothing goes to
    Berlin."""
    for amphibious, garrisoned in ((5, True), (0, False)):
        state = _campaign()
        put(state, "brit", "1333", mechanized=5, amphibious=amphibious)
        for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
            act(state, "axis", action)
        before = Board(state.view("axis")).defence(BERLIN)
        chosen = _play_step(state, "axis", HgwHeuristic(1), ("production",))
        into_berlin = [a for a in chosen if a[0] == "build" and _where(state, a) == BERLIN]
        if garrisoned:
            assert all(a[1] == "infantry" for a in into_berlin)
            assert Board(state.view("axis")).defence(BERLIN) >= before + 8
        else:
            assert into_berlin == []


def test_campaign_soviets_take_berlin_in_the_last_turn_for_a_share_of_the_win() -> None:
    """Three Players 4-5: with the United States at war for a turn (sixteen points) the
    Soviets' 27 against 39 Allied and 16 Axis leave them no level, and the Axis wins
    alone; with Berlin theirs (Axis 0) they stand level 1 against the Allies' level 1 and
    share the win. Before the last turn they still hold back, hoping for the whole."""
    state = _campaign()
    last = len(state.data["turns"]) - 1
    state.data["politics"]["us_since"] = last - 1
    state.data["turn"] = last - 1
    board = Board(state.view("soviet"))
    assert board.held_back == BERLIN and not board.is_target(BERLIN)
    state.data["turn"] = last
    board = Board(state.view("soviet"))
    assert board.held_back is None and board.is_target(BERLIN)
    assert Board(state.view("allied")).held_back is None  # its fall crowns the Allies


def test_campaign_axis_garrisons_berlin_against_a_soviet_army_two_hexes_away() -> None:
    """Campaign Game I: a Soviet front of ten points in Eastern Pomerania (1238, next to
    Berlin) could assault Berlin or take a hex beside it and exploit in. The Axis wants
    half of it and one more in Berlin and buys infantry there; the same army four hexes
    off (1241) is no threat yet. (With every side played by the heuristic the Soviets
    took Berlin in 1940-41 in every game before: the Axis sent everything west.)"""
    for at, garrisoned in (("1238", True), ("1241", False)):
        state = _campaign()
        state.data["owner"][at] = "soviet"
        put(state, "4a", None)
        put(state, "mos", at, infantry=4, mechanized=6)
        board = Board(state.view("axis"))
        assert board.land_threat(BERLIN) == (10 // 2 if garrisoned else 0)
        # the British army's one amphibious point (1333) adds its small invasion threat
        invasion = board.invasion_threat(BERLIN)
        assert board.guard[BERLIN] == invasion + board.land_threat(BERLIN) + 1
        for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
            act(state, "axis", action)
        before = Board(state.view("axis")).defence(BERLIN)
        chosen = _play_step(state, "axis", HgwHeuristic(1), ("production",))
        into_berlin = [a for a in chosen if a[0] == "build" and _where(state, a) == BERLIN]
        after = Board(state.view("axis")).defence(BERLIN)
        assert all(a[1] == "infantry" for a in into_berlin)
        if garrisoned:
            assert after >= before + 5
        else:
            assert after <= max(before, invasion + 1)
