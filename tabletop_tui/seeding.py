"""Where new games get their seeds.

A seed decides every card and die of a game, so it must not be guessable: from the operating system's
randomness, 63 bits (a seed of 31 bits could be found from one hand of seven cards by a search of a
few minutes, and with it every other hand and the deck). No new seed is ever derived from a seed the
players have seen: "play again" takes a new one; the same deal again is asked for in so many words.
"""

from __future__ import annotations

import secrets

#: the bits of a new seed (the engine takes seeds up to 2**63 - 1)
SEED_BITS = 63


def new_seed() -> int:
    """A new game's seed: 63 bits from the operating system's randomness."""
    return secrets.randbits(SEED_BITS)
