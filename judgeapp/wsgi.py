"""WSGI entry point."""
import gc
import os

from django.core.wsgi import get_wsgi_application

from judgeapp.serving import ConcurrencyLimit
from judgeapp.settings.env import env_int

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings.prod")
# Few requests in the application at once, however many threads gunicorn has (judgeapp/serving.py).
application = ConcurrencyLimit(get_wsgi_application(), env_int("JUDGEAPP_APP_CONCURRENCY", 4, minimum=1))
# Objects loaded at start-up live as long as the process: keep them out of the
# cyclic collector, whose full passes otherwise add 50-90 ms to every ~15th
# request that builds a large page (a 500-event sandbox log).
gc.freeze()
