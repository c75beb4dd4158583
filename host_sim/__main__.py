"""Command line: ``python -m host_sim [--headless --keys ... --screenshot out.png]``."""

import argparse
import os
import sys

from host_sim import ROOT
from host_sim.fakes import nvm_size
from host_sim.sim import Sim, parse_script

# The boards handheld.boards supports (not imported here: it binds the board modules, which
# the simulator fakes only once a run starts). An EdgeBadge runs the PyBadge build and
# reports pybadge.
BOARDS = ("pybadge", "pygamer", "hack_club_sprig", "pimoroni_picosystem")


def _folder_of(path):
    """The folder a file would be written in."""
    return os.path.dirname(os.path.abspath(path))


def check_arguments(args, nvm_path):
    """What is wrong with the options, in one line, or None: checked before the run, so a
    bad path or key is not found only after the whole script has played."""
    try:
        parse_script(args.keys)
    except ValueError as error:
        return str(error)
    if args.board not in BOARDS:
        return "unknown board %r: use %s" % (args.board, ", ".join(BOARDS))
    if not 0 <= args.seed < 1 << 30:
        return "seed %d out of range: use 0 <= seed < 2**30" % args.seed
    if args.battery is not None and not 0 <= args.battery <= 6:
        return "--battery %s: give the battery's voltage, 0 to 6 (a LiPo: 3.3-4.2)" % args.battery
    if args.scale < 1:
        return "scale %d: use a whole number >= 1" % args.scale
    for option, path in (("--screenshot", args.screenshot), ("--record", args.record)):
        if path is not None and not os.path.isdir(_folder_of(path)):
            return "%s %s: folder %s does not exist" % (option, path, _folder_of(path))
    if os.path.isdir(nvm_path):
        return "--nvm %s is a folder: give a file" % nvm_path
    if args.nvm is not None and not os.path.isdir(_folder_of(nvm_path)):
        return "--nvm %s: folder %s does not exist" % (nvm_path, _folder_of(nvm_path))
    size = nvm_size(args.board)
    if os.path.exists(nvm_path) and os.path.getsize(nvm_path) > size:
        return "--nvm %s holds %d bytes: the device's nvm has %d" % (
            nvm_path,
            os.path.getsize(nvm_path),
            size,
        )
    return None


def main(argv=None):
    """Parse options, run the simulator, write screenshot/recording, print a summary."""
    parser = argparse.ArgumentParser(prog="python -m host_sim", description=__doc__)
    parser.add_argument("--headless", action="store_true", help="no window; run a key script")
    parser.add_argument("--keys", default="", help='key script, e.g. "DOWN DOWN A RIGHT*800"')
    parser.add_argument("--screenshot", help="write the final screen as PNG")
    parser.add_argument("--scale", type=int, default=1, help="screenshot scale factor")
    parser.add_argument("--record", help="write every refreshed frame as an animated GIF")
    parser.add_argument("--board", default="pybadge", help=", ".join(BOARDS))
    parser.add_argument("--seed", type=int, default=1, help="seed of the game-seed source")
    parser.add_argument(
        "--battery", type=float, default=None, help="battery voltage, e.g. 3.7 (default: USB)"
    )
    parser.add_argument(
        "--nvm", default=None, help="file backing microcontroller.nvm (default: build/sim-nvm.bin)"
    )
    parser.add_argument(
        "--displayio",
        choices=("blinka", "circuitpython"),
        default="blinka",
        help="refresh as Blinka does (default) or as CircuitPython's C code does "
        "(host_sim/cpdisplayio.py: the areas the device sends, the pixels it leaves; slower)",
    )
    args = parser.parse_args(argv)
    # One default nvm file per kind of nvm: the badges' 8 KB, the RP2040 boards' 4 KB.
    default = "sim-nvm.bin" if nvm_size(args.board) == 8192 else "sim-nvm-rp2040.bin"
    nvm_path = args.nvm or os.path.join(ROOT, "build", default)
    problem = check_arguments(args, nvm_path)
    if problem:
        print("host_sim: %s" % problem, file=sys.stderr)
        return 2
    os.makedirs(os.path.dirname(nvm_path) or ".", exist_ok=True)
    window = None
    if not args.headless:
        from host_sim.window import NoDisplay, Window

        try:
            window = Window(board=args.board)
        except NoDisplay as error:
            print(
                "host_sim: cannot open a window (%s). Use the headless mode, e.g.\n"
                '  python -m host_sim --headless --keys "DOWN A" --screenshot out.png' % error,
                file=sys.stderr,
            )
            return 2
    sim = Sim(
        board=args.board,
        seed=args.seed,
        keys=args.keys,
        nvm_path=nvm_path,
        window=window,
        record=args.record,
        battery=args.battery,
        displayio=args.displayio,
    )
    sim.run()
    if args.screenshot:
        image = sim.screen()
        if args.scale > 1:
            image = image.resize((image.width * args.scale, image.height * args.scale))
        image.save(args.screenshot)
    if args.record:
        sim.save_gif(args.record)
    print(sim.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
