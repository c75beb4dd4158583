"""The device-time model and the time gate: how long the app takes on a PyBadge (SAMD51),
estimated from counted work, never from the host's clock.

The simulator plays ``tour.keys`` (every screen a player can reach) headless while
``count.OpcodeCounter`` counts the bytecodes executed in the device's modules, frame by
frame of the app's loop; pystone 1.1 (``pystone.py``) is counted under the same tracer.
Each frame becomes SAMD51 milliseconds:

    ms = opcodes / (opcodes a pystone pass x 1,521.6 passes/s)
         + refreshed pixels x (displayio's composing + the wire, per pixel)
         + nvm assignments x 75 ms (the stall; 250 at worst, printed apart)

The constants, each with its source, are the block below. What it leaves out: loading a
module (reading and linking an ``.mpy`` from the flash; only a module's own code is
counted), garbage collections, the mix of bytecodes against pystone's, and C calls the app
makes (their call is one opcode; displayio's refresh is modelled per pixel).

Frames (``count.Frame``) are classified as the old model (tools/app/timing.py) did:
a screen opening is a frame after which the top screen, the stack's depth or the game
changed; a key frame is one in which the app read a key; a cursor move is an arrow that
opened no screen (on the rules page an arrow scrolls: rules-scroll); a CPU's or the
coach's thinking frame is one on a busy screen or in which the search worked (the loop
takes no pause after either), and a run of them is one decision, a Jekyll & Hyde CPU
turn being the run on its cover screen; an idle frame is one without a key that is not
thinking, its nvm stall counted apart.

usage: python -m tools.devtime [--gate] [--tour FILE] [--slowest N]
"""

import argparse
import math
import sys

from tools.devtime import count

# ---- the model's constants (../shared/DEVICE.md unless said) ----
SAMD51_PYSTONE = 1521.6  # passes/s, Metro M4 (SAMD51 at 120 MHz), pystone 1.1, 5,000 passes
PASSES = 5000  # the passes the SAMD51's pystone figure was taken with (and the model's)
SPRIG_PYSTONE = 1247.0  # passes/s, CircuitPython's own Sprig (RP2040) firmware
FULL_FRAME = 160 * 128  # pixels of a full refresh
SPRIG_REFRESH_MS = 118.5  # a full 160x128 refresh on the Sprig: 116-121 ms (the middle)
COMPOSING_SHARE = 0.73  # of it displayio's composing (tile fill, division), not the wire
SPRIG_COMPOSE_US = COMPOSING_SHARE * SPRIG_REFRESH_MS * 1000 / FULL_FRAME  # us a pixel
COMPOSE_US = SPRIG_COMPOSE_US * SPRIG_PYSTONE / SAMD51_PYSTONE  # on the SAMD51, by pystone
SPI_HZ = 24_000_000  # the PyBadge's display SPI (60 MHz asked, 48 MHz / 2)
WIRE_US = 16 * 1e6 / SPI_HZ  # 16 bits a pixel
SPRIG_PIXEL_US = SPRIG_REFRESH_MS * 1000 / FULL_FRAME  # all of a Sprig refresh, a pixel
NVM_STALL_MS = 75  # one nvm assignment on the SAMD51: block erase 50 + 16 pages x 1.5
NVM_STALL_MAX_MS = 250  # the data sheet's maxima: 200 + 16 x 3
K_B, K_A, K_START, K_SELECT, K_ARROWS, K_LINES = 1, 2, 4, 8, 240, 96  # handheld.keys
RULES = "TextScreen"  # the rules page (handheld.reader)

# ---- the budgets (issue 30), ms on the SAMD51, in the order printed ----
BUDGETS = (
    ("boot", 1000, "code.py start to the main menu drawn"),
    ("open", 200, "a screen's opening, slowest"),
    ("cursor", 20, "a cursor move, slowest"),
    ("key-p99", 100, "every key, p99"),
    ("play-a", 100, "an A that plays a card or action, slowest"),
    ("idle", 50, "a frame without a key, slowest (not thinking; nvm stall apart)"),
    ("rules-open", 200, "the rules page opening, slowest"),
    ("rules-scroll", 20, "a rules line or page scrolled, slowest"),
    ("cpu-turn-p90", 1500, "Jekyll & Hyde CPU turn, p90"),
    ("cpu-turn-max", 2500, "Jekyll & Hyde CPU turn, slowest"),
    ("coach", 500, "the coach's suggestion, slowest"),
    ("thinking-frame", 50, "a frame while a CPU or the coach thinks, slowest"),
)
# The budgets not met when this model was written (its run of tour.keys, SAMD51 ms:
# open 228.5, the rules page again from the primer; cursor 46.5, Jekyll & Hyde's table;
# key-p99 204.1; play-a 152.8, Bharg's round result; idle 79.7, a CPU's turn shown on the
# table; rules-open 228.5; rules-scroll 85.0; thinking-frame 55.1, the Jekyll & Hyde CPU).
# Printed as ``over``, they do not fail the gate: they are left to a later speed issue.
# Every other budget is held: ``--gate`` fails when one goes over. Take a name out once met.
KNOWN_OVER = (
    "open",
    "cursor",
    "key-p99",
    "play-a",
    "idle",
    "rules-open",
    "rules-scroll",
    "thinking-frame",
)


class Model:
    """Frames to milliseconds on one device: ``ops_per_pass`` (pystone's, counted),
    ``pystone`` (the device's passes/s), ``pixel_us`` (a refreshed pixel), ``stall_ms``
    (an nvm assignment)."""

    def __init__(
        self,
        ops_per_pass,
        pystone=SAMD51_PYSTONE,
        pixel_us=COMPOSE_US + WIRE_US,
        stall_ms=NVM_STALL_MS,
    ):
        self.ops_per_pass = ops_per_pass
        self.ms_per_op = 1000.0 / (ops_per_pass * pystone)
        self.pixel_us = pixel_us
        self.stall_ms = stall_ms

    def ms(self, frame, stall=True):
        """A frame's estimated time, ms (``stall``: with its nvm stall)."""
        return (
            frame.ops * self.ms_per_op
            + frame.pixels * self.pixel_us / 1000
            + (frame.writes * self.stall_ms if stall else 0)
        )


def percentile(values, fraction):
    """The nearest-rank ``fraction`` percentile of ``values`` (0 if none)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    rank = math.ceil(fraction * len(ordered) - 1e-9) - 1
    return ordered[max(0, min(len(ordered) - 1, rank))]


def game_of(frame):
    """The game's short name ("jekyll") of a frame, or "-"."""
    parts = frame.game.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "games" else frame.game


def classify(frames, model):
    """Rows of the table: {kind: [(ms, frame), ...]} for every kind of frame (a thinking
    run's entry is its last frame)."""
    rows = {
        name: []
        for name in (
            "open",
            "cursor",
            "key",
            "play-a",
            "idle",
            "nvm",
            "rules-open",
            "rules-scroll",
            "thinking-frame",
            "cpu-turn",
            "coach",
            "bharg",
        )
    }
    run_ms = 0.0
    run_game = None
    for frame in frames:
        ms = model.ms(frame)
        if frame.opened:
            rows["open"].append((ms, frame))
            if frame.screen == RULES:
                rows["rules-open"].append((ms, frame))
        if frame.keys:
            rows["key"].append((ms, frame))
            if frame.keys & K_ARROWS and not frame.opened:
                rows["rules-scroll" if frame.before == RULES else "cursor"].append((ms, frame))
            if frame.keys & K_A and frame.played:
                rows["play-a"].append((ms, frame))
        elif not frame.thinking:
            rows["idle"].append((model.ms(frame, stall=False), frame))
        if frame.writes:
            rows["nvm"].append((ms, frame))
        if frame.thinking:
            if not frame.opened:
                rows["thinking-frame"].append((ms, frame))
            run_ms += ms
            run_game = game_of(frame)
            last = frame
        elif run_game is not None:
            _end_run(rows, run_game, run_ms, last)
            run_ms, run_game = 0.0, None
    if run_game is not None:
        _end_run(rows, run_game, run_ms, last)
    return rows


def _end_run(rows, game, ms, frame):
    """File a run of thinking frames under its game's row."""
    name = {"jekyll": "cpu-turn", "whist": "coach"}.get(game, "bharg")
    rows[name].append((ms, frame))


def figures(rows, boot_ms):
    """{budget name: the estimate held to it}, ms."""

    def top(name):
        return max([ms for ms, _ in rows[name]] or [0.0])

    turns = [ms for ms, _ in rows["cpu-turn"]]
    return {
        "boot": boot_ms,
        "open": top("open"),
        "cursor": top("cursor"),
        "key-p99": percentile([ms for ms, _ in rows["key"]], 0.99),
        "play-a": top("play-a"),
        "idle": top("idle"),
        "rules-open": top("rules-open"),
        "rules-scroll": top("rules-scroll"),
        "cpu-turn-p90": percentile(turns, 0.9),
        "cpu-turn-max": max(turns or [0.0]),
        "coach": top("coach"),
        "thinking-frame": top("thinking-frame"),
    }


def budget_lines(values):
    """The budget lines, ``budget NAME ESTIMATE_MS BUDGET_MS ok|over``, in BUDGETS' order."""
    return [
        "budget %s %.1f %d %s"
        % (name, values[name], limit, "ok" if values[name] <= limit else "over")
        for name, limit, _ in BUDGETS
    ]


def gate(values, known_over=KNOWN_OVER):
    """(problems, notes): a budget over that is not in ``known_over`` is a problem; one in
    it that is met now is a note (take it out of KNOWN_OVER)."""
    problems, notes = [], []
    for name, limit, label in BUDGETS:
        over = values[name] > limit
        if over and name not in known_over:
            problems.append("%s (%s): %.1f ms > %d ms" % (name, label, values[name], limit))
        elif not over and name in known_over:
            notes.append(
                "%s is met now (%.1f <= %d ms): take it out of KNOWN_OVER"
                % (name, values[name], limit)
            )
    return problems, notes


def stats(values):
    """n, mean, median, p90, max of a list of ms, as a table's columns."""
    if not values:
        return "    0        -        -        -        -"
    return "%5d %8.1f %8.1f %8.1f %8.1f" % (
        len(values),
        sum(values) / len(values),
        percentile(values, 0.5),
        percentile(values, 0.9),
        max(values),
    )


KINDS = (
    ("open", "a screen opening"),
    ("rules-open", "the rules page opening"),
    ("key", "every key"),
    ("cursor", "a cursor move (an arrow, no screen opened)"),
    ("rules-scroll", "an arrow on the rules page"),
    ("play-a", "an A that plays (flow.applied grew)"),
    ("idle", "a frame without a key (no nvm stall)"),
    ("nvm", "a frame with an nvm write (75 ms a write)"),
    ("thinking-frame", "a frame while a CPU or the coach thinks"),
    ("cpu-turn", "Jekyll & Hyde CPU turn"),
    ("bharg", "Bharg CPU decision"),
    ("coach", "Gongor Whist coach's suggestion"),
)


def describe(frame):
    """A frame in a few words: its index, keys and screens."""
    keys = {K_A: "A", K_B: "B", K_START: "START", K_SELECT: "SELECT"}.get(
        frame.keys, "arrow" if frame.keys & K_ARROWS else ("-" if not frame.keys else "keys")
    )
    return "frame %5d %-6s %s -> %s%s" % (
        frame.index,
        keys,
        frame.before,
        frame.screen,
        " (%d nvm)" % frame.writes if frame.writes else "",
    )


def print_table(model, rows, boot_ms, slowest):
    """The table of frame kinds, SAMD51 ms, and the slowest frames of the key kinds."""
    print(
        "device-time model: %d opcodes a pystone 1.1 pass; SAMD51 %.1f us an opcode, "
        "%.2f us a refreshed pixel (composing %.2f + wire %.2f), %d ms an nvm write"
        % (
            model.ops_per_pass,
            model.ms_per_op * 1000,
            model.pixel_us,
            COMPOSE_US,
            WIRE_US,
            model.stall_ms,
        )
    )
    print(
        "  %-44s %5s %8s %8s %8s %8s" % ("estimated SAMD51 ms", "n", "mean", "median", "p90", "max")
    )
    print("  %-44s %s" % ("boot (code.py start to the main menu drawn)", stats([boot_ms])))
    for name, label in KINDS:
        print("  %-44s %s" % (label, stats([ms for ms, _ in rows[name]])))
    worst_nvm = max(
        [model.ms(f) + f.writes * (NVM_STALL_MAX_MS - model.stall_ms) for _, f in rows["nvm"]]
        or [0]
    )
    print("  (an nvm write's frame with the data sheet's slowest erase: %.1f ms)" % worst_nvm)
    for name in ("open", "key", "idle", "thinking-frame"):
        print("  slowest %s:" % name)
        for ms, frame in sorted(rows[name], key=lambda item: -item[0])[:slowest]:
            print("    %7.1f ms  %s" % (ms, describe(frame)))


# The Sprig's figures measured on CircuitPython's own firmware (../shared/DEVICE.md), and
# the frames of the tour the model's estimate for each comes from.
SPRIG_FIGURES = (
    ("boot to the main menu", "605", "boot"),
    ("set-up screen (key to its refresh)", "192", "setup"),
    ("game start (A on the set-up)", "220", "start"),
    ("a card played", "117-151", "play-a"),
    ("a cursor move (+ 20 ms keypad scan)", "22-30", "cursor"),
    ("pause menu", "131", "pause"),
    ("rules page from the pause menu", "292-294", "rules-open"),
    ("a rules line scrolled", "109-131", "rules-line"),
)


def sprig_frames(frames, rows):
    """{key of SPRIG_FIGURES: the frames behind the model's estimate}."""
    openings = [f for _, f in rows["open"] if f.keys]
    return {
        "setup": [f for f in openings if f.screen == "_SetupScreen" and f.before == "MenuScreen"],
        "start": [
            f for f in openings if f.before == "_SetupScreen" and f.keys & K_A and f.screen != RULES
        ],
        "play-a": [f for _, f in rows["play-a"]],
        "cursor": [f for _, f in rows["cursor"]],
        "pause": [f for f in openings if f.screen == "PauseMenu" and f.keys & K_START],
        "rules-open": [f for _, f in rows["rules-open"] if f.before == "PauseMenu"],
        "rules-line": [f for _, f in rows["rules-scroll"] if f.keys & K_LINES],
    }


def print_sprig(ops_per_pass, run, rows):
    """The model's Sprig estimates beside the Sprig's measured figures."""
    sprig = Model(ops_per_pass, SPRIG_PYSTONE, SPRIG_PIXEL_US, 0)
    chosen = sprig_frames(run.frames, rows)
    chosen["boot"] = [run.boot]
    print(
        "the Sprig (RP2040, %.0f pystone/s, %.2f us a refreshed pixel: all of a full"
        " refresh's %.1f ms), model vs CircuitPython's own firmware, ms:"
        % (SPRIG_PYSTONE, SPRIG_PIXEL_US, SPRIG_REFRESH_MS)
    )
    print("  %-38s %10s %28s" % ("", "measured", "model (frames)"))
    for label, measured, key in SPRIG_FIGURES:
        values = [sprig.ms(f) for f in chosen[key]]
        text = "-"
        if values:
            text = "%.0f-%.0f, median %.0f (%d)" % (
                min(values),
                max(values),
                percentile(values, 0.5),
                len(values),
            )
        print("  %-38s %10s %28s" % (label, measured, text))


def main(argv=None):
    """Run the tour, print the table, the Sprig comparison and the budget lines; with
    ``--gate``, exit 1 if a held budget is over, the app raised or a marker was missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gate", action="store_true", help="fail on a held budget over")
    parser.add_argument("--tour", default=count.TOUR, help="the key script (tour.keys)")
    parser.add_argument("--slowest", type=int, default=5, help="list the N slowest frames")
    args = parser.parse_args(argv)
    ops_per_pass = count.pystone_ops(PASSES)
    model = Model(ops_per_pass)
    run = count.run_tour(args.tour)
    rows = classify(run.frames, model)
    boot_ms = model.ms(run.boot)
    print_table(model, rows, boot_ms, args.slowest)
    print_sprig(ops_per_pass, run, rows)
    values = figures(rows, boot_ms)
    problems, notes = gate(values)
    if run.error:
        problems.append("the app raised: %s" % run.error)
    problems += ["marker %s" % text for text in run.missed()]
    for note in notes:
        print("note: %s" % note)
    for problem in problems:
        print("TIME GATE: %s" % problem)
    print("known over (not held): %s" % (", ".join(KNOWN_OVER) or "none"))
    for line in budget_lines(values):
        print(line)
    return 1 if args.gate and problems else 0


if __name__ == "__main__":
    sys.exit(main())
