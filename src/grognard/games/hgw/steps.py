"""The sequence of play as one table of named steps: phase modules hand control on by
step name through the flow, so none of them imports another's steps."""

from __future__ import annotations

from grognard.core.flow import Step

from .advance import Advances, Exploitation, ExploitAttack, Retreat
from .air_combat import AirAttack
from .arrivals import PlaceArrivals
from .combat import Announce, Assaults, DefensiveAssault, Losses
from .home_forces import HomeMoveTo, HomeRetreat, PlaceHomeForces
from .invasion import InvasionAttack, Invasions
from .leader_phase import AssignLeaders
from .morale_strike import MoraleStrike
from .morale_uboats import UsCoastRaid
from .movement import Movement, MoveTo
from .naval import Interception
from .naval_phase import NavalIntercept, NavalMovement, UboatAttack
from .own_setup import OwnSetup
from .partisan_phase import Partisans
from .patrol_battles import PatrolBattle
from .politics import ItalyLosses, SovietTerms
from .port_attacks import PortAttack
from .port_conversion import PortConversion
from .production import Production
from .replenishment import ReplenishmentAttack, ReplenishmentIntercept
from .research_phase import Research
from .shipping_moves import ShippingTo  # with its naval phase hook (Shipping 3)
from .strategic_phase import BombLosses, Devastate, DropBomb, Strategic, StrikeBombs, StrikeEscorts
from .turn import EndCombat, NextTurn, TurnStart

STEPS: dict[str, Step] = {
    "turn_start": TurnStart(),  # Player Turn Sequence; Unsupplied Hexes 4
    "naval_movement": NavalMovement(),  # Campaign Game II step 3a; Fleets 5-9; U-Boat Attack 3-5
    "naval_intercept": NavalIntercept(),  # Fleets 7, 9; U-Boat Attack 5
    "uboat_attack": UboatAttack(),  # U-Boat Attack 3, 5-6; Anti-Submarine Warfare 4
    "patrol_battle": PatrolBattle(),  # Naval Battle Resolution 1, 3 (N4.1, N4.3)
    "port_attack": PortAttack(),  # Naval Action: Aircraft Carriers 5 (port_attacks.py)
    "us_coast_raid": UsCoastRaid(),  # Morale Attacks 6 (morale_uboats.py)
    "replenishment_intercept": ReplenishmentIntercept(),  # Naval Action: Fleet Replenishment 2
    "replenishment_attack": ReplenishmentAttack(),  # Naval Action: Fleet Replenishment 4
    "morale_strike": MoraleStrike(),  # Morale Attacks 5 by carriers (morale_strike.py)
    "shipping_to": ShippingTo(),  # Shipping 3: where a shipping point goes (shipping_moves.py)
    "movement": Movement(),  # Movement 1-9, Stacking
    "move_to": MoveTo(),
    "announce": Announce(),  # Initial Attack 1-3
    "invasions": Invasions(),  # Invasion Procedure 5; Invasion Resolution 4
    "invasion_attack": InvasionAttack(),  # Invasion Resolution 1-3; Invasion Assault; Invasion Advance
    "interception": Interception(),  # Invasion Resolution step 2; Fleet Naval Fire 2-5
    "def_assault": DefensiveAssault(),  # Initial Attack 4; Exploitation Attacks 3
    "losses": Losses(),  # Assault Resolution 4-6
    "air_attack": AirAttack(),  # Campaign Game II: Air Attacks 1-6
    "assaults": Assaults(),  # Initial Attack 5
    "advances": Advances(),  # Initial Attack 6; Advance Resolution
    "retreat": Retreat(),  # Advance Resolution 4-5
    "port_conversion": PortConversion(),  # Naval Action: Ports 1 (N10.1)
    "exploitation": Exploitation(),  # Exploitation Attacks 1-2, 4
    "exploit_attack": ExploitAttack(),  # Exploitation Attacks 3
    "end_combat": EndCombat(),  # Garrisons 4; Unsupplied Hexes 1-2
    "own_setup": OwnSetup(),  # The Fall of Germany set-up, special rule 5 (own_setup option)
    "italy_losses": ItalyLosses(),  # Campaign Game I: Italy's surrender 2
    "soviet_terms": SovietTerms(),  # Campaign Game I: Soviet Union 1-4
    "place_arrivals": PlaceArrivals(),  # Campaign Game I: Nations Inclined toward Axis 3-5
    "production": Production(),  # Production
    "research": Research(),  # Campaign Game II research phase: Research 3-9
    "strategic": Strategic(),  # Campaign Game II step 2: Strategic Bombing, Strategic Missiles
    "strike_escorts": StrikeEscorts(),  # Strategic Bombing 6
    "strike_bombs": StrikeBombs(),  # Atomic Bombs 3
    "devastate": Devastate(),  # Strategic Bombing 4; Strategic Missiles 4
    "drop_bomb": DropBomb(),  # Atomic Bombs 5-6
    "bomb_losses": BombLosses(),  # Atomic Bombs 5
    "partisans": Partisans(),  # Campaign Game II step 6f: Partisan Attacks
    "leaders": AssignLeaders(),  # optional rule Leaders 6
    "next_turn": NextTurn(),
    "place_home_forces": PlaceHomeForces(),  # optional Unaligned Forces 4-5
    "home_retreat": HomeRetreat(),  # optional Unaligned Forces 3
    "home_move_to": HomeMoveTo(),  # optional Unaligned Forces 6
}

# what each step is called on the page (the browser reads them with the board data,
# __init__.py `board_data`, rather than restating them)
TITLES: dict[str, str] = {
    "turn_start": "start of the player turn",
    "naval_movement": "naval movement",
    "shipping_to": "naval movement: moving shipping",
    "naval_intercept": "naval interception",
    "uboat_attack": "U-boat attack",
    "patrol_battle": "Patrol battle",
    "port_attack": "Naval base attack",
    "us_coast_raid": "U-boats at the U.S. coast",
    "replenishment_intercept": "intercepting a replenishment unit",
    "replenishment_attack": "attack on a replenishment unit",
    "morale_strike": "Carrier strike on morale",
    "movement": "strategic redeployment",
    "move_to": "strategic redeployment",
    "announce": "announcing initial attacks",
    "invasions": "amphibious invasions",
    "invasion_attack": "an amphibious invasion",
    "interception": "naval interception",
    "def_assault": "defensive assaults",
    "losses": "removing losses",
    "air_attack": "an air attack",
    "assaults": "initial assaults",
    "advances": "advances",
    "retreat": "retreat",
    "port_conversion": "a port for the invasion",
    "exploitation": "exploitation attacks",
    "exploit_attack": "exploitation attack",
    "end_combat": "end of combat",
    "own_setup": "set-up",
    "italy_losses": "Italy's surrender",
    "soviet_terms": "the Soviet Union's surrender",
    "place_arrivals": "placing arriving forces",
    "production": "production",
    "research": "research",
    "strategic": "strategic warfare",
    "strike_escorts": "bomber escorts",
    "strike_bombs": "atomic bombs aboard",
    "devastate": "devastation",
    "drop_bomb": "atomic bombs",
    "bomb_losses": "atomic bomb losses",
    "partisans": "partisan attacks",
    "leaders": "leader markers",
    "next_turn": "end of the player turn",
    "place_home_forces": "placing home forces",
    "home_retreat": "home forces' retreat",
    "home_move_to": "moving home forces",
}
