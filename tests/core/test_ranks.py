"""Ranks within groups (core/ranks.py), as the fixed RL action index keys minted ids."""

from __future__ import annotations

from grognard.core.ranks import ranks_within


def test_each_id_is_ranked_within_its_group_in_the_given_order() -> None:
    owner = {"red-9": "red", "red-10": "red", "blue-2": "blue", "red-1": "red"}
    number = {i: int(i.rsplit("-", 1)[1]) for i in owner}
    # by counter, not by text: red-9 comes before red-10
    assert ranks_within(owner, owner.__getitem__, number.__getitem__) == {
        "red-1": 0,
        "red-9": 1,
        "red-10": 2,
        "blue-2": 0,
    }
    assert ranks_within([], owner.__getitem__, number.__getitem__) == {}
