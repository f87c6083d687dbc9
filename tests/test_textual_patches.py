"""What this program changes in Textual (tabletop_tui/ui/textual_patches.py) gives what Textual gives."""

import random
import sys
from contextlib import nullcontext

from rich.segment import Segment
from rich.style import Style
from textual import on
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
