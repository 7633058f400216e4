"""Virtuti Militari (rulebook: shared/rules/virtuti-militari.md): WW2 in Europe on an area map.

The map (`map`, `map_validation`) and the designed content exist (`content`, `scenarios`,
`calendar_events`, `scripted_events`; docs/virtuti-design.md); the rules engine does not, so the ruleset is
not registered yet.
"""
