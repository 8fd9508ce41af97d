"""Schema fuzzing: schemathesis generates requests from /api/schema/ for every operation and sends
them to the WSGI app (test database with the corpus): no answer is a server error."""
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

from judgeapp.wsgi import application

pytestmark = pytest.mark.django_db
PER_OPERATION = 80
MINIMUM_REQUESTS = 1000


def test_generated_requests_never_get_a_server_error():
    schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10
    sent, failures = [], []
    for operation in operations:
        @settings(max_examples=PER_OPERATION, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy())
        def exercise(case):
            response = case.call()
            sent.append(response.status_code)
            if response.status_code >= 500:
                failures.append((case.method, case.formatted_path, case.query, case.body, response.status_code))

        exercise()
    assert len(sent) >= MINIMUM_REQUESTS, len(sent)
    assert not failures, failures[:5]
    assert any(status < 300 for status in sent)  # some generated requests get through to real answers


# ---------------------------------------------------------------- the schema says what the server accepts
def _schema(client) -> dict:
    return client.get("/api/schema/", {"format": "json"}).json()


def _request_schemas(schema: dict):
    """(operation, where, name, schema) of every query parameter and request-body property, $refs followed."""
    components = schema["components"]["schemas"]

    def resolve(node):
        while "$ref" in node:
            node = components[node["$ref"].rsplit("/", 1)[1]]
        return node

    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                yield f"{method.upper()} {path}", parameter["in"], parameter["name"], resolve(parameter["schema"])
            for content in operation.get("requestBody", {}).get("content", {}).values():
                for name, prop in resolve(content["schema"]).get("properties", {}).items():
                    yield f"{method.upper()} {path}", "body", name, resolve(prop)


def _nullable(prop: dict) -> bool:
    types = prop.get("type")
    return bool(prop.get("nullable")) or types == "null" or (isinstance(types, list) and "null" in types) or any(
        _nullable(option) for option in prop.get("oneOf", []) + prop.get("anyOf", []))


def test_no_request_field_is_declared_nullable_unless_the_server_takes_null(client):
    """The server answers 400 to a null in every request field it reads: the schema must not offer null."""
    declared = [(op, where, name) for op, where, name, prop in _request_schemas(_schema(client)) if _nullable(prop)]
    assert declared == []
    # ...and null is indeed refused where the schema says a value is required to be a string or number:
    created = client.post("/api/v1/scenarios/", {"scenario": None}, content_type="application/json")
    assert created.status_code == 400
    assert client.get("/api/v1/search/", {"q": "ride", "page": "null"}).status_code == 400


def test_integer_query_parameters_declare_their_bounds_and_the_server_keeps_them(client):
    """Every integer query parameter (the search's page) declares minimum and maximum; values at the
    bounds are answered, values beyond them are a 400."""
    checked = 0
    for op, where, name, prop in _request_schemas(_schema(client)):
        if where != "query" or prop.get("type") != "integer" or "{" in op:
            continue
        assert "minimum" in prop and "maximum" in prop, (op, name, prop)
        url = op.split(" ", 1)[1]
        for value in (prop["minimum"], prop["maximum"]):
            assert client.get(url, {name: value, "q": "ride"}).status_code == 200, (op, name, value)
        for value in (prop["minimum"] - 1, prop["maximum"] + 1):
            assert client.get(url, {name: value, "q": "ride"}).status_code == 400, (op, name, value)
        checked += 1
    assert checked >= 1


def test_string_query_parameters_declare_the_length_the_server_keeps(client):
    prop = next(p for op, where, name, p in _request_schemas(_schema(client))
                if op == "GET /api/v1/search/" and name == "q")
    longest = prop["maxLength"]
    assert client.get("/api/v1/search/", {"q": "a" * longest}).status_code == 200
    assert client.get("/api/v1/search/", {"q": "a" * (longest + 1)}).status_code == 400
