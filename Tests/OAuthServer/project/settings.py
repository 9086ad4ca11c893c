"""Settings of the tests' OAuth server. serve.py sets the ROLO_OAUTH_* variables before Django
starts: the state directory (the SQLite database), the origin it listens on, token lifetimes."""
import os

STATE = os.environ["ROLO_OAUTH_STATE"]
ORIGIN = os.environ["ROLO_OAUTH_ORIGIN"]  # http://127.0.0.1:PORT

SECRET_KEY = "rolo-tests-only-not-a-secret"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = "project.urls"
WSGI_APPLICATION = None
USE_TZ = True
TIME_ZONE = "UTC"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
STATIC_URL = "/static/"
LOGIN_URL = "/accounts/login/"

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.staticfiles",
    "oauth2_provider",
    "testapi",
]
MIDDLEWARE = [
    "testapi.stats.CountingMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": [
        "django.template.context_processors.request",
        "django.contrib.auth.context_processors.auth",
    ]},
}]
DATABASES = {"default": {
    "ENGINE": "django.db.backends.sqlite3",
    "NAME": os.path.join(STATE, "oauth.sqlite3"),
    # Requests come on several threads at once: WAL lets them read while one writes, and they
    # wait for the write lock rather than fail. No fsync: the database lives as long as a test.
    "OPTIONS": {"timeout": 20, "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF"},
}}
# Fast hashing: the tests sign in often and care nothing for brute-force resistance.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

OAUTH2_PROVIDER = {
    "SCOPES": {"read": "Read contacts", "write": "Write contacts",
               "openid": "OpenID Connect", "email": "Your email address"},
    "DEFAULT_SCOPES": ["read"],
    "ACCESS_TOKEN_EXPIRE_SECONDS": int(os.environ.get("ROLO_OAUTH_ACCESS_SECONDS", "3600")),
    "REFRESH_TOKEN_EXPIRE_SECONDS": (int(os.environ["ROLO_OAUTH_REFRESH_SECONDS"])
                                     if os.environ.get("ROLO_OAUTH_REFRESH_SECONDS") else None),
    # Every refresh answers a new refresh token and revokes the one it used.
    "ROTATE_REFRESH_TOKEN": True,
    # Authorization-code clients must send a PKCE challenge (S256 or plain).
    "PKCE_REQUIRED": True,
    # A redirect URI registered as http://127.0.0.1/callback matches any port (RFC 8252 §7.3);
    # DOT does that for 127.0.0.1 and ::1 itself, no wildcards needed.
    "ALLOWED_REDIRECT_URI_SCHEMES": ["http", "https"],
    # RFC 8628: where the user enters the code, and the same with the code filled in.
    "OAUTH_DEVICE_VERIFICATION_URI": ORIGIN + "/o/device/",
    "OAUTH_DEVICE_VERIFICATION_URI_COMPLETE": ORIGIN + "/o/device/?user_code={user_code}",
    "DEVICE_FLOW_INTERVAL": int(os.environ.get("ROLO_OAUTH_DEVICE_INTERVAL", "1")),
    # OpenID Connect: an id_token (RS256, key made at start) when the scope has openid.
    "OIDC_ENABLED": True,
    "OIDC_RSA_PRIVATE_KEY": os.environ["ROLO_OAUTH_RSA_KEY"],
    "OIDC_ISS_ENDPOINT": ORIGIN + "/o",
    "OAUTH2_VALIDATOR_CLASS": "testapi.validator.Validator",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"stderr": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["stderr"], "level": os.environ.get("ROLO_OAUTH_LOG_LEVEL", "WARNING")},
    "loggers": {
        # Django's request log: every request when --verbose, else only server errors.
        "django.server": {"handlers": ["stderr"], "propagate": False,
                          "level": "INFO" if os.environ.get("ROLO_OAUTH_LOG_LEVEL") == "DEBUG" else "ERROR"},
        "django.request": {"handlers": ["stderr"], "propagate": False, "level": "ERROR"},
    },
}
