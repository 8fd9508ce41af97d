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
