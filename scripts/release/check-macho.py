#!/usr/bin/env python3
"""Checks a macOS CLI that cannot run here: a 64-bit Mach-O executable of the expected
architecture that loads only the system's own libraries (so it runs on a Mac with nothing
installed), and, on arm64, carries a code signature whose page hashes match the file (macOS
kills an arm64 program that has none or a stale one). Reads the header and load commands as
<mach-o/loader.h> defines them, the signature as <kern/cs_blobs.h> does.

    scripts/release/check-macho.py FILE x86_64|arm64
"""

import hashlib
import struct
import sys

MH_MAGIC_64 = 0xFEEDFACF
MH_EXECUTE = 0x2
CPU_TYPES = {"x86_64": 0x01000007, "arm64": 0x0100000C}
# The load commands that name a library the loader must find.
DYLIB_COMMANDS = {
    0xC: "LC_LOAD_DYLIB",
    0x80000018: "LC_LOAD_WEAK_DYLIB",
    0x8000001F: "LC_REEXPORT_DYLIB",
    0x80000023: "LC_LOAD_UPWARD_DYLIB",
}
SYSTEM_PREFIXES = ("/usr/lib/", "/System/Library/")
LC_CODE_SIGNATURE = 0x1D
CSMAGIC_EMBEDDED_SIGNATURE = 0xFADE0CC0
CSMAGIC_CODEDIRECTORY = 0xFADE0C02
HASHES = {1: hashlib.sha1, 2: hashlib.sha256}


def load_commands(data: bytes, expected_cpu: int):
    """(command, offset, size) of each load command, once the header is as expected."""
    if len(data) < 32:
        raise ValueError("shorter than a Mach-O header")
    magic, cputype, _subtype, filetype, ncmds, sizeofcmds = struct.unpack_from("<IiiIII", data, 0)
    if magic != MH_MAGIC_64:
        raise ValueError(f"not a 64-bit little-endian Mach-O file (magic {magic:#x})")
    if cputype != expected_cpu:
        raise ValueError(f"CPU type {cputype:#x}, expected {expected_cpu:#x}")
    if filetype != MH_EXECUTE:
        raise ValueError(f"file type {filetype}, expected an executable ({MH_EXECUTE})")
    if 32 + sizeofcmds > len(data):
        raise ValueError("load commands run past the end of the file")
    offset = 32
    for _ in range(ncmds):
        command, size = struct.unpack_from("<II", data, offset)
        if size < 8 or offset + size > 32 + sizeofcmds:
            raise ValueError(f"a load command of {size} bytes at {offset} is malformed")
        yield command, offset, size
        offset += size


def dylibs(data: bytes, commands) -> list[str]:
    names = []
    for command, offset, size in commands:
        if command in DYLIB_COMMANDS:
            (name_offset,) = struct.unpack_from("<I", data, offset + 8)
            names.append(data[offset + name_offset : offset + size].split(b"\0", 1)[0].decode())
    return names


def signed_pages(data: bytes, commands) -> int | None:
    """The pages the code signature covers, each hash checked; None when there is none."""
    found = [offset for command, offset, _ in commands if command == LC_CODE_SIGNATURE]
    if not found:
        return None
    blob_offset, blob_size = struct.unpack_from("<II", data, found[0] + 8)
    blob = data[blob_offset : blob_offset + blob_size]
    magic, _length, count = struct.unpack_from(">III", blob, 0)
    if magic != CSMAGIC_EMBEDDED_SIGNATURE:
        raise ValueError(f"the code signature's magic is {magic:#x}")
    for index in range(count):
        _kind, offset = struct.unpack_from(">II", blob, 12 + 8 * index)
        if struct.unpack_from(">I", blob, offset)[0] == CSMAGIC_CODEDIRECTORY:
            break
    else:
        raise ValueError("the code signature has no code directory")
    (hash_offset, _ident, _special, code_slots, code_limit, hash_size, hash_type, _platform, page_log2) = struct.unpack_from(
        ">IIIIIBBBB", blob, offset + 16
    )
    if hash_type not in HASHES:
        raise ValueError(f"the code signature's hash type {hash_type} is unknown")
    page = 1 << page_log2
    for slot in range(code_slots):
        start = slot * page
        expected = blob[offset + hash_offset + slot * hash_size : offset + hash_offset + (slot + 1) * hash_size]
        actual = HASHES[hash_type](data[start : min(start + page, code_limit)]).digest()[:hash_size]
        if actual != expected:
            raise ValueError(f"the code signature does not match page {slot} (bytes {start}…)")
    return code_slots


def main() -> None:
    if len(sys.argv) != 3 or sys.argv[2] not in CPU_TYPES:
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    path, arch = sys.argv[1], sys.argv[2]
    with open(path, "rb") as file:
        data = file.read()
    try:
        commands = list(load_commands(data, CPU_TYPES[arch]))
        names = dylibs(data, commands)
        pages = signed_pages(data, commands)
    except (ValueError, struct.error) as error:
        sys.exit(f"check-macho: {path}: {error}")
    if pages is None and arch == "arm64":
        sys.exit(f"check-macho: {path}: no code signature (macOS on arm64 refuses to run it)")
    foreign = [name for name in names if not name.startswith(SYSTEM_PREFIXES)]
    if not names:
        sys.exit(f"check-macho: {path}: loads no library at all (not even libSystem)")
    if foreign:
        sys.exit(f"check-macho: {path}: loads libraries a Mac does not have: {', '.join(foreign)}")
    signature = f"signed, {pages} page hashes match" if pages else "not signed"
    print(f"{path}: Mach-O 64-bit {arch} executable, {len(data):,} bytes, {signature}; loads {', '.join(names)}")


if __name__ == "__main__":
    main()
