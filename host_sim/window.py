"""The interactive window (pygame): shows the display x4 (x3 on the PicoSystem) and turns
keys into buttons (each board's own key map: ``KEYMAPS``)."""

import os

from host_sim.fakes import SCREEN_SIZES
from host_sim.sim import SimDone

SCALE = 4  # 3 for the PicoSystem's 240x240
# The host keys of each board's buttons (pygame key names -> logical button). The badges:
# arrows, X = A, Z = B, Enter = START, Space = SELECT. The Sprig: its own letters, W A S D
# and I J K L (L = A, K = B, I = START, J = SELECT, as handheld.boards maps them). The
# PicoSystem: arrows and its own letters A, B, X (SELECT), Y (START).
KEYMAPS = {
    None: (
        ("up", "UP"),
        ("down", "DOWN"),
        ("left", "LEFT"),
        ("right", "RIGHT"),
        ("x", "A"),
        ("z", "B"),
        ("return", "START"),
        ("space", "SELECT"),
    ),
    "hack_club_sprig": (
        ("w", "UP"),
        ("s", "DOWN"),
        ("a", "LEFT"),
        ("d", "RIGHT"),
        ("l", "A"),
        ("k", "B"),
        ("i", "START"),
        ("j", "SELECT"),
    ),
    "pimoroni_picosystem": (
        ("up", "UP"),
        ("down", "DOWN"),
        ("left", "LEFT"),
        ("right", "RIGHT"),
        ("a", "A"),
        ("b", "B"),
        ("y", "START"),
        ("x", "SELECT"),
    ),
}


class NoDisplay(Exception):
    """No window can be opened here."""


class Window:
    """A pygame window showing the simulated display."""

    def __init__(self, title="Decktet Handheld", board="pybadge"):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        if (
            not os.environ.get("DISPLAY")
            and not os.environ.get("WAYLAND_DISPLAY")
            and os.name == "posix"
        ):
            if os.uname().sysname != "Darwin":
                raise NoDisplay("no $DISPLAY")
        import pygame

        try:
            pygame.display.init()
            width, height = SCREEN_SIZES.get(board, (160, 128))
            scale = SCALE if width <= 160 else 3
            self.surface = pygame.display.set_mode((width * scale, height * scale))
        except pygame.error as error:
            raise NoDisplay(str(error)) from error
        pygame.display.set_caption(title)
        self.pygame = pygame
        self.keymap = {
            pygame.key.key_code(key): name for key, name in KEYMAPS.get(board, KEYMAPS[None])
        }

    def pump(self, sim):
        """Handle window events: keys become button presses, closing ends the run."""
        pygame = self.pygame
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                raise SimDone()
            if event.type in (pygame.KEYDOWN, pygame.KEYUP):
                if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                    raise SimDone()
                name = self.keymap.get(event.key)
                if name is not None:
                    sim.key(name, event.type == pygame.KEYDOWN)

    def show(self, image):
        """Blit the display image, scaled."""
        pygame = self.pygame
        frame = pygame.image.fromstring(image.tobytes(), image.size, "RGB")
        self.surface.blit(pygame.transform.scale(frame, self.surface.get_size()), (0, 0))
        pygame.display.flip()
