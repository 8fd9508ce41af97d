"""Shared argument handling for the commands that take a document slug."""
from django.core.management.base import CommandError

from rulesdb import selectors


def document_from_slug(slug: str):
    try:
        return selectors.document_get(slug=slug)
    except selectors.DocumentNotFound as error:
        raise CommandError(str(error)) from None
