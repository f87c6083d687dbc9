"""Try the pool table: `python -m tabletop_tui.pool.demo [--computer LEVEL]`. A racked table (fifteen
balls on the Foot Spot, the cue ball behind the Head String); aim with the arrows, power with ↑ ↓,
Space shoots; after a scratch the arrows place the cue ball
behind the Head String and Enter puts it down. With --computer, the computer (at that level) shoots every other shot. r racks again,
q quits. The last shot's outcome is shown under the table."""

from __future__ import annotations

import argparse
import json

from textual.app import App, ComposeResult
from textual.widgets import Static

from tabletop_tui.pool.physics import rack
from tabletop_tui.pool.shooter import choose_shot, pot_score
from tabletop_tui.ui.widgets.pool_table import PoolTable


class PoolDemo(App[None]):
    CSS = "Static#outcome { height: 3; color: #c0c0c0; }"
    BINDINGS = [("q", "quit", "Quit"), ("r", "rack", "Rack")]

    def __init__(self, computer: str | None = None) -> None:
        super().__init__()
        self.computer = computer
        self.shots = 0

    def compose(self) -> ComposeResult:
        yield PoolTable(rack())
        yield Static("Aim with the arrows, Space shoots.", id="outcome", markup=False)

    def on_mount(self) -> None:
        self.query_one(PoolTable).focus()

    def action_rack(self) -> None:
        table = self.query_one(PoolTable)
        table.skip()
        table.set_positions(rack())

    def on_pool_table_shot(self, message: PoolTable.Shot) -> None:
        table = self.query_one(PoolTable)
        shown = {key: value for key, value in message.outcome.items() if key != "rest"}
        self.query_one("#outcome", Static).update(json.dumps(shown))
        self.shots += 1
        if 0 not in table.positions and not (self.computer and self.shots % 2 == 1):
            table.aiming = True  # a scratch: the cue ball in hand behind the Head String
            table.place_cue()
            return
        if 0 not in table.positions:  # the computer's cue ball in hand: on the Head String's middle
            table.set_positions({**{str(k): v for k, v in table.positions.items()}, "0": (20.0, 25.0)})
        self._next()

    def on_pool_table_placed(self, message: PoolTable.Placed) -> None:
        self._next()

    def _next(self) -> None:
        table = self.query_one(PoolTable)
        if self.computer and self.shots % 2 == 1:
            table.aiming = False
            choice = choose_shot(table.positions, pot_score, self.computer, seed=self.shots)
            table.aim(choice.angle)
            table.set_power(choice.power)
            table.shoot()
        else:
            table.aiming = True
            table.aim(table.angle)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--computer", choices=["easy", "normal", "hard"])
    args = parser.parse_args()
    PoolDemo(args.computer).run()


if __name__ == "__main__":
    main()
