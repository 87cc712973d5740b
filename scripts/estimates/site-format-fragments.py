"""Estimate for docs/design-notes.md ("Why the site file exists"): the bytes a hit's page record
(url, meta, anchors, text) would cost by codec, on Pagefind's own fragments of a site (the
same text both tools index), for a random sample of N pages. The zstd dictionary is trained
on 3,000 other pages of the site.

    python3 scripts/estimates/site-format-fragments.py SITE/pagefind/fragment [N]
"""
import gzip, json, glob, os, random, statistics, subprocess, sys, tempfile

frag_dir = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 1500
files = sorted(glob.glob(os.path.join(frag_dir, "*.pf_fragment")))
random.seed(7)
sample = random.sample(files, min(n, len(files)))
train = random.sample([f for f in files if f not in set(sample)], 3000)

def load(f):
    d = gzip.decompress(open(f, "rb").read())
    if d.startswith(b"pagefind_dcd"):
        d = d[12:]
    return json.loads(d)

def page_record(j):
    # what a hit shows: url, title, meta, anchors (id + text) and the text
    return json.dumps({"url": j["url"], "meta": j["meta"], "anchors": [[a["id"], a["text"], a["location"]] for a in j["anchors"]], "content": j["content"]}, ensure_ascii=False).encode()

tmp = tempfile.mkdtemp()
trainfiles = []
for i, f in enumerate(train):
    p = os.path.join(tmp, f"t{i}")
    j = load(f)
    open(p, "wb").write(page_record(j))
    trainfiles.append(p)
dict_path = os.path.join(tmp, "dict")
subprocess.run(["zstd", "-q", "--train", *trainfiles, "-o", dict_path, "--maxdict=65536"], check=True)
def size(cmd, data):
    return len(subprocess.run(cmd, input=data, capture_output=True, check=True).stdout)

codecs = {
    "pagefind file (gzip)": None,
    "lz4 -9": ["lz4", "-9", "-c"],
    "gzip -9": ["gzip", "-9", "-c"],
    "brotli -q 11": ["brotli", "-q", "11", "-c"],
    "zstd -19": ["zstd", "-19", "-q", "-c"],
    "zstd -19 + 64 KB dictionary": ["zstd", "-19", "-q", "-c", "-D", dict_path],
}
rows = {k: [] for k in codecs}
raw = []
for f in sample:
    j = load(f)
    rec = page_record(j)
    raw.append(len(rec))
    rows["pagefind file (gzip)"].append(os.path.getsize(f))
    for k, cmd in codecs.items():
        if cmd:
            rows[k].append(size(cmd, rec))

print(f"{len(sample)} pages; record median {statistics.median(raw)} B, mean {statistics.mean(raw):.0f} B")
for k, v in rows.items():
    print(f"  per page, {k:32s} median {statistics.median(v):7.0f} B  mean {statistics.mean(v):7.0f} B")
print("dictionary:", os.path.getsize(dict_path), "bytes,", size(["brotli", "-q", "11", "-c"], open(dict_path, "rb").read()), "with brotli -q 11")
import shutil
shutil.rmtree(tmp)
