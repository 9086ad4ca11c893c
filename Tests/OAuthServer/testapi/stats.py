"""What the server has been asked, for tests to assert on: GET /stats (no token needed)."""
import json
import threading
from collections import Counter

from django.http import HttpResponse, HttpResponseNotAllowed
from django.views.decorators.csrf import csrf_exempt

_lock = threading.Lock()
_counts = {}


def _reset():
    _counts.clear()
    _counts.update(token_requests=Counter(), token_errors=Counter(), api_requests=0, api_401=0,
                   device_authorizations=0, revocations=0, authorizations=0)


_reset()


class CountingMiddleware:
    """Counts after the view answers (so a client that has its answer finds it counted), by
    which time the view has parsed the form the grant type is read from."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        path = request.path
        with _lock:
            if path == "/o/token/" and request.method == "POST":
                grant = request.POST.get("grant_type", "") or "(none)"
                _counts["token_requests"][grant] += 1
                if response.status_code != 200:
                    _counts["token_errors"][grant] += 1
            elif path == "/api/contacts":
                _counts["api_requests"] += 1
                if response.status_code == 401:
                    _counts["api_401"] += 1
            elif path == "/o/device-authorization/" and request.method == "POST":
                _counts["device_authorizations"] += 1
            elif path == "/o/revoke_token/" and request.method == "POST":
                _counts["revocations"] += 1
            elif path == "/o/authorize/" and request.method == "POST":
                _counts["authorizations"] += 1
        return response


def snapshot():
    with _lock:
        return {key: dict(value) if isinstance(value, Counter) else value for key, value in _counts.items()}


def stats_view(request):
    return HttpResponse(json.dumps(snapshot(), sort_keys=True), content_type="application/json")


@csrf_exempt
def reset_view(request):
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    with _lock:
        _reset()
    return HttpResponse(status=204)
