"""Stand-in ``audiocore``: a sample keeps its buffer and rate (the C object does too)."""


class RawSample:
    """A raw sample over a buffer."""

    def __init__(self, buffer, sample_rate=8000, **kwargs):
        self.buffer = buffer
        self.sample_rate = sample_rate
