#!/usr/bin/env python3
"""Reads values out of a roof JSON census (docs/schema.md), for lit tests.

    jq.py FILE [--at BASE] PATH...          print "PATH = VALUE" per PATH
    jq.py FILE --expect [--at BASE] PATH=VALUE...
                                            exit 1 unless every PATH has VALUE

PATH is dot-separated keys and list selectors:
    totals.fp64.canonical
    functions[name=daxpy].fp64.classes.fma.empirical
    regions[0].entries
    threads[*].fp64.canonical        (a list: every element)
    sum(threads[*].fp64.canonical)   len(threads)   len(functions[name=f])
A selector [key=value] picks the single element whose key equals value (an
error if none or several match); [*] picks all, [N] the N-th.
--at BASE is prefixed to every PATH after it (and left out of the printed
label) until the next --at ('--at .' for none), so that one test can check
several fields of one function or region:
    jq.py out.json --at 'functions[name=daxpy]' fp64.canonical bytes_loaded
prints
    fp64.canonical = 2000
    bytes_loaded = 16000
Values print as JSON (integers exactly). Python 3 standard library only.
"""
import json
import re
import sys

_STEP = re.compile(r"([^.\[\]]+)|\[([^\]]*)\]|\.")


class PathError(Exception):
    pass


def _steps(path):
    steps, pos = [], 0
    while pos < len(path):
        m = _STEP.match(path, pos)
        if not m or m.end() == pos:
            raise PathError("cannot parse %r at %r" % (path, path[pos:]))
        if m.group(1) is not None:
            steps.append(("key", m.group(1)))
        elif m.group(2) is not None:
            steps.append(("sel", m.group(2)))
        pos = m.end()
    return steps


def _select(value, sel, path):
    if not isinstance(value, list):
        raise PathError("%s: [%s] applied to a non-list" % (path, sel))
    if sel == "*":
        return value, True
    if re.fullmatch(r"-?\d+", sel):
        i = int(sel)
        if not -len(value) <= i < len(value):
            raise PathError("%s: index %d out of range (%d elements)" % (path, i, len(value)))
        return value[i], False
    if "=" not in sel:
        raise PathError("%s: selector [%s] is neither *, N nor key=value" % (path, sel))
    key, want = sel.split("=", 1)
    hits = [v for v in value if isinstance(v, dict) and str(v.get(key)) == want]
    if len(hits) != 1:
        have = sorted({str(v.get(key)) for v in value if isinstance(v, dict)})
        raise PathError("%s: %d elements with %s=%s (have: %s)"
                        % (path, len(hits), key, want, ", ".join(have) or "none"))
    return hits[0], False


def lookup(doc, path):
    m = re.fullmatch(r"(sum|len)\((.*)\)", path)
    if m:
        fn, inner = m.groups()
        if fn == "len":
            # len(functions[name=f]) counts matches without insisting on one.
            s = re.fullmatch(r"(.*)\[([^\]=]+)=([^\]]*)\]", inner)
            if s:
                lst = lookup(doc, s.group(1))
                if not isinstance(lst, list):
                    raise PathError("%s: not a list" % inner)
                return sum(1 for v in lst
                           if isinstance(v, dict) and str(v.get(s.group(2))) == s.group(3))
            val = lookup(doc, inner)
            if not isinstance(val, (list, dict)):
                raise PathError("%s: len() of a scalar" % inner)
            return len(val)
        val = lookup(doc, inner)
        if not isinstance(val, list):
            raise PathError("%s: sum() needs a list" % inner)
        return sum(val)

    values, fanned = [doc], False
    for kind, arg in _steps(path):
        out = []
        for v in values:
            if kind == "key":
                if not isinstance(v, dict) or arg not in v:
                    have = ", ".join(sorted(v)) if isinstance(v, dict) else type(v).__name__
                    raise PathError("%s: no key %r (have: %s)" % (path, arg, have))
                out.append(v[arg])
            else:
                got, many = _select(v, arg, path)
                if many:
                    out.extend(got)
                    fanned = True
                else:
                    out.append(got)
        values = out
    return values if fanned else values[0]


def show(value):
    return json.dumps(value, sort_keys=True)


def _split_expect(item):
    """PATH=VALUE at the last '=' outside [...] (selectors hold '=' too)."""
    depth, cut = 0, -1
    for i, ch in enumerate(item):
        depth += ch == "["
        depth -= ch == "]"
        if ch == "=" and depth == 0:
            cut = i
    if cut < 0:
        return None
    return item[:cut], item[cut + 1:]


def _prefix(base, path):
    if not base:
        return path
    m = re.fullmatch(r"(sum|len)\((.*)\)", path)
    if m:
        return "%s(%s)" % (m.group(1), _prefix(base, m.group(2)))
    return base + ("" if path.startswith("[") else ".") + path


def main(argv):
    args = argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if args else 2
    fname, rest = args[0], args[1:]
    expect = "--expect" in rest
    # (base, path-or-PATH=VALUE) in order; --at switches the base for the
    # paths after it.
    items, base, i = [], "", 0
    while i < len(rest):
        if rest[i] == "--expect":
            i += 1
        elif rest[i] == "--at":
            if i + 1 >= len(rest):
                print("jq.py: --at needs a BASE", file=sys.stderr)
                return 2
            base = "" if rest[i + 1] in ("", ".") else rest[i + 1]
            i += 2
        else:
            items.append((base, rest[i]))
            i += 1
    if not items:
        print("jq.py: no PATH given", file=sys.stderr)
        return 2
    try:
        with open(fname) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print("jq.py: cannot read %s: %s" % (fname, e), file=sys.stderr)
        return 2

    failed = 0
    for base, item in items:
        path, want = item, None
        if expect:
            split = _split_expect(item)
            if split is None:
                print("jq.py: --expect needs PATH=VALUE, got %r" % item, file=sys.stderr)
                return 2
            path, want = split
        try:
            got = lookup(doc, _prefix(base, path))
        except PathError as e:
            print("jq.py: %s" % e, file=sys.stderr)
            failed += 1
            continue
        if expect:
            ok = show(got) == want.strip() or (isinstance(got, str) and got == want)
            print("%s = %s%s" % (path, show(got), "" if ok else "   <-- expected " + want))
            failed += not ok
        else:
            print("%s = %s" % (path, show(got)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
