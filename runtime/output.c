/*===- runtime/output.c - Where and when the report is written -----------===*\
|*
|* When: at exit, from an atexit handler registered as the first module is
|* accepted (so, normally, from a constructor before main: the handler runs
|* after those main registers later, and after exit() from any thread); and
|* whenever the program calls roof_write(). An explicit roof_write() does not
|* replace the exit-time write, which still goes to the default destination
|* with the final counts.
|*
|* Where: roof_write's argument; otherwise $ROOF_OUTPUT; otherwise
|* roof-<program>-<pid>.json in the working directory, with .rank<R> before
|* .json under an MPI launcher.
|*
|* How: into <destination>.<pid>.<n>.tmp beside the destination, then
|* renamed over it, so that a reader never sees half a file and concurrent
|* writers (ranks sharing $ROOF_OUTPUT, threads calling roof_write) never
|* mix their bytes. Numbers are printed in the "C" locale whatever the
|* program chose with setlocale().
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"
#include "roof/roof.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_once_t arm_once = PTHREAD_ONCE_INIT;
static int exit_written;
static unsigned long temp_serial;

static bool quiet(void) {
  const char *q = getenv("ROOF_QUIET");
  return q && *q && strcmp(q, "0") != 0;
}

static char *default_destination(const struct roofrt_process *p) {
  const char *env = getenv("ROOF_OUTPUT");
  if (env && *env)
    return strdup(env);
  const char *program = program_invocation_short_name;
  if (p->program) {
    const char *slash = strrchr(p->program, '/');
    program = slash ? slash + 1 : p->program;
  }
  if (!program || !*program)
    program = "program";
  char rank[32] = "";
  if (p->has_rank)
    snprintf(rank, sizeof rank, ".rank%ld", p->rank);
  char *path;
  if (asprintf(&path, "roof-%s-%ld%s.json", program, p->pid, rank) < 0)
    return NULL;
  return path;
}

/* Writes the document to `dest`; NULL on success, else the reason. */
static const char *write_file(const char *dest, const struct roofrt_report *r,
                              const struct roofrt_process *p) {
  char *temp;
  unsigned long serial = __atomic_fetch_add(&temp_serial, 1, __ATOMIC_RELAXED);
  if (asprintf(&temp, "%s.%ld.%lu.tmp", dest, p->pid, serial) < 0)
    return strerror(ENOMEM);
  const char *reason = NULL;
  int fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
  if (!f) {
    reason = strerror(errno);
    if (fd >= 0) {
      close(fd);
      unlink(temp);
    }
    free(temp);
    return reason;
  }

  /* uselocale is per thread: other threads keep the program's locale. */
  locale_t c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
  locale_t previous = c_locale ? uselocale(c_locale) : (locale_t)0;
  errno = 0;
  bool complete = roofrt_report_write(f, r, p);
  if (ferror(f))
    reason = strerror(errno ? errno : EIO);
  if (c_locale) {
    uselocale(previous);
    freelocale(c_locale);
  }
  if (fclose(f) != 0 && !reason)
    reason = strerror(errno);
  if (!reason && !complete)
    reason = "internal error (unbalanced JSON)";
  if (!reason && rename(temp, dest) != 0)
    reason = strerror(errno);
  if (reason)
    unlink(temp);
  free(temp);
  return reason;
}

/* The whole write to `path`, or to the default destination when NULL. */
static int write_report(const char *path) {
  struct roofrt_process process;
  roofrt_process_get(&process);
  char *dest = path ? strdup(path) : default_destination(&process);
  if (!dest) {
    roofrt_warn("cannot write the report: %s", strerror(ENOMEM));
    roofrt_process_free(&process);
    return -1;
  }

  struct roofrt_report report = {0};
  /* Read before calibrating, which may spin. */
  report.wall_time_s = (double)(roofrt_now_ns() - roofrt_start_ns()) / 1e9;
  report.timer_hz = roofrt_timer_hz();
  pthread_mutex_lock(&roofrt_lock);
  bool counted = roofrt_census_take(&report) &&
                 roofrt_regions_report(&report) &&
                 roofrt_kernels_report(&report);
  pthread_mutex_unlock(&roofrt_lock);

  const char *reason =
      counted ? write_file(dest, &report, &process) : strerror(ENOMEM);
  if (reason)
    roofrt_warn("cannot write %s: %s", dest, reason);
  else if (!quiet())
    roofrt_warn("wrote %s", dest);
  roofrt_report_free(&report);
  free(dest);
  roofrt_process_free(&process);
  return reason ? -1 : 0;
}

static void write_at_exit(void) {
  if (__atomic_exchange_n(&exit_written, 1, __ATOMIC_ACQ_REL))
    return;
  write_report(NULL);
}

static void arm(void) {
  if (atexit(write_at_exit) != 0)
    roofrt_warn("cannot register the exit handler; only roof_write() will "
                "write a report");
}

void roofrt_output_arm(void) { pthread_once(&arm_once, arm); }

ROOFRT_EXPORT int roof_write(const char *path) {
  roofrt_init();
  return write_report(path && *path ? path : NULL);
}
