"""Stand-in ``audiocore``: ``RawSample`` keeps its buffer and rate, as the C object does."""


class RawSample:
    """A sample over ``buffer`` (any buffer: a bytearray here); the options by keyword
    only, as in C. ValueError for a channel count other than 1 or 2."""

    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        memoryview(buffer)  # TypeError if it is no buffer
        if channel_count not in (1, 2):
            raise ValueError("channel_count must be 1 or 2")
        self.buffer = buffer
        self.sample_rate = sample_rate
