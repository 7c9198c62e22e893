"""An option value that is not allowed is named in the error, but never at unbounded length."""

import pytest

from reference.core.errors import InputError
from reference.core.options import SHOWN_LIMIT, check_choice


def test_a_refused_option_value_is_quoted_short():
    with pytest.raises(InputError) as refused:
        check_choice("options.bank_cover", "x" * 100_000, ("gross", "net"))
    message = str(refused.value)
    assert "x" * SHOWN_LIMIT in message and "(100000 characters)" in message
    assert len(message) < 400 and "gross, net" in message


def test_a_short_value_and_a_boolean_are_quoted_as_written():
    with pytest.raises(InputError, match="'true' is not allowed"):
        check_choice("options.flag", True, ("a",))
