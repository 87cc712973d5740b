#!/usr/bin/env python3
"""The requests of the data-set benchmark against DuckDB-Wasm, each as rangefind's request and
as DuckDB's SQL over the Parquet that scripts/data/events-parquet.py writes.

    python3 scripts/data/events-vs-duckdb-queries.py QUERIES.jsonl EVENTS.parquet [PER_KIND]

One JSON object a line: {"kind", "name", "answer", "rangefind": {"query", "options"}, "sql",
"sqlite"}: `sql` for DuckDB over the Parquet, `sqlite` for SQLite over the database of
scripts/data/events-sqlite.py (FTS5 for words and phrases, its indexes for the rest).
`answer` says how the two answers are compared (tests/benchmarks/datasets-vs-duckdb.bench-run.ts):
`newest` (the 10 newest events), `days` (events per UTC day), `repos` (events per
repository). The SQL reads the table as `__EVENTS__`, which the runner replaces. Quickwit's four
queries and two more, PER_KIND (default 3) of each taken from the shared events query log:

  Q1 a login's events, 10 newest     Q4 a word in commit messages, events per repository
  Q2 events per day, everything      Q5 a phrase in commit messages, 10 newest
  Q3 events per day of one login     Q6 a repository's events in one month, 10 newest

Words and phrases are the log's of letters and digits only, spread over its frequency classes.
A word matches in SQL as rangefind's unstemmed `words` tokenizer cuts text (runs of letters and
digits, any case), a phrase as those words with only other characters between them. A Q6 month
is the month of the repository's median event. Needs the `duckdb` Python package.
"""

import datetime
import json
import re
import sys

import duckdb

queries, parquet = sys.argv[1], sys.argv[2]
per_kind = int(sys.argv[3]) if len(sys.argv) > 3 else 3
log = [json.loads(line) for line in open(queries) if line.strip()]

PER_DAY = {"per_day": {"date_histogram": {"field": "created_at", "fixed_interval": "1d"}}}
REPOS = {"repos": {"terms": {"field": "repo.name", "size": 100}}}
# `count_all: false`: the 10 newest, not how many there are (SQL's LIMIT does not count either).
NEWEST = {"limit": 10, "sort": "-created_at", "count_all": False, "snippet": False}
# Neither a letter nor a digit, as rangefind's tokenizer cuts words.
GAP = r"[^\pL\pN]"


def sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def newest_sql(where: str) -> str:
    return (
        "SELECT id, type, actor_login, repo_name, epoch_ms(created_at) AS ms, text "
        f"FROM __EVENTS__ WHERE {where} ORDER BY created_at DESC LIMIT 10"
    )


def per_day_sql(where: str | None) -> str:
    return (
        "SELECT epoch_ms(date_trunc('day', created_at)) AS day, count(*) AS n FROM __EVENTS__"
        + (f" WHERE {where}" if where else "")
        + " GROUP BY 1 ORDER BY 1"
    )


def words_pattern(words: list[str]) -> str:
    return f"(?i)(^|{GAP})" + f"{GAP}+".join(words) + f"({GAP}|$)"


def spread(items: list[dict]) -> list[dict]:
    """Up to `per_kind` items, taking the frequency classes in turn."""
    classes: dict[str, list[dict]] = {}
    for item in items:
        classes.setdefault(item.get("freq") or "", []).append(item)
    picked: list[dict] = []
    while len(picked) < per_kind and any(classes.values()):
        for name in sorted(classes):
            if classes[name] and len(picked) < per_kind:
                picked.append(classes[name].pop(0))
    return picked


def emit(kind: str, name: str, answer: str, query: str, options: dict, sql: str, sqlite: str) -> None:
    print(json.dumps({"kind": kind, "name": name, "answer": answer,
                      "rangefind": {"query": query, "options": options}, "sql": sql, "sqlite": sqlite}))


def sqlite_newest(where: str) -> str:
    return ("SELECT id, type, actor_login, repo_name, created_at * 1000 AS ms, text FROM events "
            f"WHERE {where} ORDER BY created_at DESC LIMIT 10")


def sqlite_per_day(where: str | None) -> str:
    return ("SELECT created_at / 86400 * 86400000 AS day, count(*) AS n FROM events"
            + (f" WHERE {where}" if where else "") + " GROUP BY 1 ORDER BY 1")


def fts(words: list[str]) -> str:
    """The rows whose text holds `words` in a row, by FTS5."""
    return "rowid IN (SELECT rowid FROM events_fts WHERE events_fts MATCH " + sql_text('"' + " ".join(words) + '"') + ")"


logins = [q["query"].split(":", 1)[1] for q in log if re.fullmatch(r"actor\.login:[\w.-]+", q["query"])][:per_kind]
words = [q["query"] for q in spread([q for q in log if q["kind"] == "term" and re.fullmatch(r"[a-z0-9]+", q["query"])])]
phrases = [q["query"].strip('"').split() for q in
           spread([q for q in log if q["kind"] == "phrase" and re.fullmatch(r'"[a-z0-9]+( [a-z0-9]+)+"', q["query"])])]
repos = list(dict.fromkeys(m.group(1) for q in log if (m := re.match(r'repo\.name:"([^"]+)"', q["query"]))))[:per_kind]

for login in logins:
    emit("Q1", f"actor.login:{login}, 10 newest", "newest", f"actor.login:{login}", NEWEST,
         newest_sql(f"actor_login = {sql_text(login)}"), sqlite_newest(f"actor_login = {sql_text(login)}"))
emit("Q2", "events per day, everything", "days", "*", {"limit": 0, "aggs": PER_DAY}, per_day_sql(None),
     sqlite_per_day(None))
for login in logins:
    emit("Q3", f"events per day of {login}", "days", f"actor.login:{login}", {"limit": 0, "aggs": PER_DAY},
         per_day_sql(f"actor_login = {sql_text(login)}"), sqlite_per_day(f"actor_login = {sql_text(login)}"))
for word in words:
    emit("Q4", f"text:{word}, events per repository", "repos", f"text:{word}", {"limit": 0, "aggs": REPOS},
         "SELECT repo_name AS key, count(*) AS n FROM __EVENTS__ "
         f"WHERE regexp_matches(text, {sql_text(words_pattern([word]))}) GROUP BY 1 ORDER BY 2 DESC LIMIT 100",
         f"SELECT repo_name AS key, count(*) AS n FROM events WHERE {fts([word])} GROUP BY 1 ORDER BY 2 DESC LIMIT 100")
for phrase in phrases:
    text = " ".join(phrase)
    emit("Q5", f'text:"{text}", 10 newest', "newest", f'text:"{text}"', NEWEST,
         newest_sql(f"regexp_matches(text, {sql_text(words_pattern(phrase))})"), sqlite_newest(fts(phrase)))

def epoch(day: str) -> int:
    return int(datetime.datetime.fromisoformat(day).replace(tzinfo=datetime.timezone.utc).timestamp())


con = duckdb.connect()
con.execute("SET TimeZone = 'UTC'")
for repo in repos:
    (month,) = con.execute(
        "SELECT date_trunc('month', quantile_disc(created_at, 0.5))::DATE FROM read_parquet(?) WHERE repo_name = ?",
        [parquet, repo],
    ).fetchone()
    start = month.isoformat()
    end = (month.replace(year=month.year + 1, month=1) if month.month == 12 else month.replace(month=month.month + 1)).isoformat()
    emit("Q6", f"{repo} in {start[:7]}, 10 newest", "newest", f'repo.name:"{repo}"',
         {**NEWEST, "start_timestamp": f"{start}T00:00:00Z", "end_timestamp": f"{end}T00:00:00Z"},
         newest_sql(f"repo_name = {sql_text(repo)} AND created_at >= TIMESTAMP '{start}' AND created_at < TIMESTAMP '{end}'"),
         sqlite_newest(f"repo_name = {sql_text(repo)} AND created_at >= {epoch(start)} AND created_at < {epoch(end)}"))
