#!/usr/bin/env python3
"""A real OAuth 2.0 authorization server (django-oauth-toolkit) for rolo's end-to-end tests.

    .build/oauth-venv/bin/python Tests/OAuthServer/serve.py --state DIR [--port 0]
        [--access-seconds 3600] [--refresh-seconds N] [--contacts 50] [--device-interval 1]
        [--verbose]

Makes a fresh SQLite database in DIR (which must exist; nothing is written anywhere else), the
user ada / lovelace-test and the clients rolo-device, rolo-code, rolo-service and
rolo-confidential-device (see README.md), then listens on 127.0.0.1:PORT (0: a free one) and
prints exactly one line, `listening on http://127.0.0.1:PORT`, once connections are accepted.
Serves on a thread per connection until SIGTERM or SIGINT, then exits 0.
"""
import argparse
import contextlib
import hashlib
import os
import shutil
import signal
import sys

# Nothing compiled beside the sources: the repository stays as checked out.
sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--state", required=True, help="an existing directory for the SQLite database")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: a free one)")
    parser.add_argument("--access-seconds", type=int, default=3600, help="access-token lifetime")
    parser.add_argument("--refresh-seconds", type=int, default=None, help="refresh-token lifetime (default: none)")
    parser.add_argument("--contacts", type=int, default=50, help="records /api/contacts pages through")
    parser.add_argument("--device-interval", type=int, default=1, help="the device flow's polling interval")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    arguments = parser.parse_args()
    if not os.path.isdir(arguments.state):
        parser.error(f"--state {arguments.state}: no such directory")
    return arguments


def make_server(port):
    """Binds and listens before Django starts, so that the settings know the port."""
    from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler

    class Server(ThreadedWSGIServer):
        # Twenty requests at once must not overflow the accept queue (Django's is 10) into
        # the client's one-second SYN retry.
        request_queue_size = 128

    return Server(("127.0.0.1", port), WSGIRequestHandler, allow_reuse_address=False)


def rsa_key_pem():
    """A fresh key for signing id_tokens."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption()).decode()


def migrated_template():
    """Where an empty, migrated database is kept for the next start, in the venv (which `make`
    makes again when the requirements change): migrating from nothing takes 3 to 8 s, copying
    this and migrating the rest (nothing) a fraction of one."""
    import django
    import oauth2_provider
    from django.conf import settings

    key = hashlib.sha256(repr((sys.version, django.__version__, oauth2_provider.__version__,
                               settings.INSTALLED_APPS)).encode()).hexdigest()[:16]
    return os.path.join(sys.prefix, f"rolo-oauth-migrated-{key}.sqlite3")


def keep_as_template(database, template):
    """A consistent copy of the freshly migrated database (SQLite's backup, whatever is still in
    the WAL), put in place atomically; not kept when the venv can't be written."""
    import sqlite3

    partial = f"{template}.{os.getpid()}.partial"
    try:
        source, copy = sqlite3.connect(database), sqlite3.connect(partial)
        with copy:
            source.backup(copy)
        source.close()
        copy.close()
        os.replace(partial, template)
    except (OSError, sqlite3.Error) as error:
        print(f"serve.py: not keeping a migrated template at {template}: {error}", file=sys.stderr)
        with contextlib.suppress(OSError):
            os.unlink(partial)


def populate():
    """The one user and the fixed clients."""
    from django.contrib.auth import get_user_model
    from oauth2_provider.models import get_application_model

    Application = get_application_model()
    User = get_user_model()
    ada = User.objects.create_user("ada", email="ada@example.com", password="lovelace-test",
                                   first_name="Ada", last_name="Lovelace")
    clients = [
        dict(client_id="rolo-device", name="rolo (device)", client_type=Application.CLIENT_PUBLIC,
             authorization_grant_type=Application.GRANT_DEVICE_CODE),
        # Loopback redirect URIs match at any port (RFC 8252 §7.3).
        dict(client_id="rolo-code", name="rolo (browser)", client_type=Application.CLIENT_PUBLIC,
             authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
             redirect_uris="http://127.0.0.1/callback http://[::1]/callback"),
        dict(client_id="rolo-service", name="rolo (service)", client_type=Application.CLIENT_CONFIDENTIAL,
             authorization_grant_type=Application.GRANT_CLIENT_CREDENTIALS, client_secret="service-secret"),
        dict(client_id="rolo-confidential-device", name="rolo (confidential device)",
             client_type=Application.CLIENT_CONFIDENTIAL,
             authorization_grant_type=Application.GRANT_DEVICE_CODE, client_secret="device-secret"),
    ]
    for fields in clients:
        # algorithm RS256: an id_token when the scope asks for openid.
        Application.objects.create(user=ada, skip_authorization=False, algorithm=Application.RS256_ALGORITHM,
                                   **fields)


def main():
    arguments = parse_arguments()
    sys.path.insert(0, HERE)
    os.environ["DJANGO_SETTINGS_MODULE"] = "project.settings"

    server = make_server(arguments.port)
    port = server.server_address[1]
    os.environ.update(
        ROLO_OAUTH_STATE=os.path.abspath(arguments.state),
        ROLO_OAUTH_ORIGIN=f"http://127.0.0.1:{port}",
        ROLO_OAUTH_ACCESS_SECONDS=str(arguments.access_seconds),
        ROLO_OAUTH_REFRESH_SECONDS="" if arguments.refresh_seconds is None else str(arguments.refresh_seconds),
        ROLO_OAUTH_CONTACTS=str(arguments.contacts),
        ROLO_OAUTH_DEVICE_INTERVAL=str(arguments.device_interval),
        ROLO_OAUTH_LOG_LEVEL="DEBUG" if arguments.verbose else "WARNING",
        ROLO_OAUTH_RSA_KEY=rsa_key_pem(),
    )

    import django
    from django.core.management import call_command
    from django.core.wsgi import get_wsgi_application

    django.setup()
    database = os.path.join(os.environ["ROLO_OAUTH_STATE"], "oauth.sqlite3")
    for stale in (database, database + "-wal", database + "-shm"):
        if os.path.exists(stale):
            os.unlink(stale)
    template = migrated_template()
    if os.path.exists(template):
        shutil.copyfile(template, database)
    call_command("migrate", verbosity=0, interactive=False)
    if not os.path.exists(template):
        keep_as_template(database, template)
    populate()
    server.set_app(get_wsgi_application())

    def stop(signum, frame):
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # The socket has listened since make_server: a client that connects now is queued.
    print(f"listening on http://127.0.0.1:{port}", flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
