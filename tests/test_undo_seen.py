"""Undo never takes back a move that showed some seat something: a card seen (it left a seat's
`hidden_from`), a private event another seat read, a draw from the random stream. The engine finds
these by itself; a person's `u` (Session.undo, which also takes back the computer's replies) stops there,
so nobody samples a hand by playing, looking and taking back."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.rules.components.cards import card, shuffled
from tabletop_tui.rules.engine import Game, IllegalMove, Move, Outcome, rank_standings
from tabletop_tui.session import Session

HIDDEN_HAND_GAMES = ("shipwreck", "the-syndicate", "thief-in-the-night", "seven-handed-poker", "darwinian-poker",
                     "penniless-and-insane")


def names_for(game_id: str) -> list[str]:
    from tabletop_tui import catalog

    cls = catalog.get(game_id).rules_class()
    return ["Ada", "Bo", "Cy", "Di"][:max(cls.min_players, min(3, cls.max_players))]


def unseen(game) -> list[set]:
    return [set(game.hidden_from(s)) for s in range(len(game.players))]


def showed_something(before: list[set], after: list[set], events, mover: int) -> bool:
    """Whether a move showed a seat a card it had not seen, or told another seat something privately."""
    return (any(was - now for was, now in zip(before, after))
            or any(e.to is not None and e.to != (mover,) for e in events))


def play_seen(session: Session, seat: int, move: Move) -> bool:
    """Play a move through the session; whether it showed some seat something."""
    before = unseen(session.game)
    events = session.play(seat, move)
    return showed_something(before, unseen(session.game), events, seat)


# --------------------------------------------------------------------------------------------
# every move that showed something, in thousands of states of the real games


def test_no_move_that_showed_a_seat_something_is_ever_taken_back():
    """Random games through a Session, one seat a computer (its moves taken back with the person's):
    after every move that showed any seat a card or told another seat something, undo is refused and
    the move stays; every undo that works takes back only moves that showed nothing."""
    states = {}
    for game_id in HIDDEN_HAND_GAMES:
        shown = undos = played = seed = 0
        while played < 600:  # moves played in each game, over as many seeds as that takes
            seed += 1
            rnd = random.Random(seed)
            session = Session.new(game_id, names_for(game_id), 1000 + seed, computer=[1])
            flags: list[bool] = []  # per move of the history: did it show something
            for _ in range(150):
                if session.over():
                    break
                played += 1
                seat = session.game.to_act()[0]
                legal = session.game.legal_moves(seat)
                move = legal[rnd.randrange(len(legal))]
                flags.append(play_seen(session, seat, move))
                if flags[-1]:
                    shown += 1
                    assert not session.undo_status()[0], f"{game_id} (seed {seed}): {move} showed a card"
                    history = list(session.game.history)
                    with pytest.raises(IllegalMove, match="Not past"):
                        session.undo()
                    assert session.game.history == history
                elif rnd.random() < 0.08 and session.undo_status()[0]:
                    taken = session.undo()
                    undos += 1
                    assert not any(flags[len(flags) - taken:]), f"{game_id} (seed {seed}): undo passed a card seen"
                    del flags[len(flags) - taken:]
                    assert len(session.game.history) == len(flags)
        states[game_id] = (shown, undos)
    for game_id, (shown, undos) in states.items():
        assert shown >= 20, (game_id, shown)  # the games did show cards: the check above was put to work
    assert sum(undos for _, undos in states.values()) >= 20


# --------------------------------------------------------------------------------------------
# (a) a person's undo does not take back the computer's reply when the reply showed a card


def find_reply_that_shows(game_id: str, seeds=range(40)):
    """A session (seat 0 a person, the others computer players) just after the computer's replies
    to a move of the person that showed nothing, one of which showed the person a card."""
    for seed in seeds:
        rnd = random.Random(seed)
        n = len(names_for(game_id))
        session = Session.new(game_id, names_for(game_id), 500 + seed, computer=list(range(1, n)))
        for _ in range(300):
            if session.over():
                break
            if 0 not in session.human_to_act():
                step = session.computer_move()
                play_seen(session, *step)
                continue
            legal = session.game.legal_moves(0)
            if play_seen(session, 0, legal[rnd.randrange(len(legal))]):
                continue
            seen_by_person = False
            while not session.over() and 0 not in session.human_to_act():
                seat, move = session.computer_move()
                before = unseen(session.game)[0]
                session.play(seat, move)
                seen_by_person = seen_by_person or bool(before - unseen(session.game)[0])
            if seen_by_person:
                return session
    raise AssertionError(f"no computer reply in {game_id} showed the person a card")


@pytest.mark.parametrize("game_id", ["shipwreck", "the-syndicate"])
def test_a_persons_undo_keeps_a_card_the_computer_showed(game_id):
    session = find_reply_that_shows(game_id)
    history, view = list(session.game.history), session.game.view(0)
    ok, why = session.undo_status()
    assert not ok and why.startswith("Not past")
    with pytest.raises(IllegalMove, match="Not past"):
        session.undo()
    assert session.game.history == history and session.game.view(0) == view


# --------------------------------------------------------------------------------------------
# (b) Thief in the Night's tied showdown shows both best fives and changes nothing else


def test_a_tied_showdown_in_thief_in_the_night_is_final():
    for seed in range(813, 860):  # (a tie that draws nothing is rare in random play: none before seed 813)
        rnd = random.Random(seed)
        session = Session.new("thief-in-the-night", ["Ada", "Bo"], seed)
        for _ in range(900):
            if session.over():
                break
            seat = session.game.to_act()[0]
            legal = session.game.legal_moves(seat)
            draws = session.game.rng.draws
            events = session.play(seat, legal[rnd.randrange(len(legal))])
            tied = [e for e in events if e.kind == "showdown" and e.data.get("result") == "tie"]
            if tied and session.game.rng.draws == draws:  # nothing drawn: only the cards shown
                history = list(session.game.history)
                assert not session.undo_status()[0]
                with pytest.raises(IllegalMove, match="Not past"):
                    session.undo()
                assert session.game.history == history
                assert session.game.showdown["result"] == "tie"
                return
    raise AssertionError("no tied showdown without a draw was found")


# --------------------------------------------------------------------------------------------
# (c) a seat's own plays, seen by the others, stay played


@pytest.mark.parametrize("game_id,kinds", [
    ("the-syndicate", {"lead", "play"}),
    ("shipwreck", {"fight", "raise", "discard"}),
    ("thief-in-the-night", {"stay", "go", "chain"}),
])
def test_a_play_the_other_seats_saw_cannot_be_taken_back(game_id, kinds):
    found = set()
    for seed in range(8):
        rnd = random.Random(seed)
        session = Session.new(game_id, names_for(game_id), 70 + seed)
        for _ in range(400):
            if session.over():
                break
            seat = session.game.to_act()[0]
            legal = session.game.legal_moves(seat)
            move = legal[rnd.randrange(len(legal))]
            before = unseen(session.game)
            session.play(seat, move)
            after = unseen(session.game)
            others_saw = any(before[s] - after[s] for s in range(len(after)) if s != seat)
            if move.kind in kinds and others_saw and not session.over():
                found.add(move.kind)
                assert session.undo_status() == (False, f"Not past {session.game.chance}.")
        if found == kinds:
            return
    assert found == kinds


# --------------------------------------------------------------------------------------------
# a game that never calls revealed()


class Peek(Game):
    """Two players draw in turn from a deck shuffled at the start, into hands the other does not see,
    or pass. It never calls `revealed()`: the engine sees the draws in `hidden_from`."""

    id = "peek-test"
    title = "Peek"
    hidden_information = True
    chance = "a card seen"

    def __init__(self, players, seed=0, **options):
        super().__init__(players, seed, **options)
        self.deck = [c.code for c in shuffled(self.rng)]
        self.hands = [[], []]
        self.bids: list = [None, None]
        self.turn = 0
        self.moves = 0

    def to_act(self):
        return [] if self.outcome() else [self.turn]

    def legal_moves(self, seat):
        if self.outcome() or seat != self.turn:
            return []
        return [Move("draw"), Move("pass"), *(Move("bid", (c,)) for c in self.hands[seat][:1])]

    def _apply(self, seat, move):
        name = self.players[seat]
        self.moves += 1
        self.turn = 1 - seat
        if move.kind == "pass":
            return [self.say(f"{name} passes.")]
        if move.kind == "bid":  # face down: only the bidder reads which card
            self.bids[seat] = move.args[0]
            return [self.tell(seat, f"{name} bids {card(move.args[0]).name}.", public=f"{name} bids face down.")]
        code = self.deck.pop()
        self.hands[seat].append(code)
        return [self.tell(seat, f"{name} draws {card(code).name}.", public=f"{name} draws a card.")]

    def view(self, seat):
        return {"hand": list(self.hands[seat]) if seat is not None else [], "deck": len(self.deck)}

    def hidden_from(self, seat):
        return {c for s, h in enumerate(self.hands) if s != seat for c in h} | set(self.deck)

    def outcome(self):
        if self.moves < 8:
            return None
        return Outcome(rank_standings(self.players, [(len(h),) for h in self.hands], [len(h) for h in self.hands]),
                       "The longest hand wins.")


class Whisper(Peek):
    """Peek without `hidden_from`: what the engine knows is that the drawer was told a card alone."""

    id = "whisper-test"
    hidden_from = Game.hidden_from


class Turn(Peek):
    """Peek where a pass turns a card that `hidden_from` does not declare, and says so by `revealed()`."""

    id = "turn-test"

    def _apply(self, seat, move):
        if move.kind == "pass":
            self.revealed()
        return super()._apply(seat, move)


def test_a_game_that_never_calls_revealed_still_cannot_undo_a_card_seen():
    game = Peek(["Ada", "Bo"], 5)
    game.play(0, Move("pass"))
    assert game.undo_status() == (True, "")  # nothing seen
    game.play(1, Move("draw"))
    assert game.undo_status() == (False, "Not past a card seen.")
    drawn = game.hands[1][0]
    game.play(0, Move("pass"))
    assert game.undone().hands[1] == [drawn]  # the pass goes back, the draw stays
    assert game.reveals == 0 and game.rng.draws == 1  # no revealed(), no draw after the shuffle
    # The echo of a face-down bid to the bidder alone shows nobody anything new: it can be taken back.
    game.play(1, Move("bid", (drawn,)))
    assert game.undo_status() == (True, "")
    assert game.undone().bids == [None, None]
    # revealed() still makes a move final, for what hidden_from does not declare.
    turned = Turn(["Ada", "Bo"], 5)
    turned.play(0, Move("pass"))
    assert not turned.undo_status()[0]


def test_a_private_event_is_final_where_the_game_declares_no_hidden_cards():
    game = Whisper(["Ada", "Bo"], 5)
    game.play(0, Move("pass"))
    assert game.undo_status() == (True, "")
    game.play(1, Move("draw"))
    assert game.undo_status() == (False, "Not past a card seen.")


def test_a_copy_for_looking_ahead_takes_none_of_its_moves_back_and_its_record_does():
    game = Peek(["Ada", "Bo"], 5)
    twin = game.copy()
    twin.play(0, Move("pass"))
    assert not twin.undo_status()[0]  # a copy does not look at what its moves show
    rebuilt = Peek.from_record(twin.record())
    assert rebuilt.undo_status() == (True, "")
    game.play(0, Move("pass"))
    assert game.undo_status() == (True, "")  # the original watches as before
    assert game.copy().undo_status() == (True, "")  # and a copy keeps the floor it was made with
    watching = game.copy(watch=True)  # a copy that watches, as a player's game does
    watching.play(1, Move("pass"))
    assert watching.undo_status() == (True, "")
    watching.play(0, Move("draw"))
    assert watching.undo_status() == (False, "Not past a card seen.")


def test_a_secret_shown_to_the_others_cannot_be_taken_back():
    """A bid laid face down (a `Secret`, not a card) may be taken back while only its owner knows it; the
    move that shows every bid is final, though no card was seen and nothing was drawn."""
    from hidden_game import Bids

    game = Bids(["Ada", "Bo"], 1)
    game.play(0, Move("bid", (3,)))
    assert game.undo_status() == (True, "")
    game.play(1, Move("bid", (5,)))
    assert game.undo_status()[0] is False
    assert game.rng.draws == 0 and game.reveals == 0
