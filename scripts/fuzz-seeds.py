#!/usr/bin/env python3
"""Writes the seeds of the engine's fuzz targets (DecoderFuzzing's EngineTargets).

    scripts/fuzz-seeds.py     # rewrites Tests/RoloCoreTests/Fixtures/config/*.toml and engine/*/

The config target's: every config the man page's examples and the tests hold.

A man page example is a `.Bd -literal` block holding a `key = value` line; a test's is a Swift
multi-line string literal holding one (those with interpolations are left out: their text is
made at run time). Each is written once, named by where it came from, so `git diff` after a
rerun shows what the tests and the man page added.

The other targets': queries over records, the tests' answers (Fixtures/custom) and shapes the stand-in serves (GitHub's
Link header, GitLab's X-Next-Page, Graph's @odata.nextLink, Slack's and Stripe's cursors,
WordPress's X-WP-TotalPages), as the envelopes DecoderFuzzing's FuzzAnswer reads:
{"status", "headers", "body"}.
"""
import hashlib
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Tests/RoloCoreTests/Fixtures/config"
TOML_LINE = re.compile(r'^\s*(\[\[?[A-Za-z_.]+\]\]?|[A-Za-z_][A-Za-z0-9_-]*\s*=\s*\S)', re.M)

ROFF = [(r'\(dq', '"'), (r'\(aq', "'"), (r'\(em', '—'), (r'\(ua', '↑'), (r'\(da', '↓'), (r'\-', '-'), (r'\&', ''), (r'\e', '\\')]


def man_blocks(path):
    text = path.read_text()
    for index, block in enumerate(re.findall(r'^\.Bd -literal[^\n]*\n(.*?)^\.Ed', text, re.M | re.S)):
        for old, new in ROFF:
            block = block.replace(old, new)
        block = "\n".join(line for line in block.splitlines() if not line.startswith("."))
        yield f"man-{path.name}-{index:03}", block + "\n"


def swift_literals(path):
    text = path.read_text()
    for index, match in enumerate(re.finditer(r'(#?)"""\n(.*?)\n\s*"""\1', text, re.S)):
        raw, body = match.group(1), match.group(2)
        if not raw:
            if "\\(" in body:
                continue
            body = body.replace('\\"', '"').replace("\\\\", "\\")
        elif "\\#(" in body:
            continue
        lines = body.splitlines()
        indent = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
        yield f"{path.stem}-{index:03}", "\n".join(l[indent:] for l in lines) + "\n"


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.toml"):
        old.unlink()
    found = list(man_blocks(ROOT / "man/rolo.1"))
    for path in sorted((ROOT / "Tests").rglob("*.swift")) + sorted((ROOT / "Sources/DecoderFuzzing").glob("*.swift")):
        found += list(swift_literals(path))
    seen = set()
    written = 0
    for name, text in found:
        if len(TOML_LINE.findall(text)) < 1 or text in seen:
            continue
        seen.add(text)
        digest = hashlib.sha1(text.encode()).hexdigest()[:6]
        (OUT / f"{name}-{digest}.toml").write_text(text)
        written += 1
    print(f"fuzz-seeds: {written} configs in {OUT.relative_to(ROOT)}")
    engine()


FIXTURES = ROOT / "Tests/RoloCoreTests/Fixtures"
ENGINE = FIXTURES / "engine"


def fixture(name):
    return json.loads((FIXTURES / "custom" / name).read_text())


def answer(body, status=200, **headers):
    fields = {"content-type": "application/json"}
    fields.update({name.replace("_", "-"): value for name, value in headers.items()})
    return {"status": status, "headers": fields, "body": body}


def write(folder, name, value):
    path = ENGINE / folder
    path.mkdir(parents=True, exist_ok=True)
    text = value if isinstance(value, str) else json.dumps(value, indent=1, ensure_ascii=False) + "\n"
    (path / name).write_text(text)


def engine():
    for old in ENGINE.glob("*/*"):
        old.unlink()
    github1, github2 = fixture("github-members-1.json"), fixture("github-members-2.json")
    link = '<https://github.example.com/orgs/acme/members?page=2&per_page=30>; rel="next", <https://github.example.com/orgs/acme/members?page=5&per_page=30>; rel="last"'
    slack1, slack2 = fixture("cursor-page1.json"), fixture("cursor-page2.json")
    swapi1, swapi2 = fixture("nexturl-page1.json"), fixture("nexturl-page2.json")
    random1, random2 = fixture("randomuser-page1.json"), fixture("randomuser-page2.json")
    people = [{"id": n, "name": {"first": f"Ada{n}", "last": "Lovelace"}, "email": f"ada{n}@example.com",
               "address": {"city": "London"}, "tags": [{"name": "math"}, {"name": "poetry"}], "department": "Engines"} for n in range(1, 4)]
    pages = {
        "github-link.json": answer(github1, Link=link),
        "github-last.json": answer(github2, Link='<https://github.example.com/orgs/acme/members?page=1>; rel="first", <https://github.example.com/orgs/acme/members?page=1>; rel="prev"'),
        "gitlab-next-page.json": answer(github1, X_Next_Page="2", X_Total="45", X_Total_Pages="2"),
        "gitlab-last-page.json": answer(github2, X_Next_Page="", X_Total="45", X_Total_Pages="2"),
        "slack-cursor.json": answer(slack1),
        "slack-end.json": answer(slack2),
        "slack-error.json": answer({"ok": False, "error": "invalid_auth"}),
        "swapi-next.json": answer(swapi1),
        "swapi-end.json": answer(swapi2),
        "graph-next.json": answer({"value": [{"id": "a1", "displayName": "Adele Vance", "mail": "adele@example.com", "odd.key": {"inner": "x"}}],
                                   "@odata.nextLink": "https://graph.example.com/v1.0/users?$skiptoken=X%274453707402000100000017%27"}),
        "graph-relative.json": answer({"value": [{"id": "a2", "displayName": "Alex Wilber"}], "@odata.nextLink": "/v1.0/users?$skiptoken=2"}),
        "stripe-more.json": answer({"object": "list", "url": "/v1/customers", "has_more": True,
                                    "data": [{"id": "cus_ROLO000001", "name": "Ada", "email": "ada@example.com"}, {"id": "cus_ROLO000002", "name": "Grace"}]}),
        "stripe-end.json": answer({"object": "list", "has_more": False, "data": []}),
        "page-total.json": answer({"meta": {"total": 3}, "data": people}, X_Total_Pages="1"),
        "page-short.json": answer({"meta": {"total": 40}, "data": people[:1]}, X_Total_Pages="2"),
        "offset-more.json": answer({"results": [{"kind": "book", "data": {"id": 7, "title": "Notes"}}], "has_more": True}, X_Total_Count="12"),
        "header-cursor.json": answer([{"id": "t1", "title": "Thing"}], X_Next_Cursor="Y3Vyc29yOjI=", X_Total="2"),
        "wordpress-pages.json": answer(random1["results"], X_WP_TotalPages="3", X_WP_Total="25"),
        "randomuser-page.json": answer(random2),
        "error-message.json": answer({"error": {"message": "Bad token \u001b[31m red"}}, status=401),
        "escapes-in-records.json": answer({"data": [{"id": "\u001b]0;title\u0007", "name": {"first": "\u009b2J", "last": "\u202eevil"},
                                                    "email": "x\u001b[2Je"}], "meta": {"total": "3"}}),
        "retry-after.json": answer({"message": "slow down"}, status=429, Retry_After="7", ETag='W/"1"'),
        "html.json": answer("<html><body>Sign in</body></html>", content_type="text/html"),
    }
    for name, value in pages.items():
        write("page", name, value)
    write("add", "github.json", {"first": answer(github1, Link=link), "second": answer(github2)})
    write("add", "slack.json", {"first": answer(slack1), "second": answer(slack2)})
    write("add", "swapi.json", {"first": answer(swapi1), "second": answer(swapi2)})
    write("add", "randomuser.json", {"first": answer(random1), "second": answer(random2)})
    write("add", "jsonplaceholder.json", {"first": answer(fixture("jsonplaceholder-users.json"))})
    write("add", "graph.json", {"first": pages["graph-next.json"], "second": answer({"value": []})})
    write("add", "stripe.json", {"first": pages["stripe-more.json"], "second": pages["stripe-end.json"]})
    write("add", "gitlab.json", {"first": pages["gitlab-next-page.json"], "second": pages["gitlab-last-page.json"]})
    write("add", "error.json", {"first": answer({"ok": False, "error": "not_authed\u001b[0m"})})
    write("add", "keys-with-newlines.json", {"first": answer({"items": [{"id": 1, "na\nme": "x", "[\"odd\"]": {"a.b": 2}}], "next": "/p?page=2"})})
    record = {"id": 42, "name": {"first": "Ada", "last": "Lovelace"}, "emails": [{"value": "a@x.org"}, {"value": "b@x.org"}],
              "@odata.nextLink": "https://x/2", "a": {"b": {"c.d": {"e": "deep"}}}, "tags": ["x", "y", "z"], "esc": "\u001b[31m"}
    write("path", "steps.json", {"paths": ["name.first", "emails.0.value", "emails.-1.value", "emails.*.value", "tags.-3", "tags.-4",
                                          '["@odata.nextLink"]', 'a.b["c.d"].e', "a.b['c.d'].e", "", ".", "a..b", '["unclosed', "esc"], "record": record})
    write("path", "list.json", {"paths": ["0.id", "-1.id", "*.id", "*.*"], "record": github1})
    write("path", "line.txt", 'data.-1["x.y"]\n{"data": [{"x.y": 1}, {"x.y": "\\u001b"}]}')
    write("template", "templates.json", {"templates": ["{name.first} {name.last}", "{{literal}} {id}", "{emails.*.value}", "{emails.-1.value}",
                                                      "https://x.org/people/{id}?q={name.first}", "{avatar}", "{", "}", "{}", "{a..b}",
                                                      '{a.b["c.d"].e}', "\u001b[31m{esc}"], "record": record})
    write("template", "list.json", {"templates": ["{login} ({id})", "{avatar_url}", "{site_admin}"], "record": github1[0]})
    links = {
        "github.txt": link,
        "relative.txt": '</orgs/acme/members?page=3>; rel="next"',
        "quoted.txt": '<https://x/a>; title="a, <b>; rel=next"; rel="prev", <https://x/b>; rel="next last"',
        "results-false.txt": '<https://api.example.com/?cursor=x:1:0>; rel="previous"; results="false", <https://api.example.com/?cursor=x:1:1>; rel="next"; results="true"',
        "many.txt": ", ".join(f'<https://x/{n}>; rel="r{n}"' for n in range(50)) + ', <https://x/next>; REL=NEXT',
        "unclosed.txt": '<https://x/a; rel="next"',
    }
    for name, text in links.items():
        write("link", name, text + "\n")
    write("query", "queries.json", {"queries": ["city:london", "name.first=Ada1", "city:london,paris -department:engines", '"ada love"', "-ada",
                                                "has:email -has:tags", "id>1 id<=3", "updated>2026-11-01", "updated>7d updated<2w", "sort:name.last sort:-id",
                                                "tags.*.name:math", "label:ada", "id>x", "has:", "sort:", "-sort:id", "nofield:1", "city:\u001b[31m",
                                                'plain words "unclosed', "address.city=", "id>=-1e3 id<1e400"],
                                    "records": people + [{"id": "10126", "name": {"first": "Zoë", "last": "Ørsted"}, "email": "", "tags": [],
                                                          "updated": "Tue, 01 Dec 2026 10:00:00 +0100", "address": {"city": None}}]})
    write("query", "line.txt", 'updated>=2026-12-01T00:00:00+02:00 sort:-updated\n[{"id": 1, "updated": "2026-12-01T01:00:00Z"}, {"id": 2, "updated": "nope"}]')
    write("action", "success.json", answer({"success": True, "id": 42, "title": "Closed"}))
    write("action", "refused.json", answer({"success": False, "error": "not allowed\u001b[2J"}, status=200))
    write("action", "errors-list.json", answer({"errors": [{"message": "title can't be blank"}]}, status=422))
    write("action", "result-ok.json", answer({"result": {"ok.really": True}}))
    write("action", "result-error.json", answer({"result": [{"error": None}, {"error": {"code": 7, "text": "\u009bboom"}}]}, status=500))
    write("action", "rate-limited.json", answer({"message": "slow"}, status=429, Retry_After="Wed, 21 Oct 2015 07:28:00 GMT"))
    write("action", "html.json", answer("<!doctype html><title>Login</title>", status=403, content_type="text/html"))
    write("action", "empty.json", answer("", status=204))
    total = sum(1 for _ in ENGINE.glob("*/*"))
    print(f"fuzz-seeds: {total} answers, records and headers in {ENGINE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
