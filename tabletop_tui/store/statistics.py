"""Statistics: the finished games and their standings (a draw is never a win), per player name and
game, for the statistics screen and the command line."""

from __future__ import annotations

import json
import re
import sqlite3
from typing import Any

from tabletop_tui.rules.words import shorten
from tabletop_tui.store.codec import _check_outcome, _check_computer, _dumps, _score_of
from tabletop_tui.store.database import _now
from tabletop_tui.store.errors import StoreError

#: The standings of finished games (st), their saves (s) and how many seats each game placed first
#: (f.firsts: more than one is a draw), for the statistics' queries.
_FINISHED_STANDINGS = ("FROM standings st JOIN saves s ON s.id = st.save_id "
                       "JOIN (SELECT save_id, sum(place = 1) AS firsts FROM standings GROUP BY save_id) f "
                       "ON f.save_id = st.save_id WHERE s.finished IS NOT NULL")


#: The games whose handicaps belong to the person and are kept here, and how a standing's detail says
#: the handicap before and after the game.
HANDICAP_GAMES = frozenset({"magic-hate-ball"})
_HANDICAP_DETAIL = re.compile(r"handicap (-?\d+) -> (-?\d+)")


class StatisticsMixin:
    """`Store`'s finished games and statistics (see `Store`)."""

    def _finish(self, save_id: str, outcome_json: dict, now: float | None = None) -> None:
        row = self._conn.execute("SELECT game, setup, computer FROM saves WHERE id = ?", (save_id,)).fetchone()
        if row is None:
            raise StoreError(f"there is no saved game {shorten(save_id)}")
        try:
            players = json.loads(row[1])["players"]
            computer = set(json.loads(row[2]))
        except (ValueError, TypeError, KeyError) as exc:
            raise StoreError(f"save {save_id} is damaged: {exc}") from None
        rows = _check_outcome(outcome_json, len(players))
        try:
            text = _dumps(outcome_json)
        except (TypeError, ValueError) as exc:
            raise StoreError(f"the outcome cannot be saved: {exc}") from None
        now = _now() if now is None else now
        self._conn.execute("UPDATE saves SET finished = ?, outcome = ?, updated = ? WHERE id = ?",
                           (now, text, now, save_id))
        self._conn.execute("DELETE FROM standings WHERE save_id = ?", (save_id,))
        self._conn.executemany(
            "INSERT INTO standings (save_id, seat, game, name, place, computer) VALUES (?, ?, ?, ?, ?, ?)",
            [(save_id, seat, row[0], name, place, int(seat in computer)) for seat, name, place in rows],
        )
        if row[0] in HANDICAP_GAMES:
            self._keep_handicaps(save_id, row[0], outcome_json, computer, now)

    # -- handicaps --------------------------------------------------------------------------------

    def _keep_handicaps(self, save_id: str, game: str, outcome_json: dict, computer: set, now: float) -> None:
        """A finished handicap game's new handicaps, one row per person (the computer's seats keep
        none): read from its standings' details ("...; handicap 4 -> 3")."""
        self._conn.execute("DELETE FROM handicaps WHERE save_id = ?", (save_id,))
        for standing in outcome_json.get("standings") or []:
            found = _HANDICAP_DETAIL.search(str(standing.get("detail", "")))
            seat = standing.get("seat")
            if found is None or seat in computer:
                continue
            self._conn.execute(
                "INSERT INTO handicaps (name, game, value, at, save_id, seat) VALUES (?, ?, ?, ?, ?, ?)",
                (str(standing.get("name", "")), game, int(found.group(2)), now, save_id, seat))

    def _handicap_rows(self, sql: str, game: str) -> list:
        """The rows of a query of the handicaps; none where the store has no such table (an older store
        opened for reading only)."""
        with self._lock:
            try:
                return self._conn.execute(sql, (game,)).fetchall()
            except sqlite3.OperationalError:
                return []

    def handicaps(self, game: str = "magic-hate-ball") -> dict[str, int]:
        """Every person's handicap now in a handicap game (the last change kept)."""
        rows = self._handicap_rows("SELECT name, value FROM handicaps WHERE game = ? ORDER BY at, rowid", game)
        return {name: value for name, value in rows}

    def handicap(self, name: str, game: str = "magic-hate-ball", default: int = 4) -> int:
        """A person's handicap now, or `default` for a newcomer."""
        return self.handicaps(game).get(name, default)

    def handicap_history(self, game: str = "magic-hate-ball") -> dict[str, list[dict]]:
        """Per person, every change of their handicap, oldest first: {"value", "at", "save_id"}."""
        rows = self._handicap_rows(
            "SELECT name, value, at, save_id FROM handicaps WHERE game = ? ORDER BY at, rowid", game)
        history: dict[str, list[dict]] = {}
        for name, value, at, save in rows:
            history.setdefault(name, []).append({"value": value, "at": at, "save_id": save})
        return history

    def set_handicap(self, name: str, value: int, game: str = "magic-hate-ball") -> None:
        """Set a person's handicap by hand (a series begun elsewhere)."""
        with self._lock, self._write():
            self._conn.execute(
                "INSERT INTO handicaps (name, game, value, at, save_id, seat) VALUES (?, ?, ?, ?, NULL, NULL)",
                (name, game, int(value), _now()))

    def stats(self, game_id: str | None = None) -> list[dict]:
        """Per player name and game, from the finished games: {"game", "player", "played", "wins",
        "drawn", "best"}: wins = games placed first alone; drawn = games whose first place this player
        shared (a draw is never a win); best = best place. Sorted by game, then most wins, most draws,
        most played, best place, name. `game_id` keeps only that game."""
        sql = ("SELECT st.game, st.name, count(*), sum(st.place = 1 AND f.firsts = 1), "
               "sum(st.place = 1 AND f.firsts > 1), min(st.place) " + _FINISHED_STANDINGS)
        args: tuple = ()
        if game_id is not None:
            sql += " AND st.game = ?"
            args = (game_id,)
        sql += " GROUP BY st.game, st.name ORDER BY st.game, 4 DESC, 5 DESC, 3 DESC, 6, st.name"
        with self._lock:
            rows = self._conn.execute(sql, args).fetchall()
        return [{"game": g, "player": n, "played": p, "wins": w, "drawn": d, "best": b}
                for g, n, p, w, d, b in rows]

    def finished_games(self, game_id: str | None = None) -> list[dict]:
        """The finished games, the most recently finished first: {"id", "game", "title", "players",
        "computer", "seed", "moves" (how many), "finished" (Unix time), "outcome" (the outcome's JSON,
        or None if unreadable)}. A save whose setup cannot be read is left out (`all_saves` names it)."""
        sql = ("SELECT s.id, s.game, s.title, s.setup, s.computer, s.finished, s.outcome, "
               "(SELECT count(*) FROM moves m WHERE m.save_id = s.id) FROM saves s WHERE s.finished IS NOT NULL")
        args: tuple = ()
        if game_id is not None:
            sql += " AND s.game = ?"
            args = (game_id,)
        sql += " ORDER BY s.finished DESC, s.id"
        with self._lock:
            rows = self._conn.execute(sql, args).fetchall()
        out = []
        for save_id, game, title, setup_text, computer_text, finished, outcome_text, count in rows:
            try:
                setup = json.loads(setup_text)
                players = setup["players"]
                computer = _check_computer(json.loads(computer_text), len(players))
            except (ValueError, TypeError, KeyError, StoreError):
                continue
            try:
                outcome = json.loads(outcome_text) if outcome_text else None
            except ValueError:
                outcome = None
            out.append({"id": save_id, "game": game, "title": title, "players": list(players), "computer": computer,
                        "seed": setup.get("seed", 0), "moves": count, "finished": finished, "outcome": outcome})
        return out

    def records(self, game_id: str | None = None, form: int = 5, by_game: bool = True) -> list[dict]:
        """The statistics screen's figures, from the finished games, per game, player name and kind
        of seat (a person and the computer playing under the same name are counted apart):
        {"game", "player", "computer" (bool), "played", "wins", "drawn", "best" (best place),
        "high_score", "low_score", "average" (of the scores that are numbers; None where none is: a
        game where the lower score is better has both ends), "scores" (the
        numeric scores, oldest first, for a chart), "form" (the last `form` results, oldest first:
        "W" a win, "D" a first place shared, else the place as a number)}.
        Sorted as `stats` sorts; `game_id` keeps only that game. With `by_game` False, each name and
        kind of seat over all games ("game" is "", "games" how many games it played, no scores)."""
        sql = "SELECT st.game, st.name, st.computer, st.place, f.firsts, s.outcome, st.seat " + _FINISHED_STANDINGS
        args: tuple = ()
        if game_id is not None:
            sql += " AND st.game = ?"
            args = (game_id,)
        sql += " ORDER BY s.finished, s.id"
        with self._lock:
            rows = self._conn.execute(sql, args).fetchall()
        table: dict[tuple, dict] = {}
        outcomes: dict[str, Any] = {}
        for game, name, computer, place, firsts, outcome_text, seat in rows:
            key = (game if by_game else "", name, bool(computer))
            r = table.setdefault(key, {"game": key[0], "player": name, "computer": bool(computer), "played": 0,
                                       "wins": 0, "drawn": 0, "best": place, "scores": [], "results": [],
                                       "games": set()})
            r["played"] += 1
            r["games"].add(game)
            result: Any = place
            if place == 1:
                if firsts == 1:
                    r["wins"] += 1
                    result = "W"
                else:
                    r["drawn"] += 1
                    result = "D"
            r["results"].append(result)
            r["best"] = min(r["best"], place)
            if outcome_text not in outcomes:
                try:
                    outcomes[outcome_text] = json.loads(outcome_text) if outcome_text else None
                except ValueError:
                    outcomes[outcome_text] = None
            score = _score_of(outcomes[outcome_text], seat) if by_game else None
            if score is not None:
                r["scores"].append(score)
        out = []
        for r in table.values():
            scores = r["scores"]
            r["high_score"] = max(scores) if scores else None
            r["low_score"] = min(scores) if scores else None
            r["average"] = sum(scores) / len(scores) if scores else None
            r["form"] = r.pop("results")[-form:] if form > 0 else []
            r["games"] = len(r["games"])
            out.append(r)
        out.sort(key=lambda r: (r["game"], -r["wins"], -r["drawn"], -r["played"], r["best"], r["player"],
                                r["computer"]))
        return out
