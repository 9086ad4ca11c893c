"""The protected, paged API: GET /api/contacts?page=N&per_page=M with a Bearer token of scope read."""
import json
import os

from django.http import HttpResponse
from oauth2_provider.oauth2_backends import get_oauthlib_core

CITIES = ["Lisbon", "Oslo", "Kyoto", "Quito", "Accra", "Perth", "Tallinn", "Recife", "Hanoi", "Cork"]
MAX_PER_PAGE = 1000


def contact(number):
    """Record `number` (1-based), the same every time: nothing is stored."""
    return {"id": number, "name": f"Contact {number}", "email": f"contact{number}@example.com",
            "city": CITIES[(number * 7) % len(CITIES)]}


def _challenge(status, error, description):
    response = HttpResponse(json.dumps({"error": error, "error_description": description}),
                            status=status, content_type="application/json")
    extra = ', scope="read"' if error == "insufficient_scope" else ""
    response["WWW-Authenticate"] = f'Bearer realm="rolo-test", error="{error}"{extra}'
    return response


def _int(value, default):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def contacts(request):
    if request.method != "GET":
        return HttpResponse(status=405, headers={"Allow": "GET"})
    valid, oauthlib_request = get_oauthlib_core().verify_request(request, scopes=[])
    if not valid:
        return _challenge(401, "invalid_token", "the access token is missing, expired or revoked")
    if "read" not in oauthlib_request.access_token.scope.split():
        return _challenge(403, "insufficient_scope", "the token lacks scope read")
    total = int(os.environ.get("ROLO_OAUTH_CONTACTS", "50"))
    page = max(_int(request.GET.get("page"), 1), 1)
    per_page = min(max(_int(request.GET.get("per_page"), 20), 1), MAX_PER_PAGE)
    first = (page - 1) * per_page + 1
    last = min(first + per_page - 1, total)
    results = [contact(n) for n in range(first, last + 1)]
    following = None
    if last < total:
        following = request.build_absolute_uri(f"/api/contacts?page={page + 1}&per_page={per_page}")
    body = {"results": results, "next": following, "count": total}
    return HttpResponse(json.dumps(body), content_type="application/json")
