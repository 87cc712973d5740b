#!/usr/bin/env python3
"""Writes the GH Archive benchmark's requests (one JSON line each: {"kind", "request"}) for
rangefind-bench, from the shared events query log and the events themselves:

  Q1 by score / Q1 newest first: every `actor.login:X` query of the log, top 10 (newest first
     with count_all: false, so time-ordered splits stop early);
  Q2: events per day over everything (date_histogram, no hits);
  Q3: events per day for each Q1 actor;
  Q4: top 100 repositories among the events whose text holds a word, for each one-word
     query of the log;
  rare login: logins found in one split only (of N >= 10, so absent from >= 90 % of them),
     100 of them spread over the alphabet: how many splits each query opens.

usage: gharchive-queries.py EVENTS.jsonl.zst QUERIES.jsonl SPLIT_DOCS
"""
import collections
import json
import re
import subprocess
import sys

events, queries, split_docs = sys.argv[1], sys.argv[2], int(sys.argv[3])
per_day = {"per_day": {"date_histogram": {"field": "created_at", "fixed_interval": "1d"}}}
top_repos = {"repos": {"terms": {"field": "repo.name", "size": 100}}}


def emit(kind, request):
    print(json.dumps({"kind": kind, "request": request}))


log = [json.loads(line) for line in open(queries) if line.strip()]
actors = [q["query"] for q in log if re.fullmatch(r"actor\.login:\S+", q["query"])]
words = [q["query"] for q in log if q["kind"] == "term" and re.fullmatch(r"\w+", q["query"])]
for actor in actors:
    emit("Q1 by score", {"query": actor, "limit": 10, "snippet": False})
    emit("Q1 newest first", {"query": actor, "limit": 10, "snippet": False,
                             "sort": "-created_at", "count_all": False})
emit("Q2", {"query": "", "limit": 0, "aggs": per_day})
for actor in actors:
    emit("Q3", {"query": actor, "limit": 0, "aggs": per_day})
for word in words:
    emit("Q4", {"query": f"text:{word}", "limit": 0, "aggs": top_repos})

splits_of = collections.defaultdict(set)
lines = subprocess.run(["zstd", "-dcq", events], check=True, capture_output=True).stdout
blocks = 0
for number, line in enumerate(lines.splitlines()):
    if not line.strip():
        continue
    login = json.loads(line)["actor"]["login"]
    splits_of[login].add(number // split_docs)
    blocks = number // split_docs + 1
if blocks >= 10:
    rare = sorted(login for login, splits in splits_of.items() if len(splits) == 1
                  and re.fullmatch(r"[\w.-]+", login))
    for login in rare[:: max(1, len(rare) // 100)][:100]:
        emit("rare login (1 split)", {"query": f"actor.login:{login}", "limit": 10,
                                      "snippet": False})
