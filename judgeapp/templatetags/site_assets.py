"""The address of Django's JavaScript catalogue with its version and language in it, so a browser keeps it.

The catalogue is a view, not a static file: without a version in its address every page load asked for it again,
one more round trip before the page's deferred scripts could run (about 150 ms on a slow phone network).  The
address names the compiled catalogues' digest (a new translation is a new address) and the page's language (a
switch of language is another address), and the view lets the browser keep it (judgeapp/urls.py)."""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from django import template
from django.conf import settings
from django.urls import reverse
from django.utils.translation import get_language

register = template.Library()


@lru_cache(maxsize=1)
def catalogue_digest() -> str:
    """A digest of every compiled JavaScript catalogue (read once per process: they change with a deployment)."""
    digest = hashlib.sha256()
    for folder in settings.LOCALE_PATHS:
        for path in sorted(Path(folder).glob("*/LC_MESSAGES/djangojs.mo")):
            digest.update(path.parent.parent.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@register.simple_tag
def javascript_catalogue_url() -> str:
    language = (get_language() or settings.LANGUAGE_CODE).split("-")[0]
    return f"{reverse('javascript-catalog')}?v={catalogue_digest()}&l={language}"
