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
|* .json under an MPI launcher. In $ROOF_OUTPUT, %p is the pid, %h the host
|* name, %r the MPI rank (0 outside MPI), %t the start time (UTC,
|* YYYYMMDDTHHMMSS) and %% a percent sign, as in LLVM_PROFILE_FILE; a
|* $ROOF_OUTPUT that names a directory (or ends with '/') gets the default
|* name inside it.
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
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static pthread_once_t arm_once = PTHREAD_ONCE_INIT;
static int exit_written;
static unsigned long temp_serial;

static bool quiet(void) {
  const char *q = getenv("ROOF_QUIET");
  return q && *q && strcmp(q, "0") != 0;
}

/* roof-<program>-<pid>[.rank<R>].json, in `dir` when not NULL. */
static char *default_name(const struct roofrt_process *p, const char *dir) {
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
  size_t dir_len = dir ? strlen(dir) : 0;
  bool slash = dir_len && dir[dir_len - 1] != '/';
  char *path;
  if (asprintf(&path, "%s%sroof-%s-%ld%s.json", dir ? dir : "",
               slash ? "/" : "", program, p->pid, rank) < 0)
    return NULL;
  return path;
}

/* $ROOF_OUTPUT with its patterns replaced; NULL when out of memory or when
 * a pattern is unknown (said in *bad). */
static char *expand(const char *pattern, const struct roofrt_process *p,
                    char *bad) {
  char *out;
  size_t len;
  FILE *f = open_memstream(&out, &len);
  if (!f)
    return NULL;
  for (const char *c = pattern; *c; c++) {
    if (*c != '%') {
      fputc(*c, f);
      continue;
    }
    switch (*++c) {
    case 'p':
      fprintf(f, "%ld", p->pid);
      break;
    case 'r':
      fprintf(f, "%ld", p->has_rank ? p->rank : 0L);
      break;
    case 'h': {
      char host[256];
      if (gethostname(host, sizeof host) != 0)
        strcpy(host, "localhost");
      host[sizeof host - 1] = '\0';
      fputs(host, f);
      break;
    }
    case 't': {
      time_t start = (time_t)roofrt_start_realtime_s();
      struct tm utc;
      char stamp[32];
      if (gmtime_r(&start, &utc) &&
          strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%S", &utc))
        fputs(stamp, f);
      break;
    }
    case '%':
      fputc('%', f);
      break;
    default:
      *bad = *c ? *c : '%';
      fclose(f);
      free(out);
      return NULL;
    }
  }
  if (fclose(f) != 0)
    return NULL;
  return out;
}

static bool is_directory(const char *path) {
  struct stat st;
  size_t n = strlen(path);
  return (n && path[n - 1] == '/') || (stat(path, &st) == 0 && S_ISDIR(st.st_mode));
}

static char *default_destination(const struct roofrt_process *p) {
  const char *env = getenv("ROOF_OUTPUT");
  if (!env || !*env)
    return default_name(p, NULL);
  char bad = 0;
  char *path = expand(env, p, &bad);
  if (!path) {
    if (bad)
      roofrt_warn("ROOF_OUTPUT=%s: unknown pattern %%%c (known: %%p %%h %%r "
                  "%%t %%%%); writing the default name",
                  env, bad);
    return bad ? default_name(p, NULL) : NULL;
  }
  if (!is_directory(path))
    return path;
  char *inside = default_name(p, path);
  free(path);
  return inside;
}

/* Writes the document to `dest`; NULL on success, else the reason. */
static const char *write_file(const char *dest, const struct roofrt_report *r,
                              const struct roofrt_process *p) {
  /* A new file of ours, never one that is there already (a stale
   * temporary, a link planted at its name). */
  char *temp = NULL;
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 100; attempt++) {
    unsigned long serial =
        __atomic_fetch_add(&temp_serial, 1, __ATOMIC_RELAXED);
    free(temp);
    if (asprintf(&temp, "%s.%ld.%lu.tmp", dest, p->pid, serial) < 0)
      return strerror(ENOMEM);
    fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
              0644);
    if (fd < 0 && errno != EEXIST)
      break;
  }
  const char *reason = NULL;
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

/* Takes the runtime lock; from a signal handler only tries, for up to a
 * second: the interrupted thread may hold it. */
static bool lock_runtime(bool from_signal) {
  if (!from_signal) {
    pthread_mutex_lock(&roofrt_lock);
    return true;
  }
  for (int attempt = 0; attempt < 1000; attempt++) {
    if (pthread_mutex_trylock(&roofrt_lock) == 0)
      return true;
    nanosleep(&(struct timespec){0, 1000000}, NULL);
  }
  return false;
}

/* The whole write to `path`, or to the default destination when NULL. */
static int write_report(const char *path, const char *ended_by,
                        bool from_signal, bool say_written) {
  struct roofrt_process process;
  roofrt_process_get(&process);
  char *dest = path ? strdup(path) : default_destination(&process);
  if (!dest) {
    roofrt_warn("cannot write the report: %s", strerror(ENOMEM));
    roofrt_process_free(&process);
    return -1;
  }

  struct roofrt_report report = {0};
  report.ended_by = ended_by;
  /* Read before calibrating, which may spin. */
  report.wall_time_s = (double)(roofrt_now_ns() - roofrt_start_ns()) / 1e9;
  report.timer_hz = roofrt_timer_hz();
  const char *reason = NULL;
  if (!lock_runtime(from_signal)) {
    reason = "the runtime is busy in the interrupted thread";
  } else {
    bool counted = roofrt_census_take(&report) &&
                   roofrt_regions_report(&report) &&
                   roofrt_kernels_report(&report);
    pthread_mutex_unlock(&roofrt_lock);
    reason = counted ? write_file(dest, &report, &process) : strerror(ENOMEM);
  }
  if (reason)
    roofrt_warn("cannot write %s: %s", dest, reason);
  else if (say_written && !quiet())
    roofrt_warn("wrote %s", dest);
  roofrt_report_free(&report);
  free(dest);
  roofrt_process_free(&process);
  return reason ? -1 : 0;
}

int roofrt_output_write(const char *ended_by, bool from_signal) {
  return write_report(NULL, ended_by, from_signal, true);
}

/* The process ends normally: one final write, whichever of exit() and
 * quick_exit() comes first. */
static void write_final(const char *ended_by) {
  if (!__atomic_exchange_n(&exit_written, 1, __ATOMIC_ACQ_REL))
    write_report(NULL, ended_by, false, true);
}

static void write_at_exit(void) { write_final("exit"); }

static void write_at_quick_exit(void) { write_final("quick_exit"); }

/* $ROOF_FLUSH_SECONDS: a census every so often, for runs that may be
 * killed hard (SIGKILL, a node failure); each replaces the previous one. */
static void *flush_periodically(void *seconds) {
  unsigned interval = (unsigned)(uintptr_t)seconds;
  for (;;) {
    sleep(interval);
    write_report(NULL, NULL, false, false);
  }
  return NULL;
}

static void start_flushing(void) {
  const char *text = getenv("ROOF_FLUSH_SECONDS");
  if (!text || !*text)
    return;
  char *end;
  errno = 0;
  unsigned long seconds = strtoul(text, &end, 10);
  if (*end || errno || text[0] == '-' || seconds == 0 || seconds > 86400) {
    roofrt_warn("ROOF_FLUSH_SECONDS=%s is not a number of seconds (1 to "
                "86400); no periodic write",
                text);
    return;
  }
  pthread_t thread;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  int err = pthread_create(&thread, &attr, flush_periodically,
                           (void *)(uintptr_t)seconds);
  pthread_attr_destroy(&attr);
  if (err)
    roofrt_warn("cannot start the periodic write (%s)", strerror(err));
}

static void arm(void) {
  if (atexit(write_at_exit) != 0)
    roofrt_warn("cannot register the exit handler; only roof_write() will "
                "write a report");
  at_quick_exit(write_at_quick_exit);
  roofrt_signals_arm();
  start_flushing();
}

void roofrt_output_arm(void) { pthread_once(&arm_once, arm); }

ROOFRT_EXPORT int roof_write(const char *path) {
  roofrt_init();
  return write_report(path && *path ? path : NULL, NULL, false, true);
}
