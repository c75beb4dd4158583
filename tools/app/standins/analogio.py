"""Stand-in ``analogio`` (the PyGamer's joystick): always centred."""


class AnalogIn:
    """An analog input that reads mid-scale."""

    def __init__(self, pin):
        self.value = 32768
