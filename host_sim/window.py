"""The interactive window (pygame): shows the display x4 and turns keys into buttons."""

import os

from host_sim.sim import SimDone

SCALE = 4


class NoDisplay(Exception):
    """No window can be opened here."""


class Window:
    """A pygame window showing the simulated display."""

    def __init__(self, title="Decktet Handheld"):
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
            self.surface = pygame.display.set_mode((160 * SCALE, 128 * SCALE))
        except pygame.error as error:
            raise NoDisplay(str(error)) from error
        pygame.display.set_caption(title)
        self.pygame = pygame
        self.keymap = {
            pygame.K_UP: "UP",
            pygame.K_DOWN: "DOWN",
            pygame.K_LEFT: "LEFT",
            pygame.K_RIGHT: "RIGHT",
            pygame.K_x: "A",
            pygame.K_z: "B",
            pygame.K_RETURN: "START",
            pygame.K_SPACE: "SELECT",
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
