"""The sequence of play as one table of named steps (2.0): phase modules hand
control on by step name through the flow, never by calling another phase's step.
Some read another phase module's questions or procedures: the battle's steps share
battle_hits, battle_end and grounded (6.x); purchase reads production's buildable
types (10.2, 8.x); purchase and the map choice set the deployment minimums of
setup (1.4)."""

from __future__ import annotations

from grognard.core.flow import Step

from .battle import Battle, Combat
from .battle_end import LandAir, Regroup, Withdraw
from .battle_hits import Hits
from .endturn import Supply
from .factory_setup import FactorySetup
from .grounded import GroundAir
from .initiative import Initiative
from .mapchoice import ChooseMaps
from .movement import Move
from .production import Production
from .purchase import Purchase
from .setup import Deploy

STEPS: dict[str, Step] = {
    "choose_maps": ChooseMaps(),  # 1.1, the map_choice option
    "purchase": Purchase(),  # 10.2
    "deploy": Deploy(),  # 1.4
    "factory_setup": FactorySetup(),  # 9.1, the factories option
    "initiative": Initiative(),  # 2.0 [1], 4.1
    "move": Move(),  # 2.0 [2], 5.x
    "combat": Combat(),  # 2.0 [3], 6.1
    "battle": Battle(),  # 6.3
    "hits": Hits(),  # 6.46
    "ground_air": GroundAir(),  # 5.52
    "withdraw": Withdraw(),  # 6.5
    "land_air": LandAir(),  # 5.51
    "regroup": Regroup(),  # the Regroups option
    "supply": Supply(),  # 2.0 [4], 7.x, 10.0
    "production": Production(),  # 2.0 [5], 8.x
}
