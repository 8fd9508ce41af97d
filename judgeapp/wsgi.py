"""WSGI entry point."""
import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings.prod")
application = get_wsgi_application()
# Objects loaded at start-up live as long as the process: keep them out of the
# cyclic collector, whose full passes otherwise add 50-90 ms to every ~15th
# request that builds a large page (a 500-event sandbox log).
gc.freeze()
