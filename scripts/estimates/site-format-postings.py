"""Estimate for docs/design-notes.md ("Why the site file exists"): the bytes a site index's word
chunks would cost per query: every word's postings (page, and
its frequency in title, headings and body; no positions), words in order, cut into chunks of
about CHUNK compressed bytes (a word larger than that is a chunk of its own); a query reads the
chunks holding its words (a prefix: the chunks its range spans). Text from Pagefind's own
fragments of the site; words are lowercased runs of letters and digits (not stemmed). Chunks are
compressed with zlib -9 (zstd or brotli would do a little better).

    python3 scripts/estimates/site-format-postings.py SITE/pagefind/fragment QUERIES.jsonl [CHUNK]
"""
import gzip, json, glob, os, re, statistics, sys, zlib
from collections import defaultdict

frag_dir, queries_path = sys.argv[1], sys.argv[2]
chunk_target = int(sys.argv[3]) if len(sys.argv) > 3 else 4096
WORD = re.compile(r"[a-z0-9]+")
post = defaultdict(list)  # word -> [(page, title_tf, heading_tf, body_tf)]
files = sorted(glob.glob(os.path.join(frag_dir, "*.pf_fragment")))
for page, f in enumerate(files):
    d = gzip.decompress(open(f, "rb").read())
    if d.startswith(b"pagefind_dcd"):
        d = d[12:]
    j = json.loads(d)
    counts = defaultdict(lambda: [0, 0, 0])
    for w in WORD.findall(j["meta"].get("title", "").lower()):
        counts[w][0] += 1
    for a in j["anchors"]:
        for w in WORD.findall(a["text"].lower()):
            counts[w][1] += 1
    for w in WORD.findall(j["content"].lower()):
        counts[w][2] += 1
    for w, c in counts.items():
        post[w].append((page, *c))

def varint(n, out):
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)

def encode(word, plist):
    out = bytearray()
    out += word.encode()
    out.append(0)
    varint(len(plist), out)
    prev = 0
    for page, t, h, b in plist:
        varint(page - prev, out)
        prev = page
        if t or h:
            out.append(0x80 | min(t, 7) << 4 | min(h, 15))
        varint(b, out)
    return bytes(out)

words = sorted(post)
chunks = []  # (first word, last word, compressed size)
cur, cur_words, cur_raw = [], [], 0
def flush():
    global cur, cur_words
    if cur:
        chunks.append((cur_words[0], cur_words[-1], len(zlib.compress(b"".join(cur), 9))))
    cur, cur_words = [], []
# raw-to-compressed is about 2:1 here; cut on raw bytes at twice the target
for w in words:
    e = encode(w, post[w])
    if cur and sum(map(len, cur)) + len(e) > 2 * chunk_target:
        flush()
    cur.append(e)
    cur_words.append(w)
flush()
firsts = [c[0] for c in chunks]
import bisect
def chunk_of(word):
    return max(0, bisect.bisect_right(firsts, word) - 1)

qs = [json.loads(l)["query"] for l in open(queries_path) if l.strip()]
step = max(1, len(qs) // 40)
qs = [q for i, q in enumerate(qs) if i % step == 0][:40]
per_query = []
for q in qs:
    text = re.sub(r'section:"[^"]+"|section:\S+|page_type:\S+', " ", q).replace("title:", " ")
    ws = WORD.findall(text.lower())
    need = set()
    for i, w in enumerate(ws):
        need.add(chunk_of(w))
        if i == len(ws) - 1:  # the last word is also a prefix
            lo = chunk_of(w)
            hi = chunk_of(w + "\uffff")
            need.update(range(lo, hi + 1))
    per_query.append(sum(chunks[c][2] for c in need))
index_bytes = len(zlib.compress("\n".join(f"{c[0]}" for c in chunks).encode(), 9)) + 4 * len(chunks)
total = sum(c[2] for c in chunks)
big = sorted((c[2] for c in chunks), reverse=True)[:5]
print(f"chunk target {chunk_target} B: {len(chunks)} chunks, {total/1e6:.1f} MB in all; largest {big}; "
      f"chunk index ~{index_bytes/1e3:.0f} KB; per query (40 of the log) median {statistics.median(per_query)/1e3:.1f} KB, "
      f"p90 {sorted(per_query)[int(len(per_query)*0.9)]/1e3:.1f} KB; {len(words)} words")
