from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import tasks  # noqa: F401  connects the write path's signals to the Celery tasks
        from . import periodic

        periodic.start_if_serving()  # `make run`: bot turns left behind resume with no worker
