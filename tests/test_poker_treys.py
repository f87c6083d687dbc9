"""Our card poker evaluator against an independent one, treys (lower is better there), on 100,000
seeded random hands each of five, six and seven cards from one deck: the two must sort all 300,000
hands into the same classes of equal hands, in the same order. Takes about 3 seconds."""

import random

from treys import Card as TreysCard
from treys import Evaluator

from tabletop_tui.rules.components.cards import STANDARD
from tabletop_tui.rules.components.poker import hand_value

HANDS = 100_000


def test_we_order_100000_random_hands_of_each_size_exactly_as_treys_does():
    evaluator = Evaluator()
    theirs_of = {c: TreysCard.new(("T" if c.rank == 10 else c.code[0]) + c.suit.lower()) for c in STANDARD}
    rnd = random.Random(2024)
    ours_to_theirs: dict[int, int] = {}
    theirs_to_ours: dict[int, int] = {}
    for i in range(3 * HANDS):
        hand = rnd.sample(STANDARD, 5 + i % 3)
        ours = hand_value(hand)
        theirs = evaluator.evaluate([theirs_of[c] for c in hand], [])
        # one class of equal hands on each side: equal here exactly when equal there
        assert ours_to_theirs.setdefault(ours, theirs) == theirs, hand
        assert theirs_to_ours.setdefault(theirs, ours) == ours, hand
    # and the classes in the same order (treys counts down from the best hand)
    ours_sorted = sorted(ours_to_theirs)
    theirs_in_our_order = [ours_to_theirs[v] for v in ours_sorted]
    assert theirs_in_our_order == sorted(theirs_in_our_order, reverse=True)
    assert len(ours_sorted) > 5000  # most of treys's 7,462 classes were met
