"""Virtuti Militari (rulebook: shared/rules/virtuti-militari.md): WW2 in Europe on an area map.

Only the map exists so far (`map`, `map_validation`); the ruleset is not registered yet.
"""
