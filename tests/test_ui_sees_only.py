"""The screen check of the Pilot tests (`ui_helpers.assert_sees_only`): a card is hidden since it was last
seen. A card shown and then shuffled back into the deck is named by lines of the log the seat may read:
no leak, and where it lies nobody sees, a record of the past may name it too. A line of the log the seat
may not read, or any other text, naming a hidden card is one."""

from __future__ import annotations

import pytest
from rich.text import Text

from tabletop_tui import catalog
from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.engine import Event, Move, log_for
from tabletop_tui.session import Session
from tabletop_tui.ui.widgets.common import MoveLog

from hidden_game import RESHUFFLE
from ui_helpers import assert_sees_only, screen_text, settle, spellings


@pytest.fixture(autouse=True)
def reshuffle_game(monkeypatch):
    monkeypatch.setitem(catalog.BY_ID, RESHUFFLE.id, RESHUFFLE)


async def test_a_card_shown_then_shuffled_back_is_history_in_the_log_and_a_leak_elsewhere(make_app, store):
    session = Session.new(RESHUFFLE.id, ["Ada", "Bo"], 3, computer=[1], store=store)
    game = session.game
    session.play(0, Move("draw"))
    session.play(1, Move("draw"))
    shown_card = game.hands[0][0]
    session.play(0, Move("show"))  # Ada's card is named to everyone, then shuffled back into the deck
    assert shown_card in game.deck and shown_card in game.hidden_from(0)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        name = card(shown_card).name
        assert f"Ada shows {name}." in screen_text(app)  # in the log: the old check called this a leak
        assert_sees_only(app, screen.session, 0)
        bo = game.hands[1][0]
        never_seen = next(c for c in game.deck if not any(s in screen_text(app) for s in spellings(c)))

        async def shows(*entries) -> None:
            log = screen.query_one("#log", MoveLog)
            log.clear()
            log.add(log_for(game.log, 0))
            for entry in entries:
                if isinstance(entry, Event):
                    log.add([entry])
                else:
                    log.note(Text(f"• {entry}"))
            await settle(pilot, 2)

        # a line Ada may not read, naming Bo's card, is a leak; so is a note naming it
        for entry in (Event(f"Bo draws {card(bo).name}."), f"Remember {card(bo).name}."):
            await shows(entry)
            with pytest.raises(AssertionError):
                assert_sees_only(app, screen.session, 0)
        # a card in the deck that Ada saw, named anywhere, tells where no card lies: a record of the past;
        # one she never saw is a leak
        await shows(f"Remember {name}.")
        assert_sees_only(app, screen.session, 0)
        await shows(f"Remember {card(never_seen).name}.")
        with pytest.raises(AssertionError):
            assert_sees_only(app, screen.session, 0)
