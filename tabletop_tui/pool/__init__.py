"""The pool table in the terminal: the physics of a shot (pymunk, `physics`), a computer shooter that
samples shots in it (`shooter`), and a small demo (`python -m tabletop_tui.pool.demo`). The widget that
draws the table is `tabletop_tui.ui.widgets.pool_table`.

A shot's outcome is data (see `physics.simulate_shot`): the rules read it exactly as they read a
referee's entry, so that replay and resume never run the physics again. Nothing in rules/ imports this
package."""
