"""Quick looks for hidden cards that a game's own tests use beside the catalog's leak check
(tests/contract/test_hidden_cards.py): a look by card names at a seat's view and log, and one seeded
random game checked by `leak_check.findings`."""

from __future__ import annotations

from tabletop_tui.rules.engine import Game, log_for

from leak_check import Sampler, findings, name_of, spellings, strings, token_of


def leaks(game: Game, seat: int | None, read: int) -> list[str]:
    """What `seat` can read that names a card hidden from it, in its view or in its log from event
    `read` on (a quick look by names; the exchanges of `leak_check` see more)."""
    hidden = game.hidden_from(seat)
    if not hidden:
        return []
    view = set(strings(game.view(seat)))
    found = [f"view({seat}) holds {code}" for code in sorted(hidden & view)]
    # names are shared by the two copies of a card: only a name whose every copy is hidden can leak
    sight = {name_of(t) for t in view if token_of(t) is not None and t not in hidden}
    spelled = [(code, s) for code in hidden if name_of(code) not in sight for s in spellings(code)]
    for event in log_for(game.log[read:], seat):
        found += [f"log for {seat} names {code}: {event.text!r}" for code, s in spelled if s in event.text]
        found += [f"log data for {seat} holds {v}" for v in strings(event.data) if v in hidden]
    return found


_SAMPLERS: dict[str, Sampler] = {}


def play_checking(cls, players: int, seed: int, limit: int, sampler: Sampler | None = None) -> None:
    """One seeded random game of `cls`, checked (`leak_check.findings`): fails on the first leak. The
    games of one game id share a sampler unless given one: a kind of move checked in one game is checked
    again in the next only now and then."""
    sampler = sampler or _SAMPLERS.setdefault(cls.id, Sampler(per_kind=2, every=100, seed=len(cls.id)))
    found = findings(cls, players, seed, limit, sampler)
    assert not found, found[:5]
