"""Hitler's Global War v1.4b: the world hex map so far.

No ruleset is registered yet: `grognard.games.hgw.map` loads the map and answers the
questions rules ask of it (`load_map()`), and `grognard.games.hgw.mapcheck.validate`
checks it against the rulebook. The rules themselves come in a later change.
"""
