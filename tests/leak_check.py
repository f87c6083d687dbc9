"""The leak check of tests/contract/test_hidden_cards.py: can a seat tell two cards it has not seen apart?

A seat that has not seen cards a and b cannot tell the game as it stands from the same game with a and
b exchanged: a card in another hand and a card in the deck, two cards of one hand, two cards of the deck
(their order). So `swapped(game, a, b)` builds that other game (a relabelling of the game's own state:
every value that is a or b, as a card or as its code, becomes the other, in lists, tuples, dicts, sets
and small objects; the record of the past, the moves and the log, stays as it was), and the seat's
view, its legal moves and their labels, the reasons the rules give it for refusing a few moves (other
seats' moves, moves naming a or b) and the undo status must all be the same in both. Then the next
move is played in both games (the same move, with a and b exchanged where it names them): where
neither card has become visible to the seat, what it then sees, the new lines of its log among it,
must still be the same. A card named on a screen, a count or an order that depends on a hidden card, a
refusal, a label or an undo status that does: each makes some exchange visible.

Two more checks need no exchange. A game's own word on what a seat has seen (`hidden_from`) is not
taken on trust: a card that no view shows (a card in a deck) must be hidden from every seat, so a card
once face up and since shuffled back cannot pass for seen. And at every move, the new lines of the
log each seat may read must name no card hidden from it (by name or short form, or in their data);
the lines before an event of a kind named "...shuffle..." (a move that shows a card, then shuffles it
back into a deck) are read by the exchanges instead.

A plain module (pytest puts tests/ on sys.path): `findings(...)` plays one seeded random game and says
what leaked; tests/contract/test_hidden_cards.py runs it over every game of the catalog and over games built
to leak (tests/hidden_game.py)."""

from __future__ import annotations

import functools
import random
import re
from collections import Counter

from tabletop_tui.rules.components import decktet
from tabletop_tui.rules.components.cards import RANK_CODES, Card as PlayingCard, card, deck as french_deck
from tabletop_tui.rules.engine import Game, IllegalMove, Move, log_for
from tabletop_tui.rules.hidden import PAST_KEYS, Secret, relabel_state

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_CODES: dict[str, PlayingCard] = {c.code: c for c in french_deck(jokers=2, decks=2)}
CARD_TYPES = (PlayingCard, decktet.Card)
_LEAVES = frozenset((int, float, bool, complex, type(None), bytes, bytearray, range))

# What the check may not assume of a game it reads from the game: the keys of its state and view that
# record what everyone saw, not where a card is now (`Game.view_past`: not relabelled, and a card they
# name may be hidden again since), and which two hidden cards a seat cannot tell apart (`Game.alike`).


# -- cards ------------------------------------------------------------------------------------------


def card_of(token: str):
    """The card object a card's code (a playing card) or name (a Decktet card) stands for, or None."""
    found = _CODES.get(token)
    return found if found is not None else decktet.BY_NAME.get(token)


def token_of(value) -> str | None:
    """The code or name of a card value (a card object, or a string that is a card's code or name), or
    the name of a Secret."""
    if type(value) is Secret:
        return value.name
    if type(value) is str:
        return value if value in _CODES or value in decktet.BY_NAME else None
    if type(value) is PlayingCard:
        return value.code
    if type(value) is decktet.Card:
        return value.name
    return None


@functools.lru_cache(maxsize=None)
def spellings(code: str) -> tuple[str, ...]:
    """How a log line could name a card: its name ("the 7 of spades" without its article) and its short
    form ("7♠"); a Decktet card ("the Castle") by its name without the article ("Castle")."""
    if code in decktet.BY_NAME:
        return (code.removeprefix("the "),)
    c = card(code)
    if c.joker:
        return (c.name,)
    return (c.name.removeprefix("the "), f"{RANK_CODES[c.rank]}{SUIT_SYMBOLS[c.suit]}")


def name_of(code: str) -> str:
    """A card's name, shared by the two copies of a playing card of two decks."""
    return code if code in decktet.BY_NAME else card(code).name


def strings(value) -> list[str]:
    """Every string in a view, keys too."""
    out = []
    stack = [value]
    while stack:
        v = stack.pop()
        t = type(v)
        if t is str:
            out.append(v)
        elif t is dict:
            stack.extend(v)
            stack.extend(v.values())
        elif t in (list, tuple, set, frozenset) or isinstance(v, (list, tuple, set, frozenset)):
            stack.extend(v)
        elif isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            stack.extend(v)
            stack.extend(v.values())
    return out


# -- the game with two cards exchanged -----------------------------------------------------------------


def exchange(a: str, b: str) -> dict:
    """The relabelling that exchanges cards a and b (codes or names): codes, names and card objects."""
    mapping = {a: b, b: a}
    ca, cb = card_of(a), card_of(b)
    if ca is not None and cb is not None:
        mapping[ca], mapping[cb] = cb, ca
    return mapping


def swapped(game, a: str, b: str, past=()):
    """A copy of `game` with cards a and b exchanged everywhere in its own state (not in its moves and
    its log, nor in the keys `past` that record what was seen). Caches (attributes named so) are
    dropped, to be worked out anew. The copy watches what its moves show, as a player's game does."""
    return relabelled(game, exchange(a, b), past)


def relabelled(game, mapping: dict, past=()):
    """A copy of `game` with `mapping` applied to its own state (see `swapped`)."""
    other = game.copy(watch=True)
    relabel_state(other.__dict__, mapping, past)
    return other


def secrets_of(game) -> dict[str, Secret]:
    """The game's Secrets by name, from its places."""
    return {item.name: item for place in game.places() for item in place.items if type(item) is Secret}


def other_values(secret: Secret, rnd: random.Random, most: int = 2) -> list[Secret]:
    """The secret with another of its values in place of its own, at most `most` of them."""
    others = [v for v in secret.choices if v != secret.value]
    return [secret.with_value(v) for v in rnd.sample(others, min(most, len(others)))]


def swap_move(move: Move, a: str, b: str) -> Move:
    """The move with a and b exchanged where it names them."""
    if a not in move.args and b not in move.args:
        return move
    return Move(move.kind, tuple(b if x == a else a if x == b else x for x in move.args))


def places(game, past=()) -> dict[str, tuple]:
    """Where each card lies in the game's state: (the path of the list, attribute or key that holds it,
    its index in that list), the first found; a card found only in sets (what someone has seen) gets
    that set's path."""
    found: dict[str, tuple] = {}
    in_sets: dict[str, tuple] = {}
    seen: set[int] = set()

    def walk(value, path, index, in_set):
        token = token_of(value)
        if token is not None:
            (in_sets if in_set else found).setdefault(token, (path, index))
            return
        t = type(value)
        if t is str or t in _LEAVES or t in CARD_TYPES or callable(value) or id(value) in seen:
            return
        seen.add(id(value))
        if t is list or issubclass(t, tuple):
            for i, v in enumerate(value):
                if token_of(v) is not None:
                    walk(v, path, i, in_set)
                else:
                    walk(v, path + (i,), 0, in_set)
        elif t is dict:
            for k, v in value.items():
                walk(v, path + (k if isinstance(k, (str, int)) else "{}",), 0, in_set)
        elif t in (set, frozenset):
            for v in value:
                walk(v, path + ("{}",), 0, True)
        elif hasattr(value, "__dict__"):
            for k, v in vars(value).items():
                walk(v, path + (k,), 0, in_set)

    for key, value in game.__dict__.items():
        if key not in PAST_KEYS and key not in past:
            walk(value, (key,), 0, False)
    for token, place in in_sets.items():
        found.setdefault(token, place)
    return found


# -- what a seat observes ----------------------------------------------------------------------------


def refusal(game, seat: int, move: Move, legal) -> str:
    """What `seat` is told when it tries `move`: "legal", or the rules' reason for refusing it."""
    if move in legal:
        return "legal"
    try:
        game.play(seat, move)
    except IllegalMove as exc:
        return exc.reason
    raise AssertionError(f"{type(game).__name__} took {move}, a move its legal_moves did not list")


def observe(game, seat, since: int) -> dict:
    """All `seat` (None: the table) learns of the game: its view, its log from event `since` on, the
    undo status and, for a seat, its legal moves and their labels."""
    seen = {"view": game.view(seat), "log": log_for(game.log[since:], seat), "undo": game.undo_status()}
    if seat is not None:
        legal = game.legal_moves(seat)
        seen["moves"] = list(legal)
        seen["labels"] = [game.describe_move(m) for m in legal]
    return seen


def with_refusals(seen: dict, game, seat, tries) -> dict:
    """An observation with the reasons `seat` is given for the moves `tries` (none for the table)."""
    if seat is None:
        return seen
    legal = game.legal_moves(seat)
    return dict(seen, refusals=[(m, refusal(game, seat, m, legal)) for m in tries])


def difference(one, other, path="") -> str:
    """Where two observations differ first, in words."""
    if isinstance(one, dict) and isinstance(other, dict):
        for k in list(one) + [k for k in other if k not in one]:
            if one.get(k, "<missing>") != other.get(k, "<missing>"):
                return difference(one.get(k, "<missing>"), other.get(k, "<missing>"), f"{path}.{k}" if path else str(k))
    if isinstance(one, list) and isinstance(other, list) and len(one) == len(other):
        for i, (x, y) in enumerate(zip(one, other)):
            if x != y:
                return difference(x, y, f"{path}[{i}]")
    return f"{path}: {_short(one)} / {_short(other)}"


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 160 else text[:157] + "..."


def tries_for(game, seat: int, a: str, b: str, rnd: random.Random, n: int = 3) -> list[Move]:
    """A few moves for `seat` to try: other seats' legal moves, and moves naming a or b (a legal move of
    any seat with a card it names replaced by a, or by b)."""
    others: list[Move] = []
    templates: list[Move] = []
    for s in range(len(game.players)):
        legal = game.legal_moves(s)
        if s != seat:
            others.extend(legal)
        templates.extend(m for m in legal if any(token_of(x) is not None for x in m.args if isinstance(x, str)))
    picked = rnd.sample(others, min(n, len(others)))
    for m in rnd.sample(templates, min(n, len(templates))):
        for c in (a, b):
            picked.append(Move(m.kind, tuple(c if isinstance(x, str) and token_of(x) is not None else x
                                              for x in m.args)))
    return list(dict.fromkeys(picked))


# -- one state ---------------------------------------------------------------------------------------


def pairs_for(hidden: set[str], where: dict[str, tuple], alike, rnd: random.Random, most: int) -> list:
    """Pairs of hidden cards to exchange, at most `most` drawn at random from: within each place that
    holds two or more, its last card (a deck's top) and its first with another (their order), and across
    each two places a card of each (an end of it or any card)."""
    groups: dict[tuple, list[str]] = {}
    for token in sorted(hidden, key=lambda t: where.get(t, (("nowhere",), 0))[1]):
        groups.setdefault(where.get(token, (("nowhere",), 0))[0], []).append(token)
    keys = sorted(groups, key=repr)

    def pick(group):
        return rnd.choice((group[0], group[-1], rnd.choice(group)))

    candidates = []
    for i, k in enumerate(keys):
        group = groups[k]
        if len(group) > 1:
            candidates.append((group[-1], rnd.choice(group[:-1])))
        if len(group) > 2:
            candidates.append((group[0], rnd.choice(group[1:])))
        for k2 in keys[i + 1:]:
            candidates.append((pick(group), pick(groups[k2])))
    candidates = list(dict.fromkeys(p for p in candidates if alike is None or alike(*p)))
    if len(candidates) < most:  # few places: any two hidden cards besides
        tokens = sorted(hidden)
        for _ in range(most * 3):
            if len(tokens) < 2 or len(candidates) >= most:
                break
            p = tuple(rnd.sample(tokens, 2))
            if (alike is None or alike(*p)) and p not in candidates:
                candidates.append(p)
    return rnd.sample(candidates, min(most, len(candidates)))


def check_state(game, mover: int | None, move: Move | None, rnd: random.Random, pairs: int = 4) -> list[str]:
    """Everything the check asks of `game` as it stands (and, with a move, of that move): for every seat
    and the table, no hidden card named in its view, no card a view shows nowhere counted as seen, and
    exchanges of hidden cards that it cannot see (see the module). What leaked, in words."""
    past = type(game).view_past
    alike = _alike(game)
    secrets = secrets_of(game)
    seats = [None, *range(len(game.players))]
    out: list[str] = []
    views = {s: game.view(s) for s in seats}
    hidden = {s: game.hidden_from(s) for s in seats}
    where = places(game, past)
    shown_anywhere = set()
    for s in seats:
        texts = set(strings({k: v for k, v in views[s].items() if k not in past}))
        for token in sorted(hidden[s] & texts):
            out.append(f"view({s}) holds {token}, a card hidden from it")
        shown_anywhere |= set(strings(views[s]))
    for token in sorted(set(where) - shown_anywhere - set(secrets)):  # a secret's view shows its value
        for s in seats:
            if token not in hidden[s]:
                out.append(f"{token} is in no view, yet hidden_from({s}) counts it as seen")
    after = None
    if move is not None:
        after = game.copy(watch=True)  # its undo status after the move is the one a player gets
        after.play(mover, move)
    since = len(game.log)
    # the move puts cards someone saw back among the hidden (see `findings`)
    rehidden = after is not None and any(after.hidden_from(s) - hidden[s] for s in seats)
    for s in seats:
        base = observe(game, s, since)
        base_after = observe(after, s, since) if after is not None else None
        hidden_after = after.hidden_from(s) if after is not None else set()
        for name in sorted(set(secrets) & hidden[s]):
            for variant in other_values(secrets[name], rnd):
                other = relabelled(game, {secrets[name]: variant}, past)
                if observe(other, s, since) != base:
                    out.append(f"seat {s} tells {name} = {secrets[name].value!r} from {variant.value!r}: "
                               f"{difference(base, observe(other, s, since))}")
                elif after is not None and (mover == s or move in other.legal_moves(mover)):
                    other.play(mover, move)
                    if name in hidden_after and name in other.hidden_from(s) and \
                            observe(other, s, since) != base_after:
                        out.append(f"seat {s} tells {name} = {secrets[name].value!r} from {variant.value!r} "
                                   f"after {move} by seat {mover}: {difference(base_after, observe(other, s, since))}")
        cards_hidden = {t for t in hidden[s] if t not in secrets}
        for a, b in pairs_for(cards_hidden, where, alike, rnd, pairs):
            tries = tries_for(game, s, a, b, rnd) if s is not None else []
            other = swapped(game, a, b, past)
            mine = with_refusals(base, game, s, tries)
            theirs = with_refusals(observe(other, s, since), other, s, tries)
            if mine != theirs:
                out.append(f"seat {s} tells {a} from {b}: {difference(mine, theirs)}")
                continue
            if after is None:
                continue
            move2 = swap_move(move, a, b)
            if mover != s and move2 not in other.legal_moves(mover):
                continue  # the mover's choices differ: its own cards differ
            other.play(mover, move2)
            if not {a, b} <= hidden_after or not {a, b} <= other.hidden_from(s):
                continue  # the move shows the seat one of them: what follows may tell them apart
            if rehidden and any(sp in e.text for g in (after, other) for e in log_for(g.log[since:], s)
                                for c in (a, b) for sp in spellings(c)):
                continue  # seen cards are shuffled back: the move may show a card and hide it again
            tries = tries_for(after, s, a, b, rnd) if s is not None else []
            mine = with_refusals(base_after, after, s, tries)
            theirs = with_refusals(observe(other, s, since), other, s, tries)
            if mine != theirs:
                out.append(f"seat {s} tells {a} from {b} after {move} by seat {mover}: {difference(mine, theirs)}")
    return out


def _alike(game):
    """Whether two hidden cards may be exchanged: where the game says they look alike."""
    if type(game).alike is Game.alike:  # the engine's: all alike
        return None
    return lambda a, b: game.alike(a) == game.alike(b)


# -- whole games ---------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _spelled() -> tuple:
    """One pattern for every way of naming every card, and the cards each spelling may stand for."""
    cards: dict[str, list[str]] = {}
    for code in [*_CODES, *decktet.BY_NAME]:
        for s in spellings(code):
            cards.setdefault(s, []).append(code)
    pattern = "|".join(re.escape(s) for s in sorted(cards, key=len, reverse=True))
    return re.compile(f"(?=({pattern}))"), cards


def named_in(events, hidden: set[str], sight) -> list[str]:
    """Hidden cards named in these events or in their data. A card is named by its name or its short
    form, unless a card in sight shares its name (the other deck's copy): `sight()` gives the names in
    sight, asked only when some name is found."""
    out = []
    names = None
    pattern, cards = _spelled()
    for event in events:
        for value in strings(event.data):
            if value in hidden:
                out.append(f"data holds {value}: {event.text!r}")
        for found in pattern.finditer(event.text):
            for code in cards[found.group(1)]:
                if code in hidden:
                    if names is None:
                        names = sight()
                    if name_of(code) not in names:
                        out.append(f"names {code}: {event.text!r}")
    return out


def _sight(game, seat, hidden):
    return lambda: {name_of(t) for t in strings(game.view(seat)) if token_of(t) is not None and t not in hidden}


class Sampler:
    """Which states get the whole check: the first `per_kind` of each kind of move (the players at the
    table, the move's kind and the kinds of the events it made), and one in `every` of the others."""

    def __init__(self, per_kind: int = 6, every: int = 40, seed: int = 0):
        self.per_kind = per_kind
        self.every = every
        self.counts: Counter = Counter()
        self.rnd = random.Random(seed)

    def wants(self, kind) -> bool:
        self.counts[kind] += 1
        return self.counts[kind] <= self.per_kind or self.rnd.randrange(self.every) == 0


def findings(cls, players: int, seed: int, limit: int, sampler: Sampler | None = None, pairs: int = 4,
             **options) -> list[str]:
    """Play one seeded random game of `cls` (at most `limit` moves) and say what leaked: at every move the
    new log lines each seat may read must name no card hidden from it; at the states the sampler picks,
    `check_state`."""
    sampler = sampler or Sampler(seed=seed)
    rnd = random.Random(seed)
    check_rnd = random.Random(seed * 7919 + 17)
    game = cls([f"P{i}" for i in range(players)], seed, **options)
    seats = [None, *range(players)]
    out: list[str] = []

    def note(found, moves):
        out.extend(f"{cls.id} seed {seed}, {players} players, move {moves}: {f}" for f in found)

    hidden = {s: game.hidden_from(s) for s in seats}
    for s in seats:
        note([f"log for {s} {f}" for f in named_in(log_for(game.log, s), hidden[s], _sight(game, s, hidden[s]))], 0)
    for _ in range(limit):
        if game.outcome() is not None:
            break
        waiting = [s for s in range(players) if game.legal_moves(s)]
        mover = rnd.choice(waiting)
        move = rnd.choice(game.legal_moves(mover))
        before = game.copy()
        read = len(game.log)
        game.play(mover, move)
        new = game.log[read:]
        moves = len(game.history)
        now = {s: game.hidden_from(s) for s in seats}
        # A move may show a card and then shuffle it back into a deck (whence it may be drawn at once):
        # the events before an event of a kind named "...shuffle..." are not read against what is hidden
        # after the move.
        shuffled = max((i for i, e in enumerate(new) if "shuffle" in e.kind), default=-1)
        for s in seats:
            told = named_in(log_for(new[shuffled + 1:], s), now[s], _sight(game, s, now[s]))
            note([f"log for {s} {f}" for f in told], moves)
        hidden = now
        if sampler.wants((players, move.kind, tuple(sorted({e.kind for e in new})))):
            note(check_state(before, mover, move, check_rnd, pairs), moves - 1)
    else:
        return out
    if sampler.wants((players, "over")):
        note(check_state(game, None, None, check_rnd, pairs), len(game.history))
    return out
