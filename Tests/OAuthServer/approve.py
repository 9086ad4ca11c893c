#!/usr/bin/env python3
"""Approves (or denies) a device code or an authorization request on the tests' OAuth server as
ada would in a browser: over HTTP, through Django's sign-in form and CSRF tokens. Stdlib only.

    approve.py device BASE_URL USER_CODE [--deny]
        Signs in, enters USER_CODE on DOT's device page, then accepts (or denies) it.
    approve.py authorize AUTHORIZE_URL [--deny]
        Signs in, opens AUTHORIZE_URL (the one the client built: client_id, redirect_uri, PKCE
        challenge, state...), allows (or cancels) it and prints the Location the server
        redirects to (the client's redirect URI with code and state, or error=access_denied)
        without following it.

Exit status 0 on success; otherwise 1 with what went wrong on standard error.
"""
import argparse
import http.cookiejar
import sys
import urllib.error
import urllib.parse
import urllib.request
from html.parser import HTMLParser

USERNAME, PASSWORD = "ada", "lovelace-test"
TIMEOUT = 30


class Failure(Exception):
    pass


class Forms(HTMLParser):
    """Every <form> of a page: its action, method, and its inputs' and buttons' names and values."""

    def __init__(self):
        super().__init__()
        self.forms = []

    def handle_starttag(self, tag, attrs):
        attrs = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append({"action": attrs.get("action", ""), "method": attrs.get("method", "get").lower(),
                               "id": attrs.get("id", ""), "fields": [], "buttons": []})
        elif self.forms and tag == "input" and attrs.get("name"):
            kind = attrs.get("type", "text").lower()
            entry = (attrs["name"], attrs.get("value", ""))
            (self.forms[-1]["buttons"] if kind == "submit" else self.forms[-1]["fields"]).append(entry)
        elif self.forms and tag == "button" and attrs.get("name"):
            self.forms[-1]["buttons"].append((attrs["name"], attrs.get("value", "")))


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Hands a redirect back as the answer instead of following it."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


class SameOriginRedirect(urllib.request.HTTPRedirectHandler):
    """Follows redirects within the server, as a browser would; one elsewhere (to the client's
    redirect URI, where nothing may listen) is handed back as the answer."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        origin = urllib.parse.urlsplit(req.full_url)[:2]
        if urllib.parse.urlsplit(urllib.parse.urljoin(req.full_url, newurl))[:2] != origin:
            return None
        return super().redirect_request(req, fp, code, msg, headers, newurl)


class Browser:
    def __init__(self):
        self.cookies = http.cookiejar.CookieJar()
        # No proxy: the server is on 127.0.0.1, whatever the environment says.
        no_proxy = urllib.request.ProxyHandler({})
        self.following = urllib.request.build_opener(no_proxy, urllib.request.HTTPCookieProcessor(self.cookies),
                                                     SameOriginRedirect())
        self.stopping = urllib.request.build_opener(no_proxy, urllib.request.HTTPCookieProcessor(self.cookies),
                                                    NoRedirect())

    def open(self, url, data=None, follow=True, referer=None):
        """(final URL, status, headers, body) of a GET, or a POST of the form fields `data`."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(url, data=body)
        if referer:
            request.add_header("Referer", referer)
        opener = self.following if follow else self.stopping
        try:
            with opener.open(request, timeout=TIMEOUT) as response:
                return response.geturl(), response.status, response.headers, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            text = error.read().decode("utf-8", "replace")
            if 300 <= error.code < 400:
                return error.geturl(), error.code, error.headers, text
            raise Failure(f"{'POST' if data is not None else 'GET'} {url}: HTTP {error.code}: {summary(text)}")
        except urllib.error.URLError as error:
            raise Failure(f"{url}: {error.reason}")

    def sign_in(self, base_url, next_path):
        """Signs in through Django's login form, landing on `next_path`: returns that page's URL and
    text, or the URL of a redirect off the server and None."""
        login = urllib.parse.urljoin(base_url, "/accounts/login/?" + urllib.parse.urlencode({"next": next_path}))
        url, _, _, page = self.open(login)
        form = find_form(page, url, lambda f: any(name == "username" for name, _ in f["fields"]), "the sign-in form")
        fields = dict(form["fields"])
        fields.update(username=USERNAME, password=PASSWORD)
        url, status, headers, page = self.open(urllib.parse.urljoin(url, form["action"]), fields, referer=url)
        if 300 <= status < 400:
            return urllib.parse.urljoin(url, headers["Location"]), None
        if "/accounts/login/" in urllib.parse.urlsplit(url).path:
            raise Failure(f"signing in as {USERNAME} failed: {summary(page)}")
        return url, page


def summary(html, limit=300):
    """A page's text, short, for a failure message."""
    class Text(HTMLParser):
        parts = []

        def handle_data(self, data):
            if data.strip():
                self.parts.append(data.strip())
    parser = Text()
    parser.parts = []
    parser.feed(html)
    text = " ".join(parser.parts)
    return text[:limit] + ("…" if len(text) > limit else "")


def find_form(page, url, wanted, what):
    parser = Forms()
    parser.feed(page)
    for form in parser.forms:
        if wanted(form):
            return form
    raise Failure(f"{url} has no {what}: {summary(page)}")


def approve_device(base_url, user_code, deny):
    browser = Browser()
    url, page = browser.sign_in(base_url, "/o/device/")
    if page is None:
        raise Failure(f"signing in sent the browser off the server, to {url}")
    form = find_form(page, url, lambda f: any(name == "user_code" for name, _ in f["fields"]), "user-code form")
    fields = dict(form["fields"])
    fields["user_code"] = user_code
    url, _, _, page = browser.open(urllib.parse.urljoin(url, form["action"]), fields, referer=url)
    if "/o/device-confirm/" not in url:
        raise Failure(f"the user code {user_code} was not accepted: {summary(page)}")
    form = find_form(page, url, lambda f: ("action", "accept") in f["buttons"], "accept/deny form")
    fields = dict(form["fields"])
    fields["action"] = "deny" if deny else "accept"
    url, _, _, page = browser.open(urllib.parse.urljoin(url, form["action"]), fields, referer=url)
    if "/o/device-grant-status/" not in url:
        raise Failure(f"the device was not {'denied' if deny else 'approved'}: {summary(page)}")
    print(summary(page), file=sys.stderr)


def approve_authorization(authorize_url, deny):
    browser = Browser()
    parts = urllib.parse.urlsplit(authorize_url)
    next_path = parts.path + ("?" + parts.query if parts.query else "")
    url, page = browser.sign_in(f"{parts.scheme}://{parts.netloc}/", next_path)
    if page is None:
        # Answered without asking (an error DOT sends to the redirect URI, or a client that
        # skips the prompt): that redirect is what a browser would follow.
        print(url)
        return
    form = find_form(page, url, lambda f: f["id"] == "authorizationForm", "authorization form")
    fields = dict(form["fields"])
    if not deny:
        fields.update(dict(b for b in form["buttons"] if b[0] == "allow") or {"allow": "Authorize"})
    _, status, headers, page = browser.open(urllib.parse.urljoin(url, form["action"]), fields,
                                            follow=False, referer=url)
    location = headers.get("Location")
    if not (300 <= status < 400 and location):
        raise Failure(f"the authorization form answered HTTP {status} without a redirect: {summary(page)}")
    print(urllib.parse.urljoin(url, location))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    device = commands.add_parser("device", help="approve a device code")
    device.add_argument("base_url")
    device.add_argument("user_code")
    device.add_argument("--deny", action="store_true")
    authorize = commands.add_parser("authorize", help="approve an authorization request")
    authorize.add_argument("authorize_url")
    authorize.add_argument("--deny", action="store_true")
    arguments = parser.parse_args()
    try:
        if arguments.command == "device":
            approve_device(arguments.base_url, arguments.user_code, arguments.deny)
        else:
            approve_authorization(arguments.authorize_url, arguments.deny)
    except Failure as failure:
        print(f"approve.py {arguments.command}: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
