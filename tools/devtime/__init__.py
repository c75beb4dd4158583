"""The device-time model: the app's work counted (bytecodes of the device's modules, on
CPython, under ``sys.settrace``) as the simulator plays a tour of every screen, scaled by
pystone 1.1 to the SAMD51, plus displayio's composing and the wire per refreshed pixel,
loading the modules a frame imports (per byte of their .mpy) and the nvm stall.
``python -m tools.devtime [--gate]``; see ``timing.py``."""
