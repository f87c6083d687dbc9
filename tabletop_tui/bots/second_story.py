"""A Second Story thief that pushes its luck by expected value.

It values a lair by its sorted suit counts, weighting the second suit (the score) most, then the third,
fourth ... (the tie-breaks), and the top suit a little (it may become the second). Every decision
compares expected values of what would go home:

- a job: chance of success times (bag + what the job yields), since a failure loses the bag;
- going on: the average, over the cards that may come next (every card not yet seen since the last
  shuffle: the game's deck minus the discard pile and tonight's cards), of the best job on that card,
  against the bag taken home now;
- a reroll after a failure: the chance it saves the bag against what it costs (the Excuse, or the
  lair chip risked on a second chance).

On its final night it does not stop while behind: a lost game is lost whatever it carries home.
Chip counts are kept as tuples in suit order so that the values can be cached.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.components import decktet
from tabletop_tui.rules.components.decktet import SUITS
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.second_story import card_kind

#: weights of the sorted suit counts of a lair: the top suit does not score, the second is the score
WEIGHTS = (0.12, 1.0, 0.45, 0.2, 0.08, 0.03)
#: what keeping the Excuse for a later night is worth, in chips of the second suit
EXCUSE_WORTH = 0.5
FLAT_TARGET = {"one_flat": 3, "several_flats": 6, "all_flats": 9}
FLAT_CHIPS = {"one_flat": 1, "several_flats": 2, "all_flats": 3}
INDEX = {s: i for i, s in enumerate(SUITS)}
#: card name -> (kind, security or None, suit indexes)
CARDS = {
    c.name: (card_kind(c), c.rank if isinstance(c.rank, int) else None, tuple(INDEX[s] for s in c.suits))
    for c in decktet.ALL_CARDS
}
JOBS_FOR = {"number": ("thorough", "quick"), "crown": ("quick",), "pawn": tuple(FLAT_TARGET),
            "court": tuple(FLAT_TARGET)}


@lru_cache(maxsize=65536)
def value(counts: tuple) -> float:
    """How much a lair with these suit counts is worth (the score, with the tie-breaks after it)."""
    chain = sorted(counts, reverse=True)
    return sum(w * c for w, c in zip(WEIGHTS, chain))


def key(counts: tuple) -> tuple:
    return tuple(sorted(counts, reverse=True)[1:])


def one_die(target: int) -> float:
    return (11 - max(1, min(10, target))) / 10


def two_dice(target: int) -> float:
    miss = 1 - one_die(target)
    return 1 - miss * miss


def plus(counts: tuple, idxs) -> tuple:
    out = list(counts)
    for i in idxs:
        out[i] += 1
    return tuple(out)


def as_tuple(d: dict) -> tuple:
    return tuple(d.get(s, 0) for s in SUITS)


def job_odds(job: str, security: int | None) -> float:
    if job in FLAT_TARGET:
        return one_die(FLAT_TARGET[job])
    return one_die(security) if job == "thorough" else two_dice(security)


@lru_cache(maxsize=65536)
def best_home(job: str, suits: tuple, home: tuple, bank: tuple) -> tuple:
    """What would go home if the job succeeds, with the best choice of chips."""
    avail = [i for i in suits if bank[i] > 0]
    if job in ("thorough", "all_flats"):
        return plus(home, avail)
    n = FLAT_CHIPS.get(job, 1)
    if len(avail) <= n:
        return plus(home, avail)
    if n == 1:
        return max((plus(home, [i]) for i in avail), key=value)
    pairs = [(a, b) for k, a in enumerate(avail) for b in avail[k + 1:]]
    return max((plus(home, p) for p in pairs), key=value)


#: card name -> [(job, chance of success, suit indexes)] for the jobs open on it
CARD_JOBS = {
    name: [(j, job_odds(j, security), suits) for j in JOBS_FOR.get(kind, ())]
    for name, (kind, security, suits) in CARDS.items()
}


def job_ev(job: str, name: str, home: tuple, lair_value: float, bank: tuple) -> float:
    """Expected value, relative to the lair, of trying this job on this card with this bag."""
    kind, security, suits = CARDS[name]
    return job_odds(job, security) * (value(best_home(job, suits, home, bank)) - lair_value)


@lru_cache(maxsize=65536)
def house_ev(name: str, home: tuple, lair_value: float, bank: tuple) -> tuple[float, float]:
    """The expected value of the best job on this card, and that job's chance of success."""
    best, odds = -1e9, 0.0
    for job, p, suits in CARD_JOBS[name]:
        ev = p * (value(best_home(job, suits, home, bank)) - lair_value)
        if ev > best:
            best, odds = ev, p
    return best, odds


class SecondStoryBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        phase = view["phase"]
        lair = as_tuple(view["lairs"][self.seat])
        bag = as_tuple(view["bag"])
        home = tuple(a + b for a, b in zip(lair, bag))
        bank = as_tuple(view["bank"])
        if phase == "take":
            return max(moves, key=lambda m: value(plus(home, [INDEX[s] for s in m.args])))
        if phase == "job":
            name = view["house"]["name"]
            lv = value(lair)
            return max(moves, key=lambda m: job_ev(m.kind, name, home, lv, bank))
        if phase == "continue":
            kinds = {m.kind: m for m in moves}
            if "go_on" not in kinds:
                return kinds["end_night"]
            return kinds["go_on"] if self._go_on(view, home, lair, bank) else kinds["end_night"]
        if phase == "failed":
            return self._failed(view, moves, home, lair, bank)
        return moves[0]

    # -- going on ----------------------------------------------------------------------------------

    def unseen(self, view: dict) -> list[str]:
        """The names of the cards the next flip may show."""
        if view["deck_count"] == 0:
            return list(view["discard"])
        opts = view.get("options", {})
        seen = Counter(view["discard"])
        seen.update(c["name"] for c in view["revealed"])
        if view.get("excuse_where") in ("beside", "lair"):
            seen["the Excuse"] += 1
        names = []
        for c in decktet.deck(excuse=opts.get("excuse", False), pawns=opts.get("pawns", False),
                              courts=opts.get("courts", False)):
            if seen[c.name]:
                seen[c.name] -= 1
            else:
                names.append(c.name)
        return names

    def go_on_ev(self, view: dict, home: tuple, lair: tuple, bank: tuple) -> float:
        """Expected value, relative to the lair, of flipping one more house (and stopping after it)."""
        names = self.unseen(view)
        if not names:
            return 0.0
        lv = value(lair)
        hv = value(home)
        evs = [house_ev(n, home, lv, bank) for n in names if CARDS[n][0] not in ("ace", "excuse")]
        if evs:
            plain = sum(e for e, _ in evs) / len(evs)
            odds = sum(p for _, p in evs) / len(evs)
        else:
            plain, odds = hv - lv, 1.0
        total = sum(e for e, _ in evs)
        for n in names:
            kind, _, suits = CARDS[n]
            if kind == "excuse":
                total += plain + EXCUSE_WORTH * 0.5
            elif kind == "ace":
                # the Ace adds or takes a chip, then a house follows: the chip survives that house with
                # about the average chance of success
                i = suits[0]
                h = list(home)
                if home[i] > lair[i]:  # a chip of that suit in the bag falls out
                    h[i] -= 1
                elif bank[i] > 0:
                    h[i] += 1
                total += plain + odds * (value(tuple(h)) - hv)
        return total / len(names)

    def _behind(self, view: dict, mine: tuple) -> bool:
        k = key(mine)
        return any(key(as_tuple(l)) > k for s, l in enumerate(view["lairs"]) if s != self.seat)

    def _final_turn(self, view: dict) -> bool:
        return bool(view.get("last_night")) and self.seat in view.get("final_turns", [])

    def _go_on(self, view: dict, home: tuple, lair: tuple, bank: tuple) -> bool:
        if self._final_turn(view) and self._behind(view, home):
            return True
        return self.go_on_ev(view, home, lair, bank) > value(home) - value(lair)

    # -- after a failed roll -------------------------------------------------------------------------

    def _failed(self, view: dict, moves: list[Move], home: tuple, lair: tuple, bank: tuple) -> Move:
        kinds = {m.kind: m for m in moves}
        name = view["house"]["name"]
        kind, security, suits = CARDS[name]
        job = view["job"]
        desperate = self._final_turn(view) and self._behind(view, lair)
        p = job_odds(job, security)
        lv = value(lair)
        saved = value(best_home(job, suits, home, bank)) - lv
        options = {"bust": 0.0}
        if "excuse" in kinds:
            options["excuse"] = p * saved - (0.0 if desperate else EXCUSE_WORTH)
        if "second_chance" in kinds:
            # the chip moves from the lair into the bag: home stays the same, the lair loses it
            risked = list(lair)
            risked[suits[0]] -= 1
            lose = value(tuple(risked)) - lv
            options["second_chance"] = p * saved + (1 - p) * lose + (0.3 if desperate else 0.0)
        return kinds[max(options, key=options.get)]
