#!/usr/bin/env python3
"""Which pages of a running program's executable are resident, and whose code or data they hold.

  resident.py snap PID OUT            resident pages of the executable's mappings (as addresses
                                      relative to its load base) into OUT, one hex number a line
  resident.py attribute EXE MAP SNAP...
                                      the pages of each snapshot attributed to the archives and
                                      objects a linker map (gold's -Map) of EXE says are there

A page is resident when /proc/PID/pagemap says it is present: touched by the process, or mapped
with it by the kernel's fault-around (up to 16 neighbouring pages of the page cache).
Attribution splits a page by the bytes each input section covers in it.
"""
import collections
import os
import re
import struct
import sys

PAGE = 4096


def snap(pid, out):
    exe = os.readlink(f"/proc/{pid}/exe")
    ranges = []
    for line in open(f"/proc/{pid}/maps"):
        fields = line.split()
        if len(fields) >= 6 and fields[5] == exe:
            start, end = (int(x, 16) for x in fields[0].split("-"))
            ranges.append((start, end, fields[1]))
    base = ranges[0][0]
    pages = []
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for start, end, perms in ranges:
            pagemap.seek(start // PAGE * 8)
            data = pagemap.read((end - start) // PAGE * 8)
            for index in range((end - start) // PAGE):
                (entry,) = struct.unpack_from("<Q", data, index * 8)
                if entry >> 63:
                    # bit 61: file page or shared anon; cleared for a private (copied) page
                    private = not (entry >> 61) & 1
                    pages.append((start - base + index * PAGE, perms, private))
    with open(out, "w") as file:
        for address, perms, private in pages:
            file.write(f"{address:x} {perms} {'anon' if private else 'file'}\n")


SECTION = re.compile(r"^ (\S+)\s*$")
PLACED = re.compile(r"^ (\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$")


def owner(path):
    """`libFoundationEssentials.a` for an archive member, the module for the app's objects."""
    match = re.search(r"([^/]+\.a)\(", path)
    if path.startswith("<internal>"):
        return "linker"
    if match:
        return match.group(1)
    match = re.search(r"/([^/]+)\.build/", path)
    if match:
        return "app:" + match.group(1)
    return os.path.basename(path)


def allocated_sections(exe):
    """(start, size, name) of the sections of `exe` that are loaded (flag A)."""
    import subprocess
    text = subprocess.run(["readelf", "-SW", exe], capture_output=True, text=True).stdout
    sections = []
    for line in text.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)"
                         r"\s+\S+\s+(\S*)", line)
        if match and "A" in match.group(4) and int(match.group(3), 16):
            sections.append((int(match.group(2), 16), int(match.group(3), 16), match.group(1)))
    return sorted(sections)


LLD = re.compile(r"^\s*([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s+(\d+) (\s*)(\S.*)$")


def parse_lld_map(path, allocated):
    """lld's -Map: VMA LMA Size Align, then the output section, its input sections (8 spaces
    deeper) and their symbols (16)."""
    names = {name for _, _, name in allocated}
    sections = []
    output = None
    for line in open(path, errors="replace"):
        match = LLD.match(line)
        if not match:
            continue
        start, size = int(match.group(1), 16), int(match.group(3), 16)
        depth, rest = len(match.group(5)), match.group(6)
        if depth == 0:
            output = rest if rest in names else None
        elif depth == 8 and output and size and start:
            path_part = rest.rsplit(":(", 1)[0]
            sections.append((start, size, output, owner(path_part), rest))
    sections.sort()
    return sections


def parse_map(path, allocated):
    if open(path, errors="replace").readline().split()[:2] == ["VMA", "LMA"]:
        return parse_lld_map(path, allocated)
    names = {name for _, _, name in allocated}
    sections = []  # (start, size, output section, owner)
    output = None
    pending = None
    for line in open(path, errors="replace"):
        if line and not line[0].isspace():
            fields = line.split()
            output = fields[0] if fields else None
            if line.startswith("Discarded input sections") or output not in names:
                output = None
            pending = None
            continue
        if output is None:
            continue
        match = PLACED.match(line)
        if match:
            name = match.group(1) or pending
            start, size = int(match.group(2), 16), int(match.group(3), 16)
            if size and start:
                sections.append((start, size, output, owner(match.group(4)), name or ""))
            pending = None
            continue
        match = SECTION.match(line)
        if match:
            pending = match.group(1)
    sections.sort()
    return sections


def attribute(exe, map_path, snaps):
    allocated = allocated_sections(exe)
    sections = parse_map(map_path, allocated)
    outputs = [(start, size, name) for start, size, name in allocated]
    starts = [s[0] for s in sections]
    ours = {s[2] for s in sections}
    import bisect
    for snap_path in snaps:
        by_owner = collections.Counter()
        by_output = collections.Counter()
        by_both = collections.Counter()
        anon = collections.Counter()
        pages = [line.split() for line in open(snap_path)]
        for address_text, _, kind in pages:
            address = int(address_text, 16)
            end = address + PAGE
            index = max(bisect.bisect_right(starts, address) - 1, 0)
            covered = 0
            while index < len(sections) and sections[index][0] < end:
                start, size, output, who, _ = sections[index]
                low, high = max(start, address), min(start + size, end)
                if high > low:
                    share = (high - low) / 1024
                    by_owner[who] += share
                    by_output[output] += share
                    by_both[(who, output)] += share
                    if kind == "anon":
                        anon[output] += share
                    covered += high - low
                index += 1
            if covered < PAGE:
                # Not an input section of the map: the linker's own (.rela.dyn, .dynsym, .got,
                # ...), by the output sections the rest of the page overlaps.
                rest = PAGE - covered
                for start, size, name in outputs:
                    low, high = max(start, address), min(start + size, end)
                    if high > low and name not in ours:
                        share = min(high - low, rest) / 1024
                        by_owner["linker: " + name] += share
                        by_output[name] += share
                        if kind == "anon":
                            anon[name] += share
                        rest -= min(high - low, rest)
                if rest > 0:
                    by_owner["(padding)"] += rest / 1024
        total = len(pages) * PAGE / 1024
        print(f"{snap_path}: {total / 1024:.2f} MB resident in the executable")
        print("  by output section (KB, of which copied):")
        for name, kb in by_output.most_common(14):
            print(f"    {name:<32} {kb:9.0f} {anon[name]:9.0f}")
        print("  by archive / module (KB):")
        for name, kb in by_owner.most_common(24):
            print(f"    {name:<40} {kb:9.0f}")
        if os.environ.get("RESIDENT_BY_SECTION"):
            print("  by archive / module and output section (KB):")
            for (who, output), kb in by_both.most_common(40):
                print(f"    {who:<40} {output:<28} {kb:9.0f}")


if __name__ == "__main__":
    if sys.argv[1] == "snap":
        snap(int(sys.argv[2]), sys.argv[3])
    else:
        attribute(sys.argv[2], sys.argv[3], sys.argv[4:])
