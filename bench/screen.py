#!/usr/bin/env python3
"""What a terminal shows, from the bytes a program writes: a small VT emulator for what ncurses
sends (cursor moves, erases, scroll regions, insert/delete, repeat), enough to tell what each
write left on the screen; and a recorder that timestamps every chunk of those bytes.

Usage: screen.py stamp FILE   reads standard input (tmux pipe-pane's), appending each chunk as
                              (CLOCK_MONOTONIC ns, length, bytes) records to FILE
bench/owners.py seeds a Screen with tmux's capture-pane and cursor, feeds it the recorded chunks,
and checks the result against capture-pane at the end.
"""
import codecs
import os
import re
import struct
import sys
import time
import unicodedata

HEADER = struct.Struct("<QI")
TOKEN = re.compile(r"\x1b\[([?>=]?)([0-9;]*)([ -/]*)([@-~])|\x1b[()*+][0-9A-Za-z]|\x1b[=>78DEMc]"
                   r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|[\x00-\x1f]|[^\x00-\x1f\x1b]+")
PARTIAL = re.compile(r"\x1b(?:\[[?>=]?[0-9;]*[ -/]*|\][^\x07]*|[()*+])?$")


def stamp(path):
    with open(path, "ab", buffering=0) as out:
        while True:
            data = os.read(0, 65536)
            if not data:
                return
            out.write(HEADER.pack(time.monotonic_ns(), len(data)) + data)


def chunks(path):
    """The (ns, bytes) records screen.py stamp wrote."""
    data, offset, records = open(path, "rb").read(), 0, []
    while offset + HEADER.size <= len(data):
        ns, length = HEADER.unpack_from(data, offset)
        offset += HEADER.size
        records.append((ns, data[offset:offset + length]))
        offset += length
    return records


class Screen:
    def __init__(self, width, height, lines=(), cursor=(0, 0)):
        self.width, self.height = width, height
        self.rows = [list(line[:width].ljust(width)) for line in lines][:height]
        self.rows += [[" "] * width for _ in range(height - len(self.rows))]
        self.x, self.y = cursor
        self.top, self.bottom = 0, height - 1
        self.wrap = False
        self.saved = (0, 0)
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.pending = ""

    def text(self):
        return "\n".join("".join(row).rstrip() for row in self.rows)

    def feed(self, data, after=None):
        """Interprets `data`; calls after(token) after each sequence or run of text."""
        text = self.pending + self.decoder.decode(data)
        tail = PARTIAL.search(text)
        self.pending = tail.group(0) if tail and tail.group(0) else ""
        text = text[:len(text) - len(self.pending)]
        for match in TOKEN.finditer(text):
            self.token(match)
            if after:
                after(match.group(0))

    def scroll(self, count, top=None):
        """Scrolls the region from `top` up by count (down when negative)."""
        top = self.top if top is None else top
        blank = [[" "] * self.width for _ in range(abs(count))]
        region = self.rows[top:self.bottom + 1]
        region = (region[count:] + blank if count > 0 else blank + region[:count])
        self.rows[top:self.bottom + 1] = region[:self.bottom + 1 - top]

    def token(self, match):
        raw = match.group(0)
        if match.group(4):
            self.csi(match.group(1), match.group(2), match.group(4))
        elif raw[0] != "\x1b" and raw[0] >= " ":
            self.put(raw)
        elif raw == "\r":
            self.x, self.wrap = 0, False
        elif raw in ("\n", "\x0b", "\x0c", "\x1bD"):
            self.index(1)
        elif raw == "\x1bE":
            self.x = 0
            self.index(1)
        elif raw == "\x1bM":
            self.index(-1)
        elif raw == "\b":
            self.x, self.wrap = max(0, self.x - 1), False
        elif raw == "\t":
            self.x = min(self.width - 1, (self.x // 8 + 1) * 8)
        elif raw == "\x1b7":
            self.saved = (self.x, self.y)
        elif raw == "\x1b8":
            self.x, self.y = self.saved

    def index(self, step):
        self.wrap = False
        edge = self.bottom if step > 0 else self.top
        if self.y == edge:
            self.scroll(step)
        else:
            self.y = max(0, min(self.height - 1, self.y + step))

    def put(self, text):
        for char in text:
            if unicodedata.combining(char):
                continue
            wide = unicodedata.east_asian_width(char) in "WF"
            if self.wrap or (wide and self.x == self.width - 1):
                self.x = 0
                self.index(1)
            self.rows[self.y][self.x] = char
            if wide:
                self.rows[self.y][self.x + 1] = ""
            self.x += 2 if wide else 1
            self.wrap = self.x >= self.width
            self.x = min(self.x, self.width - 1)
            self.last = char

    def csi(self, private, params, final):
        numbers = [int(p) if p else 0 for p in params.split(";")] if params else []
        n = numbers[0] if numbers else 0
        one = max(1, n)
        row = self.rows[self.y]
        if private:
            return
        self.wrap = self.wrap and final in "m"
        if final in "Hf":
            self.y = min(self.height, max(1, n)) - 1
            self.x = min(self.width, max(1, numbers[1] if len(numbers) > 1 else 1)) - 1
        elif final in "G`":
            self.x = min(self.width, one) - 1
        elif final == "d":
            self.y = min(self.height, one) - 1
        elif final == "A":
            self.y = max(self.top if self.y >= self.top else 0, self.y - one)
        elif final in "Be":
            self.y = min(self.bottom if self.y <= self.bottom else self.height - 1, self.y + one)
        elif final in "Ca":
            self.x = min(self.width - 1, self.x + one)
        elif final == "D":
            self.x = max(0, self.x - one)
        elif final == "X":
            row[self.x:self.x + one] = [" "] * len(row[self.x:self.x + one])
        elif final == "K":
            start, end = {0: (self.x, self.width), 1: (0, self.x + 1)}.get(n, (0, self.width))
            row[start:end] = [" "] * (end - start)
        elif final == "J":
            rows = {0: range(self.y + 1, self.height), 1: range(0, self.y)}.get(n, range(self.height))
            for index in rows:
                self.rows[index] = [" "] * self.width
            self.csi("", "1" if n == 1 else ("2" if n > 1 else "0"), "K")
        elif final == "r":
            self.top = max(1, n) - 1
            self.bottom = (numbers[1] if len(numbers) > 1 and numbers[1] else self.height) - 1
            self.x, self.y = 0, 0
        elif final in "LM" and self.top <= self.y <= self.bottom:
            self.scroll(one if final == "M" else -one, top=self.y)
        elif final == "S":
            self.scroll(one)
        elif final == "T":
            self.scroll(-one)
        elif final == "@":
            row[self.x:] = ([" "] * one + row[self.x:])[:self.width - self.x]
        elif final == "P":
            row[self.x:] = (row[self.x + one:] + [" "] * one)[:self.width - self.x]
        elif final == "b" and getattr(self, "last", None):
            self.put(self.last * one)


if __name__ == "__main__" and sys.argv[1:2] == ["stamp"]:
    stamp(sys.argv[2])
