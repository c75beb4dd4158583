"""Command line: ``python -m host_sim [--headless --keys ... --screenshot out.png]``."""

import argparse
import os
import sys

from host_sim import ROOT
from host_sim.sim import Sim


def main(argv=None):
    """Parse options, run the simulator, write screenshot/recording, print a summary."""
    parser = argparse.ArgumentParser(prog="python -m host_sim", description=__doc__)
    parser.add_argument("--headless", action="store_true", help="no window; run a key script")
    parser.add_argument("--keys", default="", help='key script, e.g. "DOWN DOWN A RIGHT*800"')
    parser.add_argument("--screenshot", help="write the final screen as PNG")
    parser.add_argument("--scale", type=int, default=1, help="screenshot scale factor")
    parser.add_argument("--record", help="write every refreshed frame as an animated GIF")
    parser.add_argument("--board", default="pybadge", help="pybadge, edgebadge or pygamer")
    parser.add_argument("--seed", type=int, default=1, help="seed of the game-seed source")
    parser.add_argument(
        "--nvm", default=None, help="file backing microcontroller.nvm (default: build/sim-nvm.bin)"
    )
    args = parser.parse_args(argv)
    nvm_path = args.nvm or os.path.join(ROOT, "build", "sim-nvm.bin")
    os.makedirs(os.path.dirname(nvm_path), exist_ok=True)
    window = None
    if not args.headless:
        from host_sim.window import NoDisplay, Window

        try:
            window = Window()
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
    )
    sim.run()
    if args.screenshot:
        image = sim.display.image
        if args.scale > 1:
            image = image.resize((image.width * args.scale, image.height * args.scale))
        image.save(args.screenshot)
    if args.record:
        sim.save_gif(args.record)
    print(sim.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
