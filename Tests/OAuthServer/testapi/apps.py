from django.apps import AppConfig


class TestAPIConfig(AppConfig):
    name = "testapi"
