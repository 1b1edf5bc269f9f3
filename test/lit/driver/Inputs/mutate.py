"""Prints a census JSON file with edits, for tests of malformed input.

usage: mutate.py FILE EDIT...
  PATH=VALUE  sets the value at PATH (keys and array indices joined by '.')
              to VALUE, a JSON literal: totals.fp64.canonical=-1
  -PATH       deletes the key at PATH: -totals.bytes_stored
"""
import json
import sys


def parent_and_key(document, path):
    steps = [int(step) if step.isdigit() else step for step in path.split(".")]
    parent = document
    for step in steps[:-1]:
        parent = parent[step]
    return parent, steps[-1]


def main():
    with open(sys.argv[1]) as file:
        document = json.load(file)
    for edit in sys.argv[2:]:
        if edit.startswith("-"):
            parent, key = parent_and_key(document, edit[1:])
            del parent[key]
        else:
            path, value = edit.split("=", 1)
            parent, key = parent_and_key(document, path)
            parent[key] = json.loads(value)
    json.dump(document, sys.stdout, indent=1)
    sys.stdout.write("\n")


main()
