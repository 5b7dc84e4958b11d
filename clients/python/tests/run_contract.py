"""Runs the lease contract and prints each case as the other clients' runs do: "ok - NAME",
"FAILED - NAME" (with its traceback) or "skipped - NAME: WHY", then "N passed, N failed, N skipped"."""

from __future__ import annotations

import sys
import unittest


class CaseResult(unittest.TestResult):
    def __init__(self) -> None:
        super().__init__()
        self.passed = 0

    def addSuccess(self, test: unittest.TestCase) -> None:
        super().addSuccess(test)
        self.passed += 1
        print(f"ok - {test.shortDescription()}", flush=True)

    def addFailure(self, test: unittest.TestCase, err) -> None:  # noqa: ANN001
        super().addFailure(test, err)
        print(f"FAILED - {test.shortDescription()}\n{self.failures[-1][1]}", flush=True)

    def addError(self, test: unittest.TestCase, err) -> None:  # noqa: ANN001
        super().addError(test, err)
        print(f"FAILED - {test.shortDescription()}\n{self.errors[-1][1]}", flush=True)

    def addSkip(self, test: unittest.TestCase, reason: str) -> None:
        super().addSkip(test, reason)
        print(f"skipped - {test.shortDescription()}: {reason}", flush=True)


if __name__ == "__main__":
    suite = unittest.defaultTestLoader.loadTestsFromName("test_lease_contract")
    result = CaseResult()
    suite.run(result)
    failed = len(result.failures) + len(result.errors)
    print(f"{result.passed} passed, {failed} failed, {len(result.skipped)} skipped")
    sys.exit(1 if failed or not result.wasSuccessful() else 0)
