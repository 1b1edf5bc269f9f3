/*===- runtime/signals.c - The census of a process a signal ends ---------===*\
|*
|* A job killed at its wall-time limit (SIGTERM, SIGXCPU, SIGUSR1 from the
|* batch system), interrupted (SIGINT, SIGHUP) or crashing (SIGSEGV, SIGBUS,
|* SIGFPE, SIGILL, abort()'s SIGABRT) still writes the census it counted,
|* marked "ended_by": "<signal>", and then ends as it would have: the
|* handler restores the default action and raises the signal again, so the
|* exit status (and a core dump) are those of the program alone.
|*
|* Only signals whose action is the default when the runtime starts are
|* taken; a handler installed before (by a library's constructor) is called
|* after the write, and one the program installs later replaces ours. An
|* ignored signal stays ignored.
|*
|* The write is the ordinary one (output.c), which is async-signal-safe: its
|* memory comes from mmap (arena.c), its text from format.c, its output from
|* write(2), so a signal that interrupted malloc or printf, or a crash that
|* corrupted the heap, does not stop it. Two things still could: the runtime
|* lock, held by the interrupted thread (it is only tried, for a second),
|* and a file system that does not answer; an alarm of
|* ROOF_SIGNAL_WRITE_SECONDS (default 10) then ends the process with the
|* original signal. A fault during the write ends the process with that
|* fault. Either way the file written is whole or absent, never partial
|* (temporary and rename); a temporary file may remain beside it. SIGKILL
|* cannot be caught: the previous file, if any, stays as it was (see
|* ROOF_FLUSH_SECONDS).
|*
|* A stack overflow is caught on an alternate stack of the main thread.
|* ROOF_SIGNALS=0 leaves every signal alone.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct {
  int number;
  const char *name;
} kSignals[] = {
    {SIGTERM, "SIGTERM"}, {SIGINT, "SIGINT"},   {SIGHUP, "SIGHUP"},
    {SIGXCPU, "SIGXCPU"}, {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"},
    {SIGSEGV, "SIGSEGV"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},
    {SIGILL, "SIGILL"},   {SIGABRT, "SIGABRT"},
};
#define NUM_SIGNALS (sizeof kSignals / sizeof *kSignals)

static struct sigaction previous[NUM_SIGNALS];
static int ending = -1; /* index of the signal being handled, -1: none */
static unsigned write_seconds = 10;
static char alternate_stack[64 * 1024];

static bool is_fault(int number) {
  return number == SIGSEGV || number == SIGBUS || number == SIGFPE ||
         number == SIGILL;
}

static int index_of(int number) {
  for (size_t i = 0; i < NUM_SIGNALS; i++)
    if (kSignals[i].number == number)
      return (int)i;
  return -1;
}

/* Ends the process with `number`, as its default action does. */
static void end_with(int number) {
  signal(number, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, number);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(number);
  _exit(128 + number); /* the default action of `number` did not end it */
}

/* The write took too long: give up on it. */
static void on_alarm(int number) {
  (void)number;
  int i = __atomic_load_n(&ending, __ATOMIC_ACQUIRE);
  static const char message[] =
      "roof: the census write on a signal did not finish; giving up\n";
  (void)!write(STDERR_FILENO, message, sizeof message - 1);
  end_with(i >= 0 ? kSignals[i].number : SIGTERM);
}

static void on_signal(int number, siginfo_t *info, void *context) {
  int i = index_of(number);
  int expected = -1;
  if (i < 0 ||
      !__atomic_compare_exchange_n(&ending, &expected, i, false,
                                   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    /* A signal while the first one is being written: the first one decides
     * how the process ends, unless this is a fault in the write itself,
     * which returning would only repeat. */
    if (is_fault(number))
      end_with(number);
    return;
  }
  int saved_errno = errno;
  struct sigaction alarm_action = {0}, old_alarm;
  alarm_action.sa_handler = on_alarm;
  sigemptyset(&alarm_action.sa_mask);
  sigaction(SIGALRM, &alarm_action, &old_alarm);
  unsigned old_alarm_left = alarm(write_seconds);
  roofrt_output_write(kSignals[i].name, true);
  alarm(old_alarm_left);
  sigaction(SIGALRM, &old_alarm, NULL);

  const struct sigaction *before = &previous[i];
  if (before->sa_handler == SIG_DFL)
    end_with(number);
  /* A handler that was there first: it decides what happens next. */
  __atomic_store_n(&ending, -1, __ATOMIC_RELEASE);
  errno = saved_errno;
  if (before->sa_flags & SA_SIGINFO)
    before->sa_sigaction(number, info, context);
  else
    before->sa_handler(number);
}

static unsigned seconds_from_environment(void) {
  const char *text = getenv("ROOF_SIGNAL_WRITE_SECONDS");
  if (!text || !*text)
    return 10;
  char *end;
  unsigned long seconds = strtoul(text, &end, 10);
  if (*end || text[0] == '-' || seconds == 0 || seconds > 3600) {
    roofrt_warn("ROOF_SIGNAL_WRITE_SECONDS=%s is not a number of seconds (1 "
                "to 3600); using 10",
                text);
    return 10;
  }
  return (unsigned)seconds;
}

void roofrt_signals_arm(void) {
  const char *off = getenv("ROOF_SIGNALS");
  if (off && strcmp(off, "0") == 0)
    return;
  write_seconds = seconds_from_environment();

  stack_t stack = {.ss_sp = alternate_stack, .ss_size = sizeof alternate_stack};
  stack_t current;
  bool have_stack =
      sigaltstack(NULL, &current) == 0 &&
      (!(current.ss_flags & SS_DISABLE) || sigaltstack(&stack, NULL) == 0);

  for (size_t i = 0; i < NUM_SIGNALS; i++) {
    struct sigaction action = {0};
    action.sa_sigaction = on_signal;
    action.sa_flags = SA_SIGINFO | SA_RESTART | (have_stack ? SA_ONSTACK : 0);
    sigemptyset(&action.sa_mask);
    if (sigaction(kSignals[i].number, NULL, &previous[i]) != 0 ||
        previous[i].sa_handler == SIG_IGN)
      continue;
    sigaction(kSignals[i].number, &action, NULL);
  }
}
