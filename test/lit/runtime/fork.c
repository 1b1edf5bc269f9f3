// fork(): the child has a census of its own, from the fork on, written
// under its own pid with its thread under its own tid; the parent's counts
// are the parent's only. A region open at the fork stays open in the child,
// entered once, and counts the child's work in it.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: env -u ROOF_OUTPUT ROOF_QUIET=1 %t > %t.pids
// RUN: %python %S/Inputs/check_report.py %t.dir/roof-fork.c.tmp-$(cut -d' ' -f1 %t.pids).json \
// RUN:   'flops(r["totals"], "fp64") == 11 and r["threads"][0]["tid"] == r["pid"]' \
// RUN:   'r["functions"][0]["calls"] == 2' \
// RUN:   '[(g["name"], g["entries"], flops(g, "fp64")) for g in r["regions"]] == [("phase", 1, 11)]'
// RUN: %python %S/Inputs/check_report.py %t.dir/roof-fork.c.tmp-$(cut -d' ' -f2 %t.pids).json \
// RUN:   'flops(r["totals"], "fp64") == 5 and r["threads"][0]["tid"] == r["pid"]' \
// RUN:   'len(r["threads"]) == 1 and r["functions"][0]["calls"] == 1' \
// RUN:   '[(g["name"], g["entries"], flops(g, "fp64")) for g in r["regions"]] == [("phase", 1, 5)]'
//
// With ROOF_OUTPUT=...%p..., parent and child write one file each:
// RUN: rm -rf %t.out && mkdir %t.out
// RUN: env ROOF_OUTPUT=%t.out/run-%%p.json ROOF_QUIET=1 %t > %t.pids
// RUN: %python %S/Inputs/check_report.py %t.out/run-$(cut -d' ' -f1 %t.pids).json 'flops(r["totals"], "fp64") == 11'
// RUN: %python %S/Inputs/check_report.py %t.out/run-$(cut -d' ' -f2 %t.pids).json 'flops(r["totals"], "fp64") == 5'
//
// Expected: in the region "phase", work(10) before the fork; the child
// adds work(5) and leaves: 5; the parent adds work(1) after the child
// ended: 11 (1 fp64 add per unit).
#include "fake_pass.h"
#include "roof/roof.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

FAKE_WORK_MODULE("fork.c")

static void work(uint64_t n) {
  uint64_t *c = FAKE_ENTER(mod);
  c[0] += 1;
  c[1] += n;
}

int main(void) {
  roof_region_begin("phase");
  work(10);
  fflush(stdout);
  pid_t child = fork();
  if (child < 0)
    return 1;
  if (child == 0) {
    work(5);
    exit(0);
  }
  int status;
  if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0)
    return 1;
  work(1);
  roof_region_end();
  printf("%ld %ld\n", (long)getpid(), (long)child);
  return 0;
}
