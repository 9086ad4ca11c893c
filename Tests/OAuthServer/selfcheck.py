#!/usr/bin/env python3
"""Checks the tests' OAuth server end to end without Swift: starts serve.py in a temporary
directory and walks every client through its flow. For working on the server itself.

    .build/oauth-venv/bin/python Tests/OAuthServer/selfcheck.py

Prints each check as it passes; exits 1 at the first that fails. The server is stopped (SIGTERM,
then waited for) and the directory removed however it ends.
"""
import base64
import concurrent.futures
import hashlib
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def call(url, form=None, token=None, auth=None):
    """(status, headers, JSON or text) of a GET, or a POST of `form`."""
    request = urllib.request.Request(url, data=urllib.parse.urlencode(form).encode() if form is not None else None)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    if auth:
        request.add_header("Authorization", "Basic " + base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode())
    try:
        with OPENER.open(request, timeout=30) as response:
            status, headers, body = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, body = error.code, error.headers, error.read()
    try:
        return status, headers, json.loads(body)
    except ValueError:
        return status, headers, body.decode("utf-8", "replace")


def check(condition, what, detail=""):
    if not condition:
        raise SystemExit(f"selfcheck: FAILED: {what} {detail}")
    print(f"ok  {what}")


def approve(*arguments):
    result = subprocess.run([sys.executable, os.path.join(HERE, "approve.py"), *arguments],
                            capture_output=True, text=True, timeout=60)
    return result.returncode, result.stdout.strip(), result.stderr.strip()


def main():
    with tempfile.TemporaryDirectory(prefix="rolo-oauth-selfcheck-") as state:
        started = time.monotonic()
        server = subprocess.Popen([sys.executable, os.path.join(HERE, "serve.py"), "--state", state, "--port", "0",
                                   "--access-seconds", "2", "--contacts", "45"],
                                  stdout=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline().strip()
            check(line.startswith("listening on http://127.0.0.1:"), "serve.py says where it listens", repr(line))
            print(f"    ({time.monotonic() - started:.1f} s to start)")
            run_checks(line.removeprefix("listening on "))
        finally:
            server.send_signal(signal.SIGTERM)
            code = server.wait(timeout=10)
        check(code == 0, "serve.py exits 0 on SIGTERM", str(code))


def run_checks(base):
    token_url, api = base + "/o/token/", base + "/api/contacts"

    # client credentials, the API, 401s, /stats
    status, _, body = call(token_url, {"grant_type": "client_credentials", "scope": "read"},
                           auth=("rolo-service", "service-secret"))
    check(status == 200 and "access_token" in body, "client_credentials token", str(body))
    status, _, body2 = call(token_url, {"grant_type": "client_credentials"}, auth=("rolo-service", "wrong"))
    check(status == 401, "client_credentials with a wrong secret is refused", f"{status} {body2}")
    service = body["access_token"]
    status, _, page = call(api + "?page=1&per_page=20", token=service)
    check(status == 200 and len(page["results"]) == 20 and page["count"] == 45
          and page["results"][0]["email"] == "contact1@example.com"
          and page["next"] == base + "/api/contacts?page=2&per_page=20", "page 1 of /api/contacts", str(page)[:200])
    status, _, page = call(api + "?page=3&per_page=20", token=service)
    check(status == 200 and [r["id"] for r in page["results"]] == list(range(41, 46)) and page["next"] is None,
          "the last page has no next")
    status, headers, _ = call(api)
    check(status == 401 and headers["WWW-Authenticate"].startswith("Bearer") and 'error="invalid_token"'
          in headers["WWW-Authenticate"], "401 with WWW-Authenticate without a token", str(headers.get("WWW-Authenticate")))
    status, _, stats = call(base + "/stats")
    check(stats["token_requests"] == {"client_credentials": 2} and stats["token_errors"] == {"client_credentials": 1}
          and stats["api_requests"] == 3 and stats["api_401"] == 1, "/stats counts", str(stats))

    # device flow, public client
    status, _, device = call(base + "/o/device-authorization/", {"client_id": "rolo-device", "scope": "read"})
    check(status == 200 and {"device_code", "user_code", "verification_uri", "interval"} <= device.keys()
          and device["verification_uri"] == base + "/o/device/", "device authorization", str(device))
    poll = {"grant_type": "urn:ietf:params:oauth:grant-type:device_code", "device_code": device["device_code"],
            "client_id": "rolo-device"}
    status, _, body = call(token_url, poll)
    check(status == 400 and body.get("error") == "authorization_pending", "pending before approval", f"{status} {body}")
    code, out, err = approve("device", base, device["user_code"])
    check(code == 0, "approve.py device", err)
    status, _, tokens = call(token_url, poll)
    check(status == 200 and "access_token" in tokens and "refresh_token" in tokens, "device token after approval",
          f"{status} {tokens}")
    status, _, again = call(token_url, poll)
    print(f"    (the same device code polled again: {status} {again})")
    code, out, err = approve("device", base, device["user_code"])
    check(code != 0 and "already been used" in err, "a used user code is refused", err)

    # refresh rotation; the old refresh token is dead; expiry; revocation
    status, _, rotated = call(token_url, {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"],
                                          "client_id": "rolo-device"})
    check(status == 200 and rotated["refresh_token"] != tokens["refresh_token"], "refresh rotates", str(rotated))
    status, _, body = call(token_url, {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"],
                                       "client_id": "rolo-device"})
    check(status == 400 and body.get("error") == "invalid_grant", "a used refresh token is refused", f"{status} {body}")
    status, _, _ = call(api, token=rotated["access_token"])
    check(status == 200, "the refreshed token reads the API")
    time.sleep(2.5)
    status, headers, _ = call(api, token=rotated["access_token"])
    check(status == 401 and 'error="invalid_token"' in headers["WWW-Authenticate"], "an expired token is a 401")
    status, _, fresh = call(token_url, {"grant_type": "refresh_token", "refresh_token": rotated["refresh_token"],
                                        "client_id": "rolo-device"})
    check(status == 200, "refresh after expiry")
    status, _, body = call(base + "/o/revoke_token/", {"token": fresh["access_token"], "client_id": "rolo-device"})
    check(status == 200, "revocation", f"{status} {body}")
    status, _, _ = call(api, token=fresh["access_token"])
    check(status == 401, "a revoked token is a 401")

    # device flow denied; confidential device client
    status, _, device = call(base + "/o/device-authorization/", {"client_id": "rolo-device"})
    code, _, err = approve("device", base, device["user_code"], "--deny")
    check(code == 0, "approve.py device --deny", err)
    status, _, body = call(token_url, {"grant_type": "urn:ietf:params:oauth:grant-type:device_code",
                                       "device_code": device["device_code"], "client_id": "rolo-device"})
    check(status == 400 and body.get("error") == "access_denied", "a denied device code", f"{status} {body}")
    status, _, device = call(base + "/o/device-authorization/", {"client_id": "rolo-confidential-device"},
                             auth=("rolo-confidential-device", "device-secret"))
    check(status == 200, "device authorization, confidential client", str(device))
    approve("device", base, device["user_code"])
    status, _, body = call(token_url, {"grant_type": "urn:ietf:params:oauth:grant-type:device_code",
                                       "device_code": device["device_code"]},
                           auth=("rolo-confidential-device", "device-secret"))
    check(status == 200 and "access_token" in body, "device token, confidential client", f"{status} {body}")

    # authorization code + PKCE, loopback redirect at any port, OIDC id_token
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    redirect = "http://127.0.0.1:54321/callback"
    query = {"response_type": "code", "client_id": "rolo-code", "redirect_uri": redirect, "scope": "read openid email",
             "state": "st4te", "code_challenge": challenge, "code_challenge_method": "S256"}
    code, location, err = approve("authorize", base + "/o/authorize/?" + urllib.parse.urlencode(query))
    answer = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)
    check(code == 0 and location.startswith(redirect + "?") and answer.get("state") == ["st4te"] and "code" in answer,
          "approve.py authorize redirects to the loopback port", f"{location} {err}")
    status, _, body = call(token_url, {"grant_type": "authorization_code", "code": answer["code"][0],
                                       "redirect_uri": redirect, "client_id": "rolo-code", "code_verifier": "wrong" * 10})
    check(status == 400, "a wrong PKCE verifier is refused", f"{status} {body}")
    code, location, err = approve("authorize", base + "/o/authorize/?" + urllib.parse.urlencode(query))
    answer = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)
    status, _, body = call(token_url, {"grant_type": "authorization_code", "code": answer["code"][0],
                                       "redirect_uri": redirect, "client_id": "rolo-code", "code_verifier": verifier})
    check(status == 200 and "refresh_token" in body and "id_token" in body, "code exchanged with PKCE", f"{status} {body}")
    claims = json.loads(base64.urlsafe_b64decode(body["id_token"].split(".")[1] + "=="))
    check(claims.get("email") == "ada@example.com", "the id_token has ada's email", str(claims))
    status, _, _ = call(api, token=body["access_token"])
    check(status == 200, "the code flow's token reads the API")
    no_pkce = {k: v for k, v in query.items() if not k.startswith("code_")}
    code, location, err = approve("authorize", base + "/o/authorize/?" + urllib.parse.urlencode(no_pkce))
    check(code == 0 and "error=invalid_request" in location, "no PKCE challenge: an error at the redirect URI",
          f"{code} {location} {err}")
    code, location, err = approve("authorize", base + "/o/authorize/?" + urllib.parse.urlencode(query), "--deny")
    check(code == 0 and "error=access_denied" in location and "state=st4te" in location,
          "approve.py authorize --deny", f"{location} {err}")
    bad = dict(query, redirect_uri="http://127.0.0.1:54321/elsewhere")
    code, location, err = approve("authorize", base + "/o/authorize/?" + urllib.parse.urlencode(bad))
    check(code != 0, "an unregistered redirect path is refused", f"{location} {err}")
    status, _, discovery = call(base + "/o/.well-known/openid-configuration")
    check(status == 200 and discovery["token_endpoint"] == token_url, "OIDC discovery", str(discovery)[:300])

    # twenty concurrent requests at once
    call(base + "/stats/reset", {})
    with concurrent.futures.ThreadPoolExecutor(20) as pool:
        statuses = list(pool.map(lambda _: call(api, token="nonsense")[0], range(20)))
    status, _, stats = call(base + "/stats")
    check(statuses == [401] * 20 and stats["api_401"] == 20, "twenty concurrent 401s, counted", str(stats))


if __name__ == "__main__":
    main()
