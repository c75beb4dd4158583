"""Pystone 1.1, the project's own rendering: the benchmark the SAMD51's figure (1,521.6
passes a second, docs/DEVICE.md) was measured with, so the device-time model can
scale the app's counted work by it.

It follows pystone 1.1 (CPython 3.4's ``Lib/test/pystone.py``, Reinhold Weicker's
Dhrystone 1.1 in Python) statement for statement: the same procedures and functions,
called in the same order with the same arguments; the same globals (``TRUE``/``FALSE``
read as globals where pystone reads them), the same record with five default arguments
and its ``copy``, the 51 row copies of the first array, the same loops, the true division
``/``; the empty loop first, whose cost is taken out as pystone takes out its null time.
Only the names and this text are the project's. ``tests/test_timing.py`` checks the end
state a run leaves (every global and both records): a pass that skipped or added work
would leave another.

``proc_0(passes, clock)`` returns (benchmark time, passes a time unit) by ``clock``: the
model passes a clock that reads the tracer's opcode count.
"""

import time

[ONE, TWO, THREE, FOUR, FIVE] = range(1, 6)


class Rec:
    """Dhrystone's record: a pointer, a discriminant, an enumeration, an int, a string."""

    def __init__(self, ptr=None, discr=0, enum=0, number=0, text=0):
        self.ptr = ptr
        self.discr = discr
        self.enum = enum
        self.number = number
        self.text = text

    def copy(self):
        """A new record with the same fields."""
        return Rec(self.ptr, self.discr, self.enum, self.number, self.text)


TRUE = 1
FALSE = 0

int_glob = 0
bool_glob = FALSE
char1_glob = "\0"
char2_glob = "\0"
array1_glob = [0] * 51
array2_glob = [row[:] for row in [array1_glob] * 51]
rec_glob = None
rec_next = None


def proc_0(passes, clock=time.monotonic):
    """The benchmark: ``passes`` passes, less the empty loop's time; returns (benchmark
    time, passes per time unit), both by ``clock``."""
    global int_glob, bool_glob, char1_glob, char2_glob, array1_glob, array2_glob
    global rec_glob, rec_next

    start = clock()
    for i in range(passes):  # noqa: B007 (pystone 1.1 names it)
        pass
    null_time = clock() - start

    rec_next = Rec()
    rec_glob = Rec()
    rec_glob.ptr = rec_next
    rec_glob.discr = ONE
    rec_glob.enum = THREE
    rec_glob.number = 40
    rec_glob.text = "DHRYSTONE PROGRAM, SOME STRING"
    str1_loc = "DHRYSTONE PROGRAM, 1'ST STRING"
    array2_glob[8][7] = 10

    start = clock()

    for i in range(passes):  # noqa: B007 (pystone 1.1 names it)
        proc_5()
        proc_4()
        int1_loc = 2
        int2_loc = 3
        str2_loc = "DHRYSTONE PROGRAM, 2'ND STRING"
        enum_loc = TWO
        bool_glob = not func_2(str1_loc, str2_loc)
        while int1_loc < int2_loc:
            int3_loc = 5 * int1_loc - int2_loc
            int3_loc = proc_7(int1_loc, int2_loc)
            int1_loc = int1_loc + 1
        proc_8(array1_glob, array2_glob, int1_loc, int3_loc)
        rec_glob = proc_1(rec_glob)
        char_index = "A"
        while char_index <= char2_glob:
            if enum_loc == func_1(char_index, "C"):
                enum_loc = proc_6(ONE)
            char_index = chr(ord(char_index) + 1)
        int3_loc = int2_loc * int1_loc
        int2_loc = int3_loc / int1_loc
        int2_loc = 7 * (int3_loc - int2_loc) - int1_loc
        int1_loc = proc_2(int1_loc)

    bench_time = clock() - start - null_time
    if bench_time == 0.0:
        rate = 0.0
    else:
        rate = passes / bench_time
    return bench_time, rate


def proc_1(rec_in):
    """Dhrystone's Proc1."""
    rec_in.ptr = rec_out = rec_glob.copy()
    rec_in.number = 5
    rec_out.number = rec_in.number
    rec_out.ptr = rec_in.ptr
    rec_out.ptr = proc_3(rec_out.ptr)
    if rec_out.discr == ONE:
        rec_out.number = 6
        rec_out.enum = proc_6(rec_in.enum)
        rec_out.ptr = rec_glob.ptr
        rec_out.number = proc_7(rec_out.number, 10)
    else:
        rec_in = rec_out.copy()
    rec_out.ptr = None
    return rec_in


def proc_2(int_io):
    """Dhrystone's Proc2."""
    int_loc = int_io + 10
    while 1:
        if char1_glob == "A":
            int_loc = int_loc - 1
            int_io = int_loc - int_glob
            enum_loc = ONE
        if enum_loc == ONE:
            break
    return int_io


def proc_3(rec_out):
    """Dhrystone's Proc3."""
    global int_glob

    if rec_glob is not None:
        rec_out = rec_glob.ptr
    else:
        int_glob = 100
    rec_glob.number = proc_7(10, int_glob)
    return rec_out


def proc_4():
    """Dhrystone's Proc4."""
    global char2_glob

    bool_loc = char1_glob == "A"
    bool_loc = bool_loc or bool_glob
    char2_glob = "B"


def proc_5():
    """Dhrystone's Proc5."""
    global char1_glob
    global bool_glob

    char1_glob = "A"
    bool_glob = FALSE


def proc_6(enum_in):
    """Dhrystone's Proc6."""
    enum_out = enum_in
    if not func_3(enum_in):
        enum_out = FOUR
    if enum_in == ONE:
        enum_out = ONE
    elif enum_in == TWO:
        if int_glob > 100:
            enum_out = ONE
        else:
            enum_out = FOUR
    elif enum_in == THREE:
        enum_out = TWO
    elif enum_in == FOUR:
        pass
    elif enum_in == FIVE:
        enum_out = THREE
    return enum_out


def proc_7(int_in1, int_in2):
    """Dhrystone's Proc7."""
    int_loc = int_in1 + 2
    int_out = int_in2 + int_loc
    return int_out


def proc_8(array1_in, array2_in, int_in1, int_in2):
    """Dhrystone's Proc8."""
    global int_glob

    int_loc = int_in1 + 5
    array1_in[int_loc] = int_in2
    array1_in[int_loc + 1] = array1_in[int_loc]
    array1_in[int_loc + 30] = int_loc
    for int_index in range(int_loc, int_loc + 2):
        array2_in[int_loc][int_index] = int_loc
    array2_in[int_loc][int_loc - 1] = array2_in[int_loc][int_loc - 1] + 1
    array2_in[int_loc + 20][int_loc] = array1_in[int_loc]
    int_glob = 5


def func_1(char_in1, char_in2):
    """Dhrystone's Func1."""
    char_loc1 = char_in1
    char_loc2 = char_loc1
    if char_loc2 != char_in2:
        return ONE
    else:
        return TWO


def func_2(str_in1, str_in2):
    """Dhrystone's Func2."""
    int_loc = 1
    while int_loc <= 1:
        if func_1(str_in1[int_loc], str_in2[int_loc + 1]) == ONE:
            char_loc = "A"
            int_loc = int_loc + 1
    if char_loc >= "W" and char_loc <= "Z":
        int_loc = 7
    if char_loc == "X":
        return TRUE
    else:
        if str_in1 > str_in2:
            int_loc = int_loc + 7
            return TRUE
        else:
            return FALSE


def func_3(enum_in):
    """Dhrystone's Func3."""
    enum_loc = enum_in
    if enum_loc == THREE:
        return TRUE
    return FALSE
