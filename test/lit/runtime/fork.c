// fork(): the child writes its own report (default name with its pid),
// keeping the counts inherited from the parent, with its thread under its
// own tid; the parent's report is unaffected by the child's work.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: env -u ROOF_OUTPUT ROOF_QUIET=1 %t > %t.pids
// RUN: %python %S/Inputs/check_report.py %t.dir/roof-fork.c.tmp-$(cut -d' ' -f1 %t.pids).json \
// RUN:   'flops(r["totals"], "fp64") == 11 and r["threads"][0]["tid"] == r["pid"]'
// RUN: %python %S/Inputs/check_report.py %t.dir/roof-fork.c.tmp-$(cut -d' ' -f2 %t.pids).json \
// RUN:   'flops(r["totals"], "fp64") == 15 and r["threads"][0]["tid"] == r["pid"]' \
// RUN:   'len(r["threads"]) == 1'
//
// Expected: work(10) before the fork; the child adds work(5): 15; the
// parent adds work(1) after the child ended: 11 (1 fp64 add per unit).
#include "fake_pass.h"

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
  printf("%ld %ld\n", (long)getpid(), (long)child);
  return 0;
}
