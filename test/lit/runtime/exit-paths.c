// Every way a process ends writes the census it counted, marked with how it
// ended ("ended_by"), and the process ends as it would have without roof:
// same exit status, same signal. The program does work(7) (7 fp64 FLOPs),
// then ends as argv[1] says.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: rm -rf %t.dir && mkdir %t.dir
//
// RUN: env ROOF_OUTPUT=%t.dir/return.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t return | FileCheck %s --check-prefix=ZERO
// RUN: %python %S/Inputs/check_report.py %t.dir/return.json 'r["ended_by"] == "exit"' 'flops(r["totals"], "fp64") == 7'
// RUN: env ROOF_OUTPUT=%t.dir/exit.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t exit | FileCheck %s --check-prefix=THREE
// RUN: %python %S/Inputs/check_report.py %t.dir/exit.json 'r["ended_by"] == "exit"' 'flops(r["totals"], "fp64") == 7'
// RUN: env ROOF_OUTPUT=%t.dir/quick.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t quick_exit | FileCheck %s --check-prefix=THREE
// RUN: %python %S/Inputs/check_report.py %t.dir/quick.json 'r["ended_by"] == "quick_exit"' 'flops(r["totals"], "fp64") == 7'
// ZERO: status 0
// THREE: status 3
//
// _exit and _Exit skip atexit handlers; the runtime's own definitions write
// first (from the program's calls; exit()'s internal _exit is exit's).
// RUN: env ROOF_OUTPUT=%t.dir/_exit.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t _exit | FileCheck %s --check-prefix=THREE
// RUN: %python %S/Inputs/check_report.py %t.dir/_exit.json 'r["ended_by"] == "_exit"' 'flops(r["totals"], "fp64") == 7'
// RUN: env ROOF_OUTPUT=%t.dir/_Exit.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t _Exit | FileCheck %s --check-prefix=THREE
// RUN: %python %S/Inputs/check_report.py %t.dir/_Exit.json 'r["ended_by"] == "_exit"' 'flops(r["totals"], "fp64") == 7'
//
// exec writes the census before the image is replaced (here by a shell
// that exits 4); a failed exec returns, the program goes on (work(1)) and
// its exit replaces the census written at the exec.
// RUN: env ROOF_OUTPUT=%t.dir/exec.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t execl | FileCheck %s --check-prefix=FOUR
// RUN: %python %S/Inputs/check_report.py %t.dir/exec.json 'r["ended_by"] == "exec"' 'flops(r["totals"], "fp64") == 7'
// RUN: env ROOF_OUTPUT=%t.dir/execle.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t execle | FileCheck %s --check-prefix=FOUR
// RUN: %python %S/Inputs/check_report.py %t.dir/execle.json 'r["ended_by"] == "exec"' 'flops(r["totals"], "fp64") == 7'
// FOUR: status 4
// RUN: env ROOF_OUTPUT=%t.dir/exec-failed.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t execvp-missing | FileCheck %s --check-prefix=ZERO
// RUN: %python %S/Inputs/check_report.py %t.dir/exec-failed.json 'r["ended_by"] == "exit"' 'flops(r["totals"], "fp64") == 8'
//
// A static link has no C library to look the exec functions up in: the
// runtime makes the system calls and searches PATH itself.
// RUN: %clang -static -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t.static
// RUN: env ROOF_OUTPUT=%t.dir/static-exec.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t.static execl | FileCheck %s --check-prefix=FOUR
// RUN: %python %S/Inputs/check_report.py %t.dir/static-exec.json 'r["ended_by"] == "exec"' 'flops(r["totals"], "fp64") == 7'
// RUN: env ROOF_OUTPUT=%t.dir/static-failed.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t.static execvp-missing | FileCheck %s --check-prefix=ZERO
// RUN: %python %S/Inputs/check_report.py %t.dir/static-failed.json 'r["ended_by"] == "exit"' 'flops(r["totals"], "fp64") == 8'
// RUN: env ROOF_OUTPUT=%t.dir/static-_exit.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t.static _exit | FileCheck %s --check-prefix=THREE
// RUN: %python %S/Inputs/check_report.py %t.dir/static-_exit.json 'r["ended_by"] == "_exit"'
//
// A vfork() child shares the parent's memory and counters: its _exit
// writes nothing (one census, the parent's, under the %p pattern).
// RUN: rm -rf %t.vfork && mkdir %t.vfork
// RUN: env ROOF_OUTPUT=%t.vfork/run-%%p.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t vfork | FileCheck %s --check-prefix=ZERO
// RUN: ls %t.vfork | count 1
// RUN: %python %S/Inputs/check_report.py %t.vfork/run-*.json 'r["ended_by"] == "exit"' 'flops(r["totals"], "fp64") == 7'
//
// Signals: the census, then the signal's own ending.
// RUN: env ROOF_OUTPUT=%t.dir/term.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t SIGTERM | FileCheck %s --check-prefix=TERM
// RUN: %python %S/Inputs/check_report.py %t.dir/term.json 'r["ended_by"] == "SIGTERM"' 'flops(r["totals"], "fp64") == 7'
// TERM: signal SIGTERM
// roof report says how the process ended when it did not exit normally:
// RUN: %roof report %t.dir/term.json | FileCheck %s --check-prefix=REPORT
// REPORT: pid {{[0-9]+}}, started {{.*}}, wall time {{.*}}, ended by SIGTERM
// RUN: %roof report %t.dir/return.json | FileCheck %s --check-prefix=REPORT-EXIT
// REPORT-EXIT: pid {{[0-9]+}}, started {{.*}}, wall time {{[^,]*}}{{$}}
// RUN: env ROOF_OUTPUT=%t.dir/int.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t SIGINT | FileCheck %s --check-prefix=INT
// RUN: %python %S/Inputs/check_report.py %t.dir/int.json 'r["ended_by"] == "SIGINT"'
// INT: signal SIGINT
// RUN: env ROOF_OUTPUT=%t.dir/xcpu.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t SIGXCPU | FileCheck %s --check-prefix=XCPU
// RUN: %python %S/Inputs/check_report.py %t.dir/xcpu.json 'r["ended_by"] == "SIGXCPU"'
// XCPU: signal SIGXCPU
// RUN: env ROOF_OUTPUT=%t.dir/usr1.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t SIGUSR1 | FileCheck %s --check-prefix=USR1
// RUN: %python %S/Inputs/check_report.py %t.dir/usr1.json 'r["ended_by"] == "SIGUSR1"'
// USR1: signal SIGUSR1
// RUN: env ROOF_OUTPUT=%t.dir/abort.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t abort | FileCheck %s --check-prefix=ABRT
// RUN: %python %S/Inputs/check_report.py %t.dir/abort.json 'r["ended_by"] == "SIGABRT"' 'flops(r["totals"], "fp64") == 7'
// ABRT: signal SIGABRT
// RUN: env ROOF_OUTPUT=%t.dir/segv.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t segv | FileCheck %s --check-prefix=SEGV
// RUN: %python %S/Inputs/check_report.py %t.dir/segv.json 'r["ended_by"] == "SIGSEGV"' 'flops(r["totals"], "fp64") == 7'
// SEGV: signal SIGSEGV
// A stack overflow is caught on the alternate stack:
// RUN: env ROOF_OUTPUT=%t.dir/overflow.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t overflow | FileCheck %s --check-prefix=SEGV
// RUN: %python %S/Inputs/check_report.py %t.dir/overflow.json 'r["ended_by"] == "SIGSEGV"'
// RUN: env ROOF_OUTPUT=%t.dir/fpe.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t fpe | FileCheck %s --check-prefix=FPE
// RUN: %python %S/Inputs/check_report.py %t.dir/fpe.json 'r["ended_by"] == "SIGFPE"'
// FPE: signal SIGFPE
//
// A handler installed before the runtime (a constructor of priority 101)
// is called after the write; the program goes on and exits normally, and
// the exit-time census replaces the one written on the signal.
// RUN: env ROOF_OUTPUT=%t.dir/chained.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t SIGUSR2 | FileCheck %s --check-prefix=CHAINED
// CHAINED: handled SIGUSR2
// CHAINED-NEXT: status 0
// RUN: %python %S/Inputs/check_report.py %t.dir/chained.json 'r["ended_by"] == "exit"' 'flops(r["totals"], "fp64") == 8'
//
// ROOF_SIGNALS=0 leaves signals alone: no census, the same ending.
// RUN: env ROOF_OUTPUT=%t.dir/off.json ROOF_QUIET=1 ROOF_SIGNALS=0 %python %S/Inputs/exit_status.py %t SIGTERM | FileCheck %s --check-prefix=TERM
// RUN: not ls %t.dir/off.json
//
// An ignored signal stays ignored (nohup): the program survives it.
// RUN: env ROOF_OUTPUT=%t.dir/ignored.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t ignored | FileCheck %s --check-prefix=ZERO
// RUN: %python %S/Inputs/check_report.py %t.dir/ignored.json 'r["ended_by"] == "exit"'
//
// roof_write() while running, and the periodic write, say the process is
// still running: ended_by is null.
// RUN: env ROOF_OUTPUT=%t.dir/final.json ROOF_QUIET=1 %python %S/Inputs/exit_status.py %t write %t.dir/early.json | FileCheck %s --check-prefix=ZERO
// RUN: %python %S/Inputs/check_report.py %t.dir/early.json 'r["ended_by"] is None'
// RUN: env ROOF_OUTPUT=%t.dir/flush.json ROOF_QUIET=1 ROOF_FLUSH_SECONDS=1 %python %S/Inputs/exit_status.py %t sleep-then-kill | FileCheck %s --check-prefix=KILL
// RUN: %python %S/Inputs/check_report.py %t.dir/flush.json 'r["ended_by"] is None' 'flops(r["totals"], "fp64") == 7'
// KILL: signal SIGKILL
// RUN: ls %t.dir > %t.ls
// RUN: not grep '\.tmp$' %t.ls
#include "fake_pass.h"
#include "roof/roof.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

FAKE_WORK_MODULE("exit-paths.c")

static void work(uint64_t n) {
  uint64_t *c = FAKE_ENTER(mod);
  c[0] += 1;
  c[1] += n;
}

static void on_usr2(int number) {
  (void)number;
  static const char text[] = "handled SIGUSR2\n";
  (void)!write(STDOUT_FILENO, text, sizeof text - 1);
}

/* Before the runtime arms (module constructors run at default priority). */
__attribute__((constructor(101))) static void install_first(void) {
  signal(SIGUSR2, on_usr2);
  signal(SIGHUP, SIG_IGN);
}

static int recurse(volatile int *depth) {
  volatile char pad[1024];
  pad[0] = (char)*depth;
  ++*depth;
  return recurse(depth) + pad[0];
}

int main(int argc, char **argv) {
  work(7);
  const char *how = argc > 1 ? argv[1] : "return";
  if (!strcmp(how, "exit"))
    exit(3);
  if (!strcmp(how, "quick_exit"))
    quick_exit(3);
  if (!strcmp(how, "_exit"))
    _exit(3);
  if (!strcmp(how, "_Exit"))
    _Exit(3);
  if (!strcmp(how, "execl"))
    return execl("/bin/sh", "sh", "-c", "exit 4", (char *)NULL);
  if (!strcmp(how, "execle")) {
    char *const env[] = {"STATUS=4", NULL};
    return execle("/bin/sh", "sh", "-c", "exit $STATUS", (char *)NULL, env);
  }
  if (!strcmp(how, "execvp-missing")) {
    char *const args[] = {"roof-no-such-program", NULL};
    execvp(args[0], args);
    work(1);
    return errno == ENOENT ? 0 : 1;
  }
  if (!strcmp(how, "vfork")) {
    pid_t child = vfork();
    if (child == 0)
      _exit(5);
    int status;
    return waitpid(child, &status, 0) == child && WIFEXITED(status) &&
                   WEXITSTATUS(status) == 5
               ? 0
               : 1;
  }
  if (!strcmp(how, "abort"))
    abort();
  if (!strcmp(how, "segv"))
    *(volatile int *)(uintptr_t)8 = 1;
  if (!strcmp(how, "overflow")) {
    volatile int depth = 0;
    return recurse(&depth);
  }
  if (!strcmp(how, "fpe")) /* an integer divide by zero, as the CPU does it */
    __asm__ volatile("xorl %%ecx, %%ecx\n\tmovl $1, %%eax\n\tcltd\n\t"
                     "idivl %%ecx" ::: "eax", "ecx", "edx");
  if (!strcmp(how, "ignored")) {
    raise(SIGHUP);
    return 0;
  }
  if (!strcmp(how, "write")) {
    roof_write(argv[2]);
    return 0;
  }
  if (!strcmp(how, "sleep-then-kill")) {
    sleep(3); /* the periodic write runs at 1 s and 2 s */
    raise(SIGKILL);
  }
  if (!strcmp(how, "SIGUSR2")) {
    raise(SIGUSR2);
    work(1);
    return 0;
  }
  static const struct {
    const char *name;
    int number;
  } named[] = {{"SIGTERM", SIGTERM}, {"SIGINT", SIGINT},
               {"SIGXCPU", SIGXCPU}, {"SIGUSR1", SIGUSR1}};
  for (size_t i = 0; i < sizeof named / sizeof *named; i++)
    if (!strcmp(how, named[i].name))
      raise(named[i].number);
  return 0;
}
