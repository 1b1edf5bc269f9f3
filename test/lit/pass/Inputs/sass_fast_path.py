"""Counts the FP SASS instructions of each function's fast path in nvdisasm
output: from the function's label to its first RET, skipping the slow-path
subroutines it CALLs. Prints one line per function:
    NAME: DFMA=7 DMUL=1 FFMA=1 MUFU=1
(only the opcodes that occur, in a fixed order). For
test/lit/pass/nvptx-expansion-sass.test, which checks passes/PTXInstrCosts.cpp.

usage: sass_fast_path.py NVDISASM_OUTPUT
"""
import re
import sys

OPCODES = ["DADD", "DMUL", "DFMA", "FADD", "FMUL", "FFMA", "HADD2", "HMUL2",
           "HFMA2", "MUFU"]
LABEL = re.compile(r"^\.text\.([A-Za-z_$][\w$]*):")
INSTRUCTION = re.compile(r"/\*[0-9a-f]+\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)")


def main(path):
    counts, name, done = {}, None, True
    for line in open(path):
        label = LABEL.match(line.strip())
        if label:
            name, done = label.group(1), False
            counts[name] = {}
            continue
        match = INSTRUCTION.search(line)
        if not name or done or not match:
            continue
        opcode = match.group(2)
        if opcode in ("RET", "EXIT"):
            done = True
        elif opcode in OPCODES:
            counts[name][opcode] = counts[name].get(opcode, 0) + 1
    for name in sorted(counts):
        found = counts[name]
        print(name + ": " + " ".join(f"{op}={found[op]}" for op in OPCODES
                                     if op in found))


if __name__ == "__main__":
    main(sys.argv[1])
