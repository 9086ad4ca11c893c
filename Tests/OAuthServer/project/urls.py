from django.contrib.auth import views as auth_views
from django.urls import include, path

from testapi import stats, views

urlpatterns = [
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("api/contacts", views.contacts, name="contacts"),
    path("stats", stats.stats_view, name="stats"),
    path("stats/reset", stats.reset_view, name="stats-reset"),
]
