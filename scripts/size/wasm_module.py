"""A .wasm module read for size reports (scripts/size/wasm-size-report.py,
scripts/size/wasm-brotli-areas.py): its sections, its functions' bodies and their names."""
import re


def leb(data, pos):
    """The unsigned LEB128 number at `pos`, and the position after it."""
    result = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, pos


def uleb(value):
    """`value` as unsigned LEB128."""
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | 0x80 if value else byte)
        if not value:
            return bytes(out)


def sections(data):
    """(kind, body) of each section, in order."""
    pos = 8
    while pos < len(data):
        kind = data[pos]
        size, pos = leb(data, pos + 1)
        yield kind, data[pos:pos + size]
        pos += size


class Module:
    """`data` parsed: `bodies` (the code section's function bodies), `imported` (how many
    functions are imported: they take the first indices), `names` (function index → name,
    crate hashes left out) and `data_bytes` (the data section's size)."""

    def __init__(self, data):
        self.data = data
        self.sections = list(sections(data))
        self.imported = 0
        self.bodies = []
        self.names = {}
        self.data_bytes = 0
        for kind, body in self.sections:
            if kind == 2:
                self.imported = imported_functions(body)
            elif kind == 10:
                count, p = leb(body, 0)
                for _ in range(count):
                    size, p = leb(body, p)
                    self.bodies.append(body[p:p + size])
                    p += size
            elif kind == 11:
                self.data_bytes = len(body)
            elif kind == 0:
                self.names.update(function_names(body))

    def name(self, body_index):
        """The name of the function whose body is `body_index`th ("?" without one)."""
        return self.names.get(body_index + self.imported, "?")


def imported_functions(body):
    count, p = leb(body, 0)
    functions = 0
    for _ in range(count):
        for _ in range(2):  # module and field names
            n, p = leb(body, p)
            p += n
        kind = body[p]
        p += 1
        if kind == 0:  # a function: its type
            _, p = leb(body, p)
            functions += 1
        elif kind in (1, 2):  # a table (its element type, then limits) or a memory (limits)
            if kind == 1:
                p += 1
            flags, p = leb(body, p)
            _, p = leb(body, p)
            if flags & 1:
                _, p = leb(body, p)
        elif kind == 3:  # a global: its type and mutability
            p += 2
    return functions


def function_names(body):
    """Function index → name from a custom section, if it is the names section. A standard
    library rebuilt from source (scripts/build/build-wasm.sh) puts `[hash]` after each crate name:
    left out."""
    n, p = leb(body, 0)
    if body[p:p + n] != b"name":
        return {}
    p += n
    names = {}
    while p < len(body):
        sub = body[p]
        size, p = leb(body, p + 1)
        if sub == 1:
            count, q = leb(body, p)
            for _ in range(count):
                index, q = leb(body, q)
                length, q = leb(body, q)
                names[index] = re.sub(r"\[[0-9a-f]+\]", "", body[q:q + length].decode("utf8", "replace"))
                q += length
        p += size
    return names
