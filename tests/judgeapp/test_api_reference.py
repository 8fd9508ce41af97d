"""The API reference's reading of an OpenAPI schema: types in words with their links, operations
grouped by tag with parameters, body and answers."""
from judgeapp.api_reference import reference_build, type_parts

SCHEMA = {
    "info": {"title": "T", "version": "1", "description": "D"},
    "paths": {
        "/api/v1/things/{id}/": {
            "get": {
                "operationId": "things_retrieve", "tags": ["things"], "summary": "One thing",
                "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}},
                               {"name": "lang", "in": "query", "schema": {"type": "string", "enum": ["en", "it"]}}],
                "responses": {"200": {"description": "The thing.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
                              "404": {"description": "No such thing."}},
            },
            "patch": {
                "operationId": "things_update", "tags": ["things"],
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
                "responses": {"200": {"description": ""}},
            },
        },
    },
    "components": {"schemas": {
        "Thing": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string", "description": "Its name."},
            "parts": {"type": "array", "items": {"$ref": "#/components/schemas/Part"}},
            "when": {"type": "string", "format": "date", "nullable": True},
        }},
        "Part": {"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/Thing"}]},
    }},
}


def test_types_are_said_in_words_with_the_named_types_linked():
    assert type_parts({"$ref": "#/components/schemas/Thing"}) == [("Thing", "Thing")]
    assert type_parts({"type": "array", "items": {"$ref": "#/components/schemas/Part"}}) == [("array of ", ""), ("Part", "Part")]
    assert type_parts({"type": "string", "format": "date", "nullable": True}) == [("string (date), or null", "")]
    assert type_parts({"type": "string", "enum": ["en", "it", None]}) == [('one of: "en", "it"', "")]
    assert type_parts({"oneOf": [{"type": "string"}, {"type": "integer"}]}) == [("string", ""), (" or ", ""), ("integer", "")]
    assert type_parts("nonsense") == [("any", "")]


def test_operations_are_grouped_by_tag_with_parameters_body_and_answers():
    reference = reference_build(SCHEMA)
    assert (reference.title, reference.version, reference.description) == ("T", "1", "D")
    [(tag, operations)] = reference.groups
    assert tag == "things" and [(op.method, op.anchor) for op in operations] == [("GET", "things_retrieve"), ("PATCH", "things_update")]
    get, patch = operations
    assert [(p.name, p.where, p.required) for p in get.parameters] == [("id", "path", True), ("lang", "query", False)]
    assert get.answers == [("200", "The thing.", [("Thing", "Thing")]), ("404", "No such thing.", [])]
    assert patch.body == [("application/json", [("Thing", "Thing")])]


def test_types_list_their_fields_or_their_shape():
    types = {t.name: t for t in reference_build(SCHEMA).types}
    thing = types["Thing"]
    assert [(f.name, f.required) for f in thing.fields] == [("name", True), ("parts", False), ("when", False)]
    assert thing.fields[0].description == "Its name." and thing.shape == []
    assert types["Part"].fields == [] and types["Part"].shape == [("string", ""), (" or ", ""), ("Thing", "Thing")]
