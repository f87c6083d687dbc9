"""Every game of the collection: what the launcher lists and where its parts live (loaded lazily)."""

from __future__ import annotations

import importlib
from typing import NamedTuple


class GameInfo(NamedTuple):
    """A game's entry. (A named tuple: as immutable as a frozen dataclass, and a tenth of its cost to
    define, which the launcher pays before its first frame.)"""

    id: str  # kebab-case, as typed on the command line
    title: str
    family: str  # "Dice", "Cards", "Board", ...
    min_players: int
    max_players: int
    minutes: int
    pitch: str  # one line for the launcher
    rules: str  # "module:Class" of the rules
    bot: str  # "module:Class" of the computer player
    screen: str  # "module:Class" of the game screen
    help: str  # file name in tabletop_tui/rules_help/
    #: the table of the game's screenshot and snapshots: (players, seed, options, how many moves the
    #: computer makes before the picture); empty: the fewest players, seed 1, no options, no move
    scene: tuple = ()
    #: how many whole games the tests have the computer play (`tabletop-tui simulate`): fewer where its
    #: players search deeply
    simulate_games: int = 12
    #: the level of the computer players that make the picture's first moves (a deep search makes a long
    #: wait of a picture whose moves need only look like a game)
    scene_level: str | None = None

    def rules_class(self):
        return _load(self.rules)

    def bot_class(self):
        return _load(self.bot)

    def screen_class(self):
        return _load(self.screen)

    def help_text(self) -> str:
        return read_help(self.help)

    def screenshot_scene(self) -> tuple[list[str], int, dict, int]:
        """The game's picture: players, seed, options and how many moves the computer makes first."""
        if not self.scene:
            return list(SCENE_PLAYERS[: self.min_players]), 1, {}, 0
        players, seed, options, moves = self.scene
        return list(players), seed, dict(options), moves

    @property
    def players_label(self) -> str:
        if self.min_players == self.max_players:
            return "1 player" if self.min_players == 1 else f"{self.min_players} players"
        return f"{self.min_players}-{self.max_players} players"

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "family": self.family,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "minutes": self.minutes,
            "pitch": self.pitch,
        }


#: the names at the table of a picture
SCENE_PLAYERS = ("Ada", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


def _load(path: str):
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        id="second-story",
        title="Second Story",
        family="Cards",
        min_players=2,
        max_players=5,
        minutes=15,
        pitch="Burgle Decktet houses by the roll of two d10; push your luck or lose the bag.",
        rules="tabletop_tui.rules.second_story:SecondStory",
        bot="tabletop_tui.bots.second_story:SecondStoryBot",
        screen="tabletop_tui.ui.screens.second_story:SecondStoryScreen",
        help="second_story.md",
        scene=(("Ada", "Bo", "Cy"), 7, {}, 9),
    ),
    GameInfo(
        id="thief-dice",
        title="Thief Dice",
        family="Dice",
        min_players=2,
        max_players=8,
        minutes=20,
        pitch="Roll two dice for steals, busts and backstabs; the first to six steals robs the rest.",
        rules="tabletop_tui.rules.thief_dice:ThiefDice",
        bot="tabletop_tui.bots.thief_dice:ThiefDiceBot",
        screen="tabletop_tui.ui.screens.thief_dice:ThiefDiceScreen",
        help="thief_dice.md",
        scene=(("Ada", "Bo", "Cy", "Dee"), 3, {}, 14),
    ),
    GameInfo(
        id="fight-the-power",
        title="Fight the Power",
        family="Dice",
        min_players=3,
        max_players=7,
        minutes=25,
        pitch="Elf factions of dice recruit and brawl; grow to eight or shrink to none to win.",
        rules="tabletop_tui.rules.fight_the_power:FightThePower",
        bot="tabletop_tui.bots.fight_the_power:FightThePowerBot",
        screen="tabletop_tui.ui.screens.fight_the_power:FightThePowerScreen",
        help="fight_the_power.md",
        scene=(("Ada", "Bo", "Cy", "Dee", "Eve"), 1, {}, 6),
    ),
    GameInfo(
        id="ten-die-poker",
        title="Ten-Die Poker",
        family="Dice",
        min_players=4,
        max_players=7,
        minutes=30,
        pitch="Poker with red and black dice in locked pairs: the worst hand challenges or folds.",
        rules="tabletop_tui.rules.ten_die_poker:TenDiePoker",
        bot="tabletop_tui.bots.ten_die_poker:TenDiePokerBot",
        screen="tabletop_tui.ui.screens.ten_die_poker:TenDiePokerScreen",
        help="ten_die_poker.md",
        scene=(("Ada", "Bo", "Cy", "Dee", "Eve"), 1, {}, 16),
    ),
    GameInfo(
        id="break-the-bank",
        title="Break the Bank",
        family="Dice",
        min_players=4,
        max_players=8,
        minutes=10,
        pitch="Pay five, roll one more die each time; a 1 busts you, five dice break the Bank.",
        rules="tabletop_tui.rules.break_the_bank:BreakTheBank",
        bot="tabletop_tui.bots.break_the_bank:BreakTheBankBot",
        screen="tabletop_tui.ui.screens.break_the_bank:BreakTheBankScreen",
        help="break_the_bank.md",
        scene=(("Ada", "Bo", "Cy", "Dee", "Eve"), 1, {}, 7),
    ),
    GameInfo(
        id="monster-builder",
        title="Monster Builder",
        family="Dice",
        min_players=3,
        max_players=6,
        minutes=10,
        pitch="Research, scavenge and fight to build a monster of five 6s: head, arms and legs.",
        rules="tabletop_tui.rules.monster_builder:MonsterBuilder",
        bot="tabletop_tui.bots.monster_builder:MonsterBuilderBot",
        screen="tabletop_tui.ui.screens.monster_builder:MonsterBuilderScreen",
        help="monster_builder.md",
        scene=(("Ada", "Bo", "Cy", "Dee"), 1, {}, 34),
    ),
    GameInfo(
        id="darwinian-poker",
        title="Darwinian Poker",
        family="Cards",
        min_players=2,
        max_players=6,
        minutes=15,
        pitch="Plant a secret seed to fish cards out of the Ooze; the best poker hand survives.",
        rules="tabletop_tui.rules.darwinian_poker:DarwinianPoker",
        bot="tabletop_tui.bots.darwinian_poker:DarwinianPokerBot",
        screen="tabletop_tui.ui.screens.darwinian_poker:DarwinianPokerScreen",
        help="darwinian_poker.md",
        scene=(("Ada", "Bo", "Cy", "Dee"), 2, {}, 9),
    ),
    GameInfo(
        id="seven-handed-poker",
        title="Seven-Handed Poker",
        family="Cards",
        min_players=2,
        max_players=2,
        minutes=15,
        pitch="Seven coins, seven poker hands a side; three coins in a row or four in all win.",
        rules="tabletop_tui.rules.seven_handed_poker:SevenHandedPoker",
        bot="tabletop_tui.bots.seven_handed_poker:SevenHandedPokerBot",
        screen="tabletop_tui.ui.screens.seven_handed_poker:SevenHandedPokerScreen",
        help="seven_handed_poker.md",
        scene=(("Ada", "Bo"), 4, {}, 14),
    ),
    GameInfo(
        id="pontifuse",
        title="Pontifuse",
        family="Board",
        min_players=2,
        max_players=2,
        minutes=5,
        pitch="Medieval intrigue on nine territories: flank one and the Early Bird is yours.",
        rules="tabletop_tui.rules.pontifuse:Pontifuse",
        bot="tabletop_tui.bots.pontifuse:PontifuseBot",
        screen="tabletop_tui.ui.screens.pontifuse:PontifuseScreen",
        help="pontifuse.md",
        scene=(("Ada", "Bo"), 5, {}, 6),
    ),
    GameInfo(
        id="thief-in-the-night",
        title="Thief in the Night",
        family="Board",
        min_players=2,
        max_players=2,
        minutes=60,
        pitch="A thief, a gem and six watchmen in a walled castle; showdowns are poker hands.",
        rules="tabletop_tui.rules.thief_in_the_night:ThiefInTheNight",
        bot="tabletop_tui.bots.thief_in_the_night:ThiefInTheNightBot",
        screen="tabletop_tui.ui.screens.thief_in_the_night:ThiefInTheNightScreen",
        help="thief_in_the_night.md",
        scene=(("Ada", "Bo"), 5, {"dawn": 30}, 24),
    ),
    GameInfo(
        id="the-syndicate",
        title="The Syndicate",
        family="Cards",
        min_players=3,
        max_players=3,
        minutes=25,
        pitch="Decktet plots: the mastermind leads a mark, two enforcers follow to foil the scheme.",
        rules="tabletop_tui.rules.the_syndicate:TheSyndicate",
        bot="tabletop_tui.bots.the_syndicate:TheSyndicateBot",
        screen="tabletop_tui.ui.screens.the_syndicate:TheSyndicateScreen",
        help="the_syndicate.md",
        scene=(("Ada", "Bo", "Cy"), 4, {}, 27),
    ),
    GameInfo(
        id="shipwreck",
        title="Shipwreck!",
        family="Cards",
        min_players=2,
        max_players=8,
        minutes=60,
        pitch="Grab treasure on a sinking pirate ship, fight for it, then race for the best lifeboat.",
        rules="tabletop_tui.rules.shipwreck:Shipwreck",
        bot="tabletop_tui.bots.shipwreck:ShipwreckBot",
        screen="tabletop_tui.ui.screens.shipwreck:ShipwreckScreen",
        help="shipwreck.md",
        scene=(("Ada", "Bo", "Cy", "Dee"), 5, {}, 65),
    ),
    GameInfo(
        id="penniless-and-insane",
        title="Penniless and Insane",
        family="Cards",
        min_players=3,
        max_players=7,
        minutes=20,
        pitch="Bid low to buy the best art, but end each round with no money: triple, and insane.",
        rules="tabletop_tui.rules.penniless_and_insane:PennilessAndInsane",
        bot="tabletop_tui.bots.penniless_and_insane:PennilessAndInsaneBot",
        screen="tabletop_tui.ui.screens.penniless_and_insane:PennilessAndInsaneScreen",
        help="penniless_and_insane.md",
        scene=(("Ada", "Bo", "Cy", "Dee"), 6, {}, 29),
    ),
    GameInfo(
        id="board-game-project-55",
        title="Board Game Project #55",
        family="Board",
        min_players=4,
        max_players=4,
        minutes=30,
        pitch="Race four pawns over stepping stones of poker chips; score your stockpile, first to 11.",
        rules="tabletop_tui.rules.board_game_project_55:BoardGameProject55",
        bot="tabletop_tui.bots.board_game_project_55:BoardGameProject55Bot",
        screen="tabletop_tui.ui.screens.board_game_project_55:BoardGameProject55Screen",
        help="board_game_project_55.md",
        scene=(("Ada", "Bo", "Cy", "Dee"), 4, {}, 56),
    ),
    GameInfo(
        id="queensland",
        title="Queensland",
        family="Board",
        min_players=2,
        max_players=6,
        minutes=10,
        pitch="Place checkers, slide one like a queen; open lines between your own score at the end.",
        rules="tabletop_tui.rules.queensland:Queensland",
        bot="tabletop_tui.bots.queensland:QueenslandBot",
        screen="tabletop_tui.ui.screens.queensland:QueenslandScreen",
        help="queensland.md",
        scene=(("Ada", "Bo"), 3, {}, 21),
    ),
    GameInfo(
        id="putwoodys-castle",
        title="Putwoody's Castle",
        family="Board",
        min_players=2,
        max_players=5,
        minutes=10,
        pitch="Red, blue and yellow stones from one supply: each scores the stones of its colour it touches.",
        rules="tabletop_tui.rules.castles:PutwoodysCastle",
        bot="tabletop_tui.bots.castles:CastleBot",
        screen="tabletop_tui.ui.screens.castles:CastleScreen",
        help="putwoodys_castle.md",
        scene=(("Ada", "Bo", "Cy"), 3, {}, 9),
    ),
    GameInfo(
        id="nickies-castle",
        title="Nickie's Castle",
        family="Board",
        min_players=2,
        max_players=5,
        minutes=10,
        pitch="Putwoody's Castle around an open courtyard, with a supply of its own.",
        rules="tabletop_tui.rules.castles:NickiesCastle",
        bot="tabletop_tui.bots.castles:CastleBot",
        screen="tabletop_tui.ui.screens.castles:CastleScreen",
        help="nickies_castle.md",
        scene=(("Ada", "Bo"), 2, {"series": 2}, 11),
    ),
    GameInfo(
        id="hermans-castle",
        title="Herman's Castle",
        family="Board",
        min_players=2,
        max_players=4,
        minutes=10,
        pitch="Claim a corner house: its most common colour scores double, stones in it score nothing.",
        rules="tabletop_tui.rules.castles:HermansCastle",
        bot="tabletop_tui.bots.castles:CastleBot",
        screen="tabletop_tui.ui.screens.castles:CastleScreen",
        help="hermans_castle.md",
        scene=(("Ada", "Bo", "Cy"), 1, {}, 14),
    ),
    GameInfo(
        id="land-grab",
        title="Land Grab",
        family="Board",
        min_players=2,
        max_players=2,
        minutes=15,
        pitch="Chess pieces that never capture: fence off more than half the board with a line of them.",
        rules="tabletop_tui.rules.land_grab:LandGrab",
        bot="tabletop_tui.bots.land_grab:LandGrabBot",
        screen="tabletop_tui.ui.screens.land_grab:LandGrabScreen",
        help="land_grab.md",
        scene=(("Ada", "Bo"), 1, {}, 78),
        scene_level="easy",
        simulate_games=1,  # a game of two searching computer players takes seconds
    ),
    GameInfo(
        id="caribbean-star",
        title="Caribbean Star",
        family="Cards",
        min_players=2,
        max_players=2,
        minutes=15,
        pitch="Rival magicians on a cruise ship: lay cards together, practise, perform; Aces stop a card.",
        rules="tabletop_tui.rules.caribbean_star:CaribbeanStar",
        bot="tabletop_tui.bots.caribbean_star:CaribbeanStarBot",
        screen="tabletop_tui.ui.screens.caribbean_star:CaribbeanStarScreen",
        help="caribbean_star.md",
        scene=(("Ada", "Bo"), 3, {}, 20),
        simulate_games=2,  # its computer player plays each choice out in 32 guessed deals
    ),
    GameInfo(
        id="particle-stream",
        title="Particle Stream",
        family="Cards",
        min_players=4,
        max_players=6,
        minutes=15,
        pitch="Race on a track of card piles: ride in the back, then jump to the front at the last minute.",
        rules="tabletop_tui.rules.particle_stream:ParticleStream",
        bot="tabletop_tui.bots.particle_stream:ParticleStreamBot",
        screen="tabletop_tui.ui.screens.particle_stream:ParticleStreamScreen",
        help="particle_stream.md",
        scene=(("Ada", "Bo", "Cy", "Dee"), 2, {}, 13),
    ),
    GameInfo(
        id="king-of-the-beach",
        title="King of the Beach",
        family="Cards",
        min_players=3,
        max_players=6,
        minutes=40,
        pitch="Players and robots fight up a pyramid of ten with cards; be on top after six rounds.",
        rules="tabletop_tui.rules.king_of_the_beach:KingOfTheBeach",
        bot="tabletop_tui.bots.king_of_the_beach:KingOfTheBeachBot",
        screen="tabletop_tui.ui.screens.king_of_the_beach:KingOfTheBeachScreen",
        help="king_of_the_beach.md",
        scene=(("Ada", "Bo", "Cy"), 2, {}, 14),
    ),
    GameInfo(
        id="short-bus-to-paradise",
        title="Short Bus to Paradise",
        family="Cards",
        min_players=3,
        max_players=6,
        minutes=40,
        pitch="Taxi firms fill cabs with tourists by colour from a secret bag; the rarest trips pay most.",
        rules="tabletop_tui.rules.short_bus_to_paradise:ShortBusToParadise",
        bot="tabletop_tui.bots.short_bus_to_paradise:ShortBusToParadiseBot",
        screen="tabletop_tui.ui.screens.short_bus_to_paradise:ShortBusToParadiseScreen",
        help="short_bus_to_paradise.md",
        scene=(("Ada", "Bo", "Cy", "Dee"), 4, {}, 40),
    ),
    GameInfo(
        id="headless-in-seattle",
        title="Headless in Seattle",
        family="Cards",
        min_players=2,
        max_players=8,
        minutes=5,
        pitch="Chainsaw duels in real time: everyone plays at once; defend your Fighters, attack the rest.",
        rules="tabletop_tui.rules.headless_in_seattle:HeadlessInSeattle",
        bot="tabletop_tui.bots.headless_in_seattle:HeadlessInSeattleBot",
        screen="tabletop_tui.ui.screens.headless_in_seattle:HeadlessInSeattleScreen",
        help="headless_in_seattle.md",
        scene=(("Ada", "Bo", "Cy", "Dee"), 3, {}, 14),
    ),
    GameInfo(
        id="dungeon-crawl",
        title="Dungeon Crawl",
        family="Board",
        min_players=3,
        max_players=6,
        minutes=60,
        pitch="Build a hero from three cards, crawl five zones, kill Monsters and take their stuff.",
        rules="tabletop_tui.rules.dungeon_crawl:DungeonCrawl",
        bot="tabletop_tui.bots.dungeon_crawl:DungeonCrawlBot",
        screen="tabletop_tui.ui.screens.dungeon_crawl:DungeonCrawlScreen",
        help="dungeon_crawl.md",
        scene=(("Ada", "Bo", "Cy"), 3, {}, 60),
    ),
    GameInfo(
        id="hotel-transylvania",
        title="Hotel Transylvania",
        family="Board",
        min_players=3,
        max_players=6,
        minutes=60,
        pitch="Ghosts haunt a bed and breakfast: chain your chips along the rooms and scare guests for points.",
        rules="tabletop_tui.rules.hotel_transylvania:HotelTransylvania",
        bot="tabletop_tui.bots.hotel_transylvania:HotelTransylvaniaBot",
        screen="tabletop_tui.ui.screens.hotel_transylvania:HotelTransylvaniaScreen",
        help="hotel_transylvania.md",
        scene=(("Ada", "Bo", "Cy", "Dee"), 2, {}, 40),
    ),
    GameInfo(
        id="graveyard-shift",
        title="Graveyard Shift",
        family="Board",
        min_players=2,
        max_players=6,
        minutes=60,
        pitch="Sing chips onto wandering Spirits to catch them, and slide the Graveyard like a sliding puzzle.",
        rules="tabletop_tui.rules.graveyard_shift:GraveyardShift",
        bot="tabletop_tui.bots.graveyard_shift:GraveyardShiftBot",
        screen="tabletop_tui.ui.screens.graveyard_shift:GraveyardShiftScreen",
        help="graveyard_shift.md",
        scene=(("Ada", "Bo", "Cy"), 2, {}, 40),
    ),
    GameInfo(
        id="magic-hate-ball",
        title="Magic Hate Ball",
        family="Pool",
        min_players=2,
        max_players=6,
        minutes=10,
        pitch="Pool for a handicap series, on a table here or refereed at a real one: a point a ball, foul and out.",
        rules="tabletop_tui.rules.magic_hate_ball:MagicHateBall",
        bot="tabletop_tui.bots.magic_hate_ball:MagicHateBallBot",
        screen="tabletop_tui.ui.screens.magic_hate_ball:MagicHateBallScreen",
        help="magic_hate_ball.md",
        scene=(("Ada", "Bo", "Cy"), 1, {}, 12),
    ),
    GameInfo(
        id="wild-bill",
        title="Wild Bill",
        family="Pool",
        min_players=2,
        max_players=5,
        minutes=20,
        pitch="Pool with three balls on three spots, on a table here or refereed at a real one: caroms, 30 to win.",
        rules="tabletop_tui.rules.wild_bill:WildBill",
        bot="tabletop_tui.bots.wild_bill:WildBillBot",
        screen="tabletop_tui.ui.screens.wild_bill:WildBillScreen",
        help="wild_bill.md",
        scene=(("Mike", "Dave"), 1, {}, 20),
    ),
    GameInfo(
        id="one-ball",
        title="One Ball",
        family="Pool",
        min_players=1,
        max_players=1,
        minutes=20,
        pitch="Pool alone, on a table here or a real one: call every shot, misses spot a ball, four in a row lose.",
        rules="tabletop_tui.rules.one_ball:OneBall",
        bot="tabletop_tui.bots.one_ball:OneBallBot",
        screen="tabletop_tui.ui.screens.one_ball:OneBallScreen",
        help="one_ball.md",
        scene=(("Ada",), 1, {}, 12),
    ),
)

BY_ID = {g.id: g for g in GAMES}


def read_help(name: str) -> str:
    """A help page of tabletop_tui/rules_help/."""
    from importlib import resources  # loaded when first read, not before the launcher paints

    return resources.files("tabletop_tui.rules_help").joinpath(name).read_text(encoding="utf-8")


class PageInfo(NamedTuple):
    """An entry of the launcher's list that is a page to read, not a game: no seats, no New game."""

    id: str
    title: str
    label: str  # the title short enough for the launcher's list
    family: str
    pitch: str  # one line for the launcher
    help: str  # the page, a file name in tabletop_tui/rules_help/

    def help_text(self) -> str:
        return read_help(self.help)


#: Pages: what the seeds print that cannot be played, listed so that nobody looks for it in vain.
PAGES: tuple[PageInfo, ...] = (
    PageInfo(
        id="industrial-proletariat",
        title="The Establishment of the Industrial Proletariat",
        label="Industrial Proletariat",
        family="Not playable",
        pitch="Chief Herman's unfinished game of dogma and disciples: why no computer can referee it.",
        help="industrial_proletariat.md",
    ),
)

PAGE_BY_ID = {p.id: p for p in PAGES}


def get(game_id: str) -> GameInfo:
    try:
        return BY_ID[game_id]
    except KeyError:
        raise KeyError(f"no game called {game_id!r}; the games are: {', '.join(BY_ID)}") from None
