"""Reads `llvm-objdump -d -C` of roof-ert on stdin and prints, for the kernel
bodies named on the command line, what each copy of it computes with:
  fma        vfmadd* and no separate multiply or add
  mul+add    vmul* and vadd* and no FMA
  +div       also vdiv*
and on which registers (zmm, ymm, xmm). Each kernel is compiled twice, with
and without contraction, under the same name (KernelChains.h), so a line
lists both copies, sorted.

usage: instruction_mix.py 'multiplyAddChain<double, 512>' ... < disassembly
"""
import re
import sys

wanted = sys.argv[1:]
copies = {name: [] for name in wanted}
current = None
for line in sys.stdin:
    header = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
    if header:
        current = None
        for name in wanted:
            if "::" + name + "(" in header.group(1):
                current = {"ops": set(), "regs": set()}
                copies[name].append(current)
        continue
    if current is None:
        continue
    parts = line.split("\t")
    if len(parts) < 2:
        continue
    fields = parts[1].split() + parts[2:]
    mnemonic = fields[0] if fields else ""
    operands = " ".join(fields[1:])
    for op in ("vfmadd", "vfmsub", "vfnmadd", "vmul", "vadd", "vdiv"):
        if mnemonic.startswith(op):
            current["ops"].add(op)
            current["regs"].update(re.findall(r"[xyz]mm", operands))


def describe(copy):
    ops = copy["ops"]
    fused = ops & {"vfmadd", "vfmsub", "vfnmadd"}
    if fused and not ops & {"vmul", "vadd"}:
        kind = "fma"
    elif {"vmul", "vadd"} <= ops and not fused:
        kind = "mul+add"
    else:
        kind = "mixed(" + ",".join(sorted(ops)) + ")"
    if "vdiv" in ops:
        kind += "+div"
    return kind + " " + "/".join(sorted(copy["regs"]))


for name in wanted:
    print(name + ": " + ", ".join(sorted(describe(c) for c in copies[name])))
