// Where the report goes and what is said about it: roof-<program>-<pid>.json
// in the working directory by default, .rank<R> added under an MPI launcher
// (first valid of OMPI_COMM_WORLD_RANK, PMI_RANK, PMIX_RANK, SLURM_PROCID),
// $ROOF_OUTPUT when set; "roof: wrote FILE" unless ROOF_QUIET is set (and
// not 0); one line on failure, the program's exit status untouched;
// roof_write(path) writes now and returns 0 or -1, and the exit-time write
// still happens; no temporary file is left behind, also where the unnamed
// file the census is written into cannot be given a name (no /proc).
//
// The program does work(10), then roof_write() of each argument, then
// work(5): 1 fp64 add per unit, so 10 FLOPs in an early write, 15 at exit.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: rm -rf %t.dir && mkdir %t.dir
//
// Default name:
// RUN: cd %t.dir && env -u ROOF_OUTPUT -u ROOF_QUIET %t > %t.dir/pid 2> %t.err
// RUN: FileCheck %s --check-prefix=DEFAULT --match-full-lines < %t.err
// DEFAULT: roof: wrote roof-destination.c.tmp-{{[0-9]+}}.json
// RUN: %python %S/Inputs/check_report.py %t.dir/roof-destination.c.tmp-$(cat %t.dir/pid).json \
// RUN:   'r["pid"] == int(open("%t.dir/pid").read())' 'r["mpi_rank"] is None' \
// RUN:   'flops(r["totals"], "fp64") == 15'
//
// MPI ranks:
// RUN: cd %t.dir && env -u ROOF_OUTPUT ROOF_QUIET=1 PMI_RANK=3 %t > %t.dir/pid3
// RUN: %python %S/Inputs/check_report.py %t.dir/roof-destination.c.tmp-$(cat %t.dir/pid3).rank3.json 'r["mpi_rank"] == 3'
// RUN: cd %t.dir && env -u ROOF_OUTPUT ROOF_QUIET=1 SLURM_PROCID=7 OMPI_COMM_WORLD_RANK=2 %t > %t.dir/pid2
// RUN: %python %S/Inputs/check_report.py %t.dir/roof-destination.c.tmp-$(cat %t.dir/pid2).rank2.json 'r["mpi_rank"] == 2'
// RUN: cd %t.dir && env -u ROOF_OUTPUT ROOF_QUIET=1 PMI_RANK=bogus PMIX_RANK=5 SLURM_PROCID=7 %t > %t.dir/pid5
// RUN: %python %S/Inputs/check_report.py %t.dir/roof-destination.c.tmp-$(cat %t.dir/pid5).rank5.json 'r["mpi_rank"] == 5'
//
// ROOF_OUTPUT and ROOF_QUIET:
// RUN: env ROOF_OUTPUT=%t.dir/custom.json ROOF_QUIET=0 %t > /dev/null 2> %t.err
// RUN: FileCheck %s -DDIR=%t.dir --check-prefix=CUSTOM --match-full-lines < %t.err
// CUSTOM: roof: wrote [[DIR]]/custom.json
// RUN: %python %S/Inputs/check_report.py %t.dir/custom.json 'flops(r["totals"], "fp64") == 15'
// RUN: env ROOF_OUTPUT=%t.dir/quiet.json ROOF_QUIET=1 %t > /dev/null 2> %t.err
// RUN: count 0 < %t.err
// RUN: %python %S/Inputs/check_report.py %t.dir/quiet.json
//
// Patterns in ROOF_OUTPUT (lit writes %% for one %): %p pid, %r rank (0
// outside MPI), %h host, %t start time (UTC), %% a percent sign; an unknown
// one is said and the default name written; a directory (existing, or
// named with a final /) gets the default name inside it.
// RUN: env ROOF_OUTPUT=%t.dir/pat-%%p-%%r-%%h-%%%%.json ROOF_QUIET=1 PMI_RANK=4 %t > %t.dir/pidpat
// RUN: %python %S/Inputs/check_report.py %t.dir/pat-$(cat %t.dir/pidpat)-4-$(hostname)-%%.json 'r["mpi_rank"] == 4'
// RUN: env ROOF_OUTPUT=%t.dir/time-%%t.json ROOF_QUIET=1 %t > /dev/null
// RUN: ls %t.dir | grep -E '^time-[0-9]{8}T[0-9]{6}\.json$'
// RUN: cd %t.dir && env ROOF_OUTPUT=%t.dir/bad-%%q.json ROOF_QUIET=1 %t > %t.dir/pidbad 2> %t.err
// RUN: FileCheck %s -DDIR=%t.dir --check-prefix=BADPAT --match-full-lines < %t.err
// BADPAT: roof: ROOF_OUTPUT=[[DIR]]/bad-%q.json: unknown pattern %q (known: %p %h %r %t %%); writing the default name
// RUN: %python %S/Inputs/check_report.py %t.dir/roof-destination.c.tmp-$(cat %t.dir/pidbad).json
// RUN: mkdir -p %t.dir/out && env ROOF_OUTPUT=%t.dir/out ROOF_QUIET=1 %t > %t.dir/piddir
// RUN: %python %S/Inputs/check_report.py %t.dir/out/roof-destination.c.tmp-$(cat %t.dir/piddir).json 'flops(r["totals"], "fp64") == 15'
// RUN: env ROOF_OUTPUT=%t.dir/out/ ROOF_QUIET=1 PMI_RANK=2 %t > %t.dir/piddir2
// RUN: %python %S/Inputs/check_report.py %t.dir/out/roof-destination.c.tmp-$(cat %t.dir/piddir2).rank2.json
//
// A destination that cannot be written:
// RUN: env ROOF_OUTPUT=%t.dir/missing/x.json %t > /dev/null 2> %t.err
// RUN: FileCheck %s -DDIR=%t.dir --check-prefix=MISSING --match-full-lines < %t.err
// MISSING: roof: cannot write [[DIR]]/missing/x.json: No such file or directory
//
// No /proc (linkat fails): the census is written again, into a named
// temporary.
// RUN: %clang -shared -fPIC %S/Inputs/no_linkat.c -o %t.no_linkat.so
// RUN: env LD_PRELOAD=%t.no_linkat.so ROOF_OUTPUT=%t.dir/no-proc.json ROOF_QUIET=1 %t > /dev/null
// RUN: %python %S/Inputs/check_report.py %t.dir/no-proc.json 'flops(r["totals"], "fp64") == 15'
//
// roof_write(path), then the exit-time write:
// RUN: env ROOF_OUTPUT=%t.dir/final.json %t %t.dir/early.json %t.dir/missing/y.json > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=RC --match-full-lines < %t.out
// RC:      {{[0-9]+}}
// RC-NEXT: roof_write=0
// RC-NEXT: roof_write=-1
// RUN: FileCheck %s -DDIR=%t.dir --check-prefix=WRITES --match-full-lines < %t.err
// WRITES:      roof: wrote [[DIR]]/early.json
// WRITES-NEXT: roof: cannot write [[DIR]]/missing/y.json: No such file or directory
// WRITES-NEXT: roof: wrote [[DIR]]/final.json
// RUN: %python %S/Inputs/check_report.py %t.dir/early.json 'flops(r["totals"], "fp64") == 10'
// RUN: %python %S/Inputs/check_report.py %t.dir/final.json 'flops(r["totals"], "fp64") == 15'
//
// 20 processes writing one name at once leave one whole census, from one of
// them, and no temporary; with %p in the name, 20 censuses.
// RUN: rm -rf %t.many && mkdir %t.many
// RUN: for i in $(seq 20); do env ROOF_OUTPUT=%t.many/one.json ROOF_QUIET=1 %t > /dev/null & done; wait
// RUN: ls %t.many | FileCheck %s --check-prefix=ONE --match-full-lines
// ONE: one.json
// ONE-NOT: {{.}}
// RUN: %python %S/Inputs/check_report.py %t.many/one.json 'flops(r["totals"], "fp64") == 15'
// RUN: for i in $(seq 20); do env ROOF_OUTPUT=%t.many/each-%%p.json ROOF_QUIET=1 %t > /dev/null & done; wait
// RUN: ls %t.many | grep -c '^each-[0-9]*\.json$' | FileCheck %s --check-prefix=TWENTY
// TWENTY: 20
// RUN: for f in %t.many/each-*.json; do %python %S/Inputs/check_report.py $f 'flops(r["totals"], "fp64") == 15' || exit 1; done
//
// RUN: ls -a %t.dir > %t.ls
// RUN: not grep '\.tmp$' %t.ls
#include "fake_pass.h"

#include <roof/roof.h>
#include <stdio.h>
#include <unistd.h>

// Module destination.c: work 0..1 (entry, body).
FAKE_WORK_MODULE("destination.c")

static void work(uint64_t n) {
  uint64_t *c = FAKE_ENTER(mod);
  c[0] += 1;
  c[1] += n;
}

int main(int argc, char **argv) {
  printf("%ld\n", (long)getpid());
  work(10);
  for (int i = 1; i < argc; i++)
    printf("roof_write=%d\n", roof_write(argv[i]));
  work(5);
  return 0;
}
