"""What this program changes in Textual (tabletop_tui/ui/textual_patches.py) gives what Textual gives."""

import random
import sys
from contextlib import nullcontext

from rich.segment import Segment
from rich.style import Style
from textual import on
from textual.css.stylesheet import Stylesheet
from textual.message import Message
from textual.message_pump import MessagePump
from textual.strip import Strip
from textual.widget import Widget

from tabletop_tui import catalog
from tabletop_tui.ui import textual_patches
from tabletop_tui.ui.app import TabletopApp  # noqa: F401


def test_a_strip_makes_each_cache_when_first_used_and_works_as_textuals():
    strip = Strip([Segment("hello ", Style(bold=True)), Segment("world")])
    slots = textual_patches.STRIP_CACHES
    assert all(name not in _set_slots(strip) for name in slots)
    assert strip.crop(2, 8).text == "llo wo" and strip.crop(2, 8) is strip.crop(2, 8)  # (kept, as Textual)
    assert "_crop_cache" in _set_slots(strip) and "_divide_cache" not in _set_slots(strip)
    assert [piece.text for piece in strip.divide([3, 8])] == ["hel", "lo wo"]
    assert strip._crop_cache._maxsize == 16 and strip._divide_cache._maxsize == 4
    with textual_patches.as_released():
        released = Strip([Segment("abc")])
    assert all(name in _set_slots(released) for name in slots)  # (Textual's own makes all seven)
    assert all(name not in _set_slots(Strip([Segment("abc")])) for name in slots)  # (ours again)


def _set_slots(strip: Strip) -> set[str]:
    out = set()
    for name in Strip.__slots__:
        try:
            object.__getattribute__(strip, name)
        except AttributeError:
            continue
        out.add(name)
    return out


def _everything(cls: type) -> list[type]:
    out, todo = [], [cls]
    while todo:
        one = todo.pop()
        out.append(one)
        todo.extend(one.__subclasses__())
    return out


def test_every_part_of_the_program_gets_the_handlers_textual_would_give_it():
    textuals = textual_patches._TEXTUALS[MessagePump, "_get_dispatch_methods"]
    for info in catalog.GAMES:
        info.screen_class()  # (every game's screen and parts loaded)
    classes = [cls for cls in _everything(MessagePump) if not cls.__module__.startswith("test")]
    assert len(classes) > 120
    names = {"on_key", "on_mount", "on_resize", "on_idle", "on_message", "on_click", "on_mouse_move",
             "on_show", "on_hide", "on_compose", "on_unmount", "on_focus", "on_blur", "on_timer"}
    compared = 0
    for cls in classes:
        receiver = object.__new__(cls)
        for name in names:
            message = Message()
            ours = [(found, method.__func__) for found, method in textual_patches._get_dispatch_methods(
                receiver, name, message)]
            theirs = [(found, method.__func__) for found, method in textuals(receiver, name, message)]
            assert ours == theirs, (cls, name)
            compared += bool(theirs)
    assert compared > 100  # (most of them have some handler for some of these)


def test_handlers_stop_where_one_prevents_the_default_and_on_handlers_still_reach_theirs():
    called: list[str] = []

    class Ping(Message):
        pass

    class Base(Widget):
        def on_ping(self, message):
            called.append("base")

    class Child(Base):
        def on_ping(self, message):
            called.append("child")
            if self.stop_there:
                message.prevent_default()

    class Decorated(Base):
        @on(Ping)
        def pinged(self, message):
            called.append("decorated")

    handler = Ping.handler_name
    for stop_there, expected in ((False, ["child", "base"]), (True, ["child"])):
        called.clear()
        child = object.__new__(Child)
        child.stop_there = stop_there
        message = Ping()
        for _cls, method in textual_patches._get_dispatch_methods(child, handler, message):
            method(message)
        assert called == expected
    assert textual_patches._HANDLERS[Child, handler] is not None
    called.clear()
    decorated, message = object.__new__(Decorated), Ping()
    message._sender = decorated
    for _cls, method in textual_patches._get_dispatch_methods(decorated, handler, message):
        method(message)
    assert called == ["decorated", "base"] and textual_patches._HANDLERS[Decorated, handler] is None


def test_a_frame_is_written_out_for_the_terminal_as_textual_writes_it():
    from rich.console import Console
    from textual._compositor import ChopsUpdate

    textuals = textual_patches._TEXTUALS[ChopsUpdate, "render_segments"]
    console = Console(color_system="truecolor", force_terminal=True)
    rnd = random.Random(7)
    styles = [None, Style(bold=True), Style(color="#ff0000", bgcolor="#000010"), Style(dim=True, italic=True)]
    for _ in range(300):
        height = rnd.randint(1, 6)
        chops, ends, spans = [], [], []
        for y in range(height):
            cuts = sorted(rnd.sample(range(1, 40), rnd.randint(1, 4)))
            starts = [0, *cuts[:-1]]
            line = {}
            for x, end in zip(starts, cuts):
                line[x] = None if rnd.random() < 0.2 else Strip(
                    [Segment("".join(rnd.choice("ab █é") for _ in range(end - x)), rnd.choice(styles))])
            chops.append(line)
            ends.append(cuts)
            x1 = rnd.randint(0, cuts[-1] - 1)
            spans.append((y, x1, rnd.randint(x1, cuts[-1] + 2)))
        update = ChopsUpdate(chops, spans, ends)
        assert textual_patches._render_segments(update, console) == textuals(update, console)


async def test_after_a_layout_the_full_map_is_the_one_it_made_and_not_made_again(monkeypatch):
    # a widget off the screen refreshed marks Textual's full map out of date as the layout begins; the
    # layout makes the full map anew, and a look at a widget's region then takes that map (Textual made
    # it again, the same): it is what a layout from nothing makes
    from textual.app import App, ComposeResult
    from textual._compositor import Compositor
    from textual.containers import VerticalScroll
    from textual.widgets import Static

    class Tall(App):
        def compose(self) -> ComposeResult:
            with VerticalScroll():
                for i in range(30):
                    yield Static(f"line {i}", id=f"s{i}")

    made = []
    arrange_root = Compositor._arrange_root

    def counted(self, *args, **kwargs):
        made.append(sys._getframe(1).f_code.co_name)  # (who asked: reflow, full_map...)
        return arrange_root(self, *args, **kwargs)

    monkeypatch.setattr(Compositor, "_arrange_root", counted)
    for released in (False, True):
        app = Tall()
        async with app.run_test(size=(30, 10)) as pilot:
            await pilot.pause()
            screen = app.screen
            compositor = screen._compositor
            with textual_patches.as_released() if released else nullcontext():
                made.clear()
                app.query_one("#s3").update("line 3, longer\nand two lines")  # (a layout)
                app.query_one("#s25").refresh()  # (off the screen: the map out of date, by the layout)
                await pilot.pause()
                region = app.query_one("#s4").region
                assert region == compositor._arrange_root(screen, screen.size, visible_only=False)[0][
                    app.query_one("#s4")].region
                assert "reflow" in made, made
                # Textual's full map made again after the layout made it
                assert made.count("full_map") == (1 if released else 0), made


async def test_widgets_refreshed_in_one_change_are_checked_at_its_end_and_drawn():
    # within idle_checks_gathered, a widget refreshed is sent no Prompt (Textual sends each one, taken by
    # its own task) and is checked once at the end: its change is drawn in the next frame. One with an
    # idle handler of its own, or a callback waiting for its idle, is sent its Prompt as Textual sends it
    from textual import messages
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Idler(Static):
        idled = 0

        def on_idle(self) -> None:
            self.idled += 1

    class Three(App):
        def compose(self) -> ComposeResult:
            for i in range(3):
                yield Static(f"old {i}", id=f"s{i}")
            yield Idler("idler", id="idler")

    prompted: list[object] = []
    post = MessagePump.post_message

    def counted(self, message):
        if isinstance(message, messages.Prompt):
            prompted.append(self)
        return post(self, message)

    for released in (False, True):
        app = Three()
        async with app.run_test(size=(30, 6)) as pilot:
            await pilot.pause()
            statics = [app.query_one(f"#s{i}", Static) for i in range(3)]
            idler = app.query_one(Idler)
            ran: list[int] = []
            MessagePump.post_message = counted
            try:
                with textual_patches.as_released() if released else nullcontext():
                    prompted.clear()
                    with textual_patches.idle_checks_gathered():
                        for i, static in enumerate(statics):
                            static.update(f"new {i}")
                        statics[2].call_next(lambda: ran.append(1))
                        idler.update("idler, new")
                    sent = list(prompted)
            finally:
                MessagePump.post_message = post
            idled = idler.idled
            await pilot.pause()
            shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
            assert all(f"new {i}" in shown for i in range(3)) and "idler, new" in shown, shown
            assert ran == [1] and idler.idled > idled
            if released:
                assert set(statics) <= set(sent)
            else:
                assert statics[0] not in sent and statics[1] not in sent
                assert statics[2] in sent and idler in sent


# -- the rules parsed from the CSS, kept between starts --------------------------------------------------


def _css_pieces() -> list[tuple[str, tuple, bool, str]]:
    """Every piece of CSS the program's screens are drawn with: its two stylesheets and the
    DEFAULT_CSS of every part (Textual's own among them): (text, where from, default rules, scope)."""
    from tabletop_tui.ui.app import STYLES

    for info in catalog.GAMES:
        info.screen_class()  # (every game's screen and parts loaded)
    pieces = [(path.read_text(encoding="utf-8"), (str(path), ""), False, "") for path in sorted(STYLES.glob("*.tcss"))]
    for cls in _everything(Widget):
        css = cls.__dict__.get("DEFAULT_CSS")
        if css and css.strip() and not cls.__module__.startswith("test"):
            pieces.append((css, (sys.modules[cls.__module__].__file__, f"{cls.__name__}.DEFAULT_CSS"), True,
                           cls.__name__))
    return pieces


def _facts(rules) -> list[tuple]:
    """What a rule set is, as it can be compared (a layout by its kind: Textual makes one of each)."""
    from textual.layout import Layout

    def value(v):
        return type(v).__name__ if isinstance(v, Layout) else v

    return [(rule.selector_set, {name: value(v) for name, v in rule.styles.get_rules().items()}, rule.errors,
             rule.is_default_rules, rule.tie_breaker, rule.selector_names, rule.pseudo_classes) for rule in rules]


def _kept_in(path, monkeypatch) -> textual_patches.ParsedCss:
    """A new ParsedCss on the file `path`, as the program's next start has it."""
    kept = textual_patches.ParsedCss()
    kept.keep_in(path)
    monkeypatch.setattr(textual_patches, "PARSED_CSS", kept)
    return kept


def _parsing_counted(monkeypatch) -> list:
    """Textual's parser, each piece it parses noted."""
    parsed = []
    textuals = textual_patches._TEXTUALS[Stylesheet, "_parse_rules"]

    def parse(self, css, *args):
        parsed.append(css)
        return textuals(self, css, *args)

    monkeypatch.setattr(textual_patches, "_textual_parse_rules", parse)
    return parsed


def test_rules_read_from_the_file_are_the_rules_textual_parses_for_every_piece_of_css(tmp_path, monkeypatch):
    pieces = _css_pieces()
    assert len(pieces) > 60
    variables = TabletopApp().get_css_variables()
    path = tmp_path / "stylesheets.pickle"
    kept = _kept_in(path, monkeypatch)
    parsed = _parsing_counted(monkeypatch)
    sheet = Stylesheet(variables=variables)
    first = [sheet._parse_rules(css, where, default, 0, scope) for css, where, default, scope in pieces]
    assert len(parsed) == len(pieces)
    kept.save()

    _kept_in(path, monkeypatch)  # the next start
    parsed.clear()
    sheet = Stylesheet(variables=dict(variables))
    again = [sheet._parse_rules(css, where, default, 0, scope) for css, where, default, scope in pieces]
    assert parsed == []  # every piece from the file
    for before, after in zip(first, again):
        assert after is not before and _facts(after) == _facts(before)


def test_a_piece_changed_or_with_other_variables_is_parsed_anew_and_its_old_text_let_go(tmp_path, monkeypatch):
    path = tmp_path / "stylesheets.pickle"
    where = ("look.tcss", "")
    old, new = "Label { color: $accent; }", "Label { color: $accent; background: $accent; }"
    red, blue = {"accent": "red"}, {"accent": "blue"}
    kept = _kept_in(path, monkeypatch)
    parsed = _parsing_counted(monkeypatch)
    Stylesheet(variables=red)._parse_rules(old, where)
    Stylesheet(variables=blue)._parse_rules(old, where)
    kept.save()

    kept = _kept_in(path, monkeypatch)
    parsed.clear()
    from_file = Stylesheet(variables=dict(red))._parse_rules(old, where)
    assert parsed == [] and from_file[0].styles.color.rgb == (255, 0, 0)
    assert len(kept._kept) == 2 and len(kept._read_now) == 1  # (a piece's rules are read when asked for)
    changed = Stylesheet(variables=dict(blue))._parse_rules(new, where)  # the program's CSS changed
    assert parsed == [new] and "background" in changed[0].styles.get_rules()
    assert Stylesheet(variables={"accent": "green"})._parse_rules(old, where)[0].styles.color.rgb == (0, 128, 0)
    assert len(parsed) == 2
    kept.save()

    kept = _kept_in(path, monkeypatch)
    written = kept._to_write()
    # read: red's old text (used); the new text, blue; green's. Blue's old text, replaced, is let go.
    assert {(css, dict(variables)["accent"]) for css, _, _, _, _, variables in written} == {
        (old, "green"), (old, "red"), (new, "blue")}


def test_a_file_that_cannot_be_read_or_was_written_by_another_textual_is_taken_as_none(tmp_path, monkeypatch):
    import pickle

    path = tmp_path / "stylesheets.pickle"
    for content in (b"not a pickle", pickle.dumps({"signature": ("another",), "rules": {}}), pickle.dumps([1, 2])):
        path.write_bytes(content)
        kept = _kept_in(path, monkeypatch)
        parsed = _parsing_counted(monkeypatch)
        rules = Stylesheet(variables={})._parse_rules("Label { width: 3; }", ("look.tcss", ""))
        assert parsed == ["Label { width: 3; }"] and rules[0].styles.width.value == 3
        kept.save()  # written anew, readable
        _kept_in(path, monkeypatch)
        parsed = _parsing_counted(monkeypatch)
        Stylesheet(variables={})._parse_rules("Label { width: 3; }", ("look.tcss", ""))
        assert parsed == []


def test_a_piece_with_errors_is_never_kept_and_textual_still_reports_it(tmp_path, monkeypatch):
    import pytest
    from textual.css.stylesheet import StylesheetParseError

    kept = _kept_in(tmp_path / "stylesheets.pickle", monkeypatch)
    sheet = Stylesheet(variables={})
    sheet.add_source("Label { colour: red; }", read_from=("bad.tcss", ""))
    with pytest.raises(StylesheetParseError):
        sheet.parse()
    assert kept._to_write() == {}
    kept.save()
    assert not (tmp_path / "stylesheets.pickle").exists()


async def test_the_launcher_drawn_from_rules_kept_is_the_launcher_drawn_from_rules_parsed(tmp_path, monkeypatch):
    from tabletop_tui.store import Store

    store = Store.open(str(tmp_path / "data"))
    monkeypatch.setenv("TABLETOP_TUI_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "cache" / "stylesheets.pickle"
    frames = []
    for start in ("first", "next"):
        kept = _kept_in(path, monkeypatch)  # (a new process's)
        parsed = _parsing_counted(monkeypatch)
        app = TabletopApp(store=store)
        assert kept.path == path
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            frames.append([list(strip) for strip in app.screen._compositor.render_strips()])
        assert bool(parsed) == (start == "first")
        kept.save()
    store.close()
    assert frames[0] == frames[1]


def test_the_app_keeps_the_rules_it_parsed_in_its_cache_folder_as_it_ends(tmp_path, monkeypatch):
    from textual.app import App

    monkeypatch.setenv("TABLETOP_TUI_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(textual_patches, "PARSED_CSS", textual_patches.ParsedCss())
    app = TabletopApp()
    assert textual_patches.PARSED_CSS.path == tmp_path / "cache" / "stylesheets.pickle"
    monkeypatch.setattr(App, "run", lambda self, *args, **kwargs: Stylesheet(variables={})._parse_rules(
        "Label { width: 4; }", ("look.tcss", "")))
    app.run()
    kept = _kept_in(tmp_path / "cache" / "stylesheets.pickle", monkeypatch)
    assert [css for css, *_ in kept._to_write()] == ["Label { width: 4; }"]


def test_a_cache_folder_that_cannot_be_written_costs_the_next_start_its_parsing_and_nothing_else(tmp_path,
                                                                                                  monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    kept = _kept_in(blocker / "stylesheets.pickle", monkeypatch)
    assert Stylesheet(variables={})._parse_rules("Label { width: 3; }", ("look.tcss", ""))[0].styles.width.value == 3
    kept.save()  # (nothing raised)
    assert list(tmp_path.iterdir()) == [blocker]
