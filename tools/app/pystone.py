"""The project's own pystone: the Dhrystone 1.1 loop in Python, to put a number on how fast
a Python VM is (passes a second) next to the published figure for the SAMD51, 1,521.6
passes a second (../shared/DEVICE.md: pystone 1.1 with 5,000 passes).

Written for this project from the Dhrystone 1.1 algorithm (Weicker, 1984). A pass does
exactly the work of a pass of pystone 1.1, statement for statement, so the two figures
compare: the same procedures and functions called in the same order with the same
arguments, the same global, attribute and list reads and writes, a record copied the same
two ways (``copy`` in ``proc_1``), the true division ``/`` that makes ``int_2`` a float
half way through the loop, and strings compared as strings. Only the names are ours.
``tests/test_pystone.py`` checks the end state after a run (every global, both records)
against what the loop must leave, which a pass that skipped or added work would not.

As pystone 1.1 does, the time of an empty ``for`` loop of as many passes is taken out.

Runs on CPython and CircuitPython (the time-model driver imports it); ``run(passes, clock)``
returns (time of the benchmark, time of the empty loop) in ``clock()``'s units (an int
clock: CircuitPython's floats are single precision on the unix port).
"""

IDENT_1 = 1
IDENT_2 = 2
IDENT_3 = 3
IDENT_4 = 4
IDENT_5 = 5


class Record:
    """Dhrystone's record: a link, a discriminant, an enumeration, an int, a string."""

    def __init__(self, link=None, discr=0, enum=0, number=0, text=""):
        self.link = link
        self.discr = discr
        self.enum = enum
        self.number = number
        self.text = text

    def copy(self):
        return Record(self.link, self.discr, self.enum, self.number, self.text)


g_int = 0
g_bool = 0
g_char_1 = "\0"
g_char_2 = "\0"
g_array_1 = [0] * 51
g_array_2 = [row[:] for row in [g_array_1] * 51]
g_record = None
g_next = None


def proc_0(passes, clock):
    """The benchmark: ``passes`` passes; returns (benchmark time, empty-loop time)."""
    global g_record, g_next, g_bool
    start = clock()
    for _ in range(passes):
        pass
    empty = clock() - start

    g_next = Record()
    g_record = Record()
    g_record.link = g_next
    g_record.discr = IDENT_1
    g_record.enum = IDENT_3
    g_record.number = 40
    g_record.text = "DHRYSTONE PROGRAM, SOME STRING"
    text_1 = "DHRYSTONE PROGRAM, 1'ST STRING"
    g_array_2[8][7] = 10

    start = clock()
    for _ in range(passes):
        proc_5()
        proc_4()
        int_1 = 2
        int_2 = 3
        text_2 = "DHRYSTONE PROGRAM, 2'ND STRING"
        enum = IDENT_2
        g_bool = not func_2(text_1, text_2)
        while int_1 < int_2:
            int_3 = 5 * int_1 - int_2
            int_3 = proc_7(int_1, int_2)
            int_1 = int_1 + 1
        proc_8(g_array_1, g_array_2, int_1, int_3)
        g_record = proc_1(g_record)
        char = "A"
        while char <= g_char_2:
            if enum == func_1(char, "C"):
                enum = proc_6(IDENT_1)
            char = chr(ord(char) + 1)
        int_3 = int_2 * int_1
        int_2 = int_3 / int_1
        int_2 = 7 * (int_3 - int_2) - int_1
        int_1 = proc_2(int_1)
    return clock() - start - empty, empty


def proc_1(record):
    following = record.link = g_record.copy()
    record.number = 5
    following.number = record.number
    following.link = record.link
    following.link = proc_3(following.link)
    if following.discr == IDENT_1:
        following.number = 6
        following.enum = proc_6(record.enum)
        following.link = g_record.link
        following.number = proc_7(following.number, 10)
    else:
        record = following.copy()
    following.link = None
    return record


def proc_2(number):
    local = number + 10
    while 1:
        if g_char_1 == "A":
            local = local - 1
            number = local - g_int
            enum = IDENT_1
        if enum == IDENT_1:
            break
    return number


def proc_3(link):
    global g_int
    if g_record is not None:
        link = g_record.link
    else:
        g_int = 100
    g_record.number = proc_7(10, g_int)
    return link


def proc_4():
    global g_char_2
    flag = g_char_1 == "A"
    flag = flag or g_bool
    g_char_2 = "B"


def proc_5():
    global g_char_1, g_bool
    g_char_1 = "A"
    g_bool = 0


def proc_6(enum_in):
    enum_out = enum_in
    if not func_3(enum_in):
        enum_out = IDENT_4
    if enum_in == IDENT_1:
        enum_out = IDENT_1
    elif enum_in == IDENT_2:
        if g_int > 100:
            enum_out = IDENT_1
        else:
            enum_out = IDENT_4
    elif enum_in == IDENT_3:
        enum_out = IDENT_2
    elif enum_in == IDENT_4:
        pass
    elif enum_in == IDENT_5:
        enum_out = IDENT_3
    return enum_out


def proc_7(first, second):
    local = first + 2
    result = second + local
    return result


def proc_8(array_1, array_2, first, second):
    global g_int
    local = first + 5
    array_1[local] = second
    array_1[local + 1] = array_1[local]
    array_1[local + 30] = local
    for index in range(local, local + 2):
        array_2[local][index] = local
    array_2[local][local - 1] = array_2[local][local - 1] + 1
    array_2[local + 20][local] = array_1[local]
    g_int = 5


def func_1(char_1, char_2):
    local_1 = char_1
    local_2 = local_1
    if local_2 != char_2:
        return IDENT_1
    else:
        return IDENT_2


def func_2(text_1, text_2):
    local = 1
    while local <= 1:
        if func_1(text_1[local], text_2[local + 1]) == IDENT_1:
            char = "A"
            local = local + 1
    if char >= "W" and char <= "Z":
        local = 7
    if char == "X":
        return 1
    else:
        if text_1 > text_2:
            local = local + 7
            return 1
        else:
            return 0


def func_3(enum_in):
    local = enum_in
    if local == IDENT_3:
        return 1
    return 0


def run(passes, clock):
    """``passes`` passes of the benchmark: (time, empty-loop time) by ``clock``."""
    return proc_0(passes, clock)
