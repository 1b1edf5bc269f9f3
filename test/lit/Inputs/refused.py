"""Runs a roof command (or roof-ert) that must refuse its input and prints its message.

usage: refused.py COMMAND ARGS...
Fails unless the command exits with status 2, prints nothing on stdout and
exactly one line on stderr; that line is printed on stdout for FileCheck.
"""
import subprocess
import sys

result = subprocess.run(sys.argv[1:], capture_output=True, text=True)
problems = []
if result.returncode != 2:
    problems.append(f"exit status {result.returncode}, expected 2")
if result.stdout:
    problems.append(f"stdout not empty: {result.stdout[:200]!r}")
if result.stderr.count("\n") != 1 or not result.stderr.endswith("\n"):
    problems.append(f"stderr is not one line: {result.stderr!r}")
if problems:
    sys.exit("refused.py: " + "; ".join(problems))
sys.stdout.write(result.stderr)
