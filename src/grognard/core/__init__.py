"""The game-agnostic engine: contract, flow, RNG, maps, log, replay."""
