"""The API reference at /api/docs/, drawn on the server from the OpenAPI schema: every operation
(method, path, what it does, parameters, body, answers) and every type, as plain HTML a phone
reads in a few kilobytes.  Swagger UI, which sends requests from the browser, is one link away at
/api/docs/try/ (its script alone is some 350 KB compressed).

The schema is generated once per process and language (it changes only with the code)."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from django.utils import translation
from drf_spectacular.generators import SchemaGenerator

METHODS = ("get", "post", "put", "patch", "delete")
REF_PREFIX = "#/components/schemas/"


@dataclass
class Field:
    name: str
    type: list[tuple[str, str]]
    """The type as parts (words, the name of a schema to link or "")."""
    required: bool = False
    where: str = ""
    """For a parameter: path, query, header or cookie."""
    description: str = ""


@dataclass
class Operation:
    anchor: str
    method: str
    path: str
    summary: str
    description: str
    parameters: list[Field] = field(default_factory=list)
    body: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)
    """(content type, type parts) of the request body."""
    answers: list[tuple[str, str, list[tuple[str, str]]]] = field(default_factory=list)
    """(status, description, type parts of the JSON answer)."""


@dataclass
class Type:
    name: str
    description: str
    fields: list[Field]
    shape: list[tuple[str, str]]
    """For a type that is not an object (an enum, a list): what it is."""


@dataclass
class Reference:
    title: str
    version: str
    description: str
    groups: list[tuple[str, list[Operation]]]
    types: list[Type]


def type_parts(schema: dict) -> list[tuple[str, str]]:
    """A schema in words: `ClauseSummary` (linked), `array of ClauseSummary`, `string (date)`,
    `one of: "a", "b"`."""
    if not isinstance(schema, dict):
        return [("any", "")]
    if "$ref" in schema:
        name = schema["$ref"].removeprefix(REF_PREFIX)
        return [(name, name)]
    for combiner, word in (("oneOf", " or "), ("anyOf", " or "), ("allOf", " and ")):
        if combiner in schema:
            parts: list[tuple[str, str]] = []
            for i, option in enumerate(schema[combiner]):
                if i:
                    parts.append((word, ""))
                parts.extend(type_parts(option))
            return parts
    if "enum" in schema:
        return [("one of: " + ", ".join(f'"{value}"' if isinstance(value, str) else str(value)
                                        for value in schema["enum"] if value is not None), "")]
    kind = schema.get("type", "any")
    if kind == "array":
        return [("array of ", "")] + type_parts(schema.get("items", {}))
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict) and schema["additionalProperties"]:
        return [("object of ", "")] + type_parts(schema["additionalProperties"])
    words = str(kind) + (f" ({schema['format']})" if "format" in schema else "")
    if schema.get("nullable"):
        words += ", or null"
    return [(words, "")]


def _fields(schema: dict) -> list[Field]:
    required = set(schema.get("required", ()))
    return [
        Field(name=name, type=type_parts(prop), required=name in required, description=prop.get("description", ""))
        for name, prop in schema.get("properties", {}).items()
    ]


def _operation(path: str, method: str, spec: dict) -> Operation:
    parameters = [
        Field(name=p["name"], type=type_parts(p.get("schema", {})), required=p.get("required", False),
              where=p.get("in", ""), description=p.get("description", ""))
        for p in spec.get("parameters", ())
    ]
    body = [(content_type, type_parts(content.get("schema", {})))
            for content_type, content in spec.get("requestBody", {}).get("content", {}).items()]
    answers = []
    for status, answer in spec.get("responses", {}).items():
        content = answer.get("content", {})
        json_content = content.get("application/json") or next(iter(content.values()), {})
        answers.append((status, answer.get("description", ""), type_parts(json_content["schema"]) if "schema" in json_content else []))
    return Operation(anchor=spec.get("operationId", f"{method}-{path}"), method=method.upper(), path=path,
                     summary=spec.get("summary", ""), description=spec.get("description", ""),
                     parameters=parameters, body=body, answers=answers)


def reference_build(schema: dict) -> Reference:
    """The reference of one OpenAPI schema: operations grouped by their first tag, in path order."""
    groups: dict[str, list[Operation]] = {}
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            if method in item:
                tag = (item[method].get("tags") or ["api"])[0]
                groups.setdefault(tag, []).append(_operation(path, method, item[method]))
    types = []
    for name, spec in sorted(schema.get("components", {}).get("schemas", {}).items()):
        fields = _fields(spec)
        types.append(Type(name=name, description=spec.get("description", ""), fields=fields,
                          shape=[] if fields else type_parts(spec)))
    info = schema.get("info", {})
    return Reference(title=info.get("title", "API"), version=info.get("version", ""),
                     description=info.get("description", ""), groups=sorted(groups.items()), types=types)


def api_reference() -> Reference:
    """The site's API reference in the active language."""
    return _reference(translation.get_language())


@functools.lru_cache(maxsize=4)
def _reference(language: str) -> Reference:
    with translation.override(language):
        return reference_build(SchemaGenerator().get_schema(request=None, public=True))
