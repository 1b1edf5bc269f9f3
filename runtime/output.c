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
|* How: into an unnamed file in the destination's directory (O_TMPFILE),
|* named <destination>.<pid>.<n>.tmp when it is complete and renamed over
|* the destination at once (a named temporary from the start where the file
|* system has no unnamed ones), so that a reader never sees half a file,
|* concurrent writers (ranks sharing $ROOF_OUTPUT, threads calling
|* roof_write) never mix their bytes, and a process killed while it writes
|* leaves no temporary behind. The write allocates only from an arena of its own
|* (arena.c) and formats without stdio (format.c): it may run in a signal
|* handler, and numbers come out the same whatever locale the program set.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"
#include "roof/roof.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h> /* rename */
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

/* Appends roof-<program>-<pid>[.rank<R>].json. */
static void default_name(struct roofrt_text *path,
                         const struct roofrt_process *p) {
  const char *program = program_invocation_short_name;
  if (p->program) {
    const char *slash = strrchr(p->program, '/');
    program = slash ? slash + 1 : p->program;
  }
  if (!program || !*program)
    program = "program";
  roofrt_text_printf(path, "roof-%s-%ld", program, p->pid);
  if (p->has_rank)
    roofrt_text_printf(path, ".rank%ld", p->rank);
  roofrt_text_puts(path, ".json");
}

/* Appends $ROOF_OUTPUT with its patterns replaced; false when a pattern is
 * unknown (said in *bad). */
static bool expand(struct roofrt_text *path, const char *pattern,
                   const struct roofrt_process *p, char *bad) {
  for (const char *c = pattern; *c; c++) {
    if (*c != '%') {
      roofrt_text_put(path, c, 1);
      continue;
    }
    switch (*++c) {
    case 'p':
      roofrt_text_int(path, p->pid);
      break;
    case 'r':
      roofrt_text_int(path, p->has_rank ? p->rank : 0);
      break;
    case 'h': {
      char host[256];
      if (gethostname(host, sizeof host) != 0)
        strcpy(host, "localhost");
      host[sizeof host - 1] = '\0';
      roofrt_text_puts(path, host);
      break;
    }
    case 't': {
      char stamp[32];
      roofrt_format_utc(stamp, roofrt_start_realtime_s(), true);
      roofrt_text_puts(path, stamp);
      break;
    }
    case '%':
      roofrt_text_put(path, "%", 1);
      break;
    default:
      *bad = *c ? *c : '%';
      return false;
    }
  }
  return true;
}

static bool is_directory(const char *path) {
  struct stat st;
  size_t n = strlen(path);
  return (n && path[n - 1] == '/') ||
         (stat(path, &st) == 0 && S_ISDIR(st.st_mode));
}

/* The default destination into `path`: false when it does not fit. */
static bool default_destination(struct roofrt_text *path,
                                const struct roofrt_process *p) {
  const char *env = getenv("ROOF_OUTPUT");
  char bad = 0;
  if (env && *env && !expand(path, env, p, &bad)) {
    roofrt_warn("ROOF_OUTPUT=%s: unknown pattern %%%c (known: %%p %%h %%r "
                "%%t %%%%); writing the default name",
                env, bad);
    roofrt_text_init(path, path->buf, path->cap);
  }
  if (path->len && is_directory(path->buf)) {
    if (path->buf[path->len - 1] != '/')
      roofrt_text_put(path, "/", 1);
    default_name(path, p);
  } else if (!path->len) {
    default_name(path, p);
  }
  return !path->truncated;
}

/* The next <dest>.<pid>.<n>.tmp into temp: false when it does not fit. */
static bool temporary_name(const char *dest, char *temp, size_t cap,
                           const struct roofrt_process *p) {
  unsigned long serial = __atomic_fetch_add(&temp_serial, 1, __ATOMIC_RELAXED);
  struct roofrt_text name;
  roofrt_text_init(&name, temp, cap);
  roofrt_text_printf(&name, "%s.%ld.%lu.tmp", dest, p->pid, serial);
  return !name.truncated;
}

/* A new file of ours for the document, never one that is there already (a
 * stale temporary, a link planted at its name), in dest's directory: an
 * unnamed one (O_TMPFILE), of which a process killed while it writes
 * (SIGKILL, which no handler sees) leaves nothing; -1 where the file system
 * has none. temp is scratch. */
static int open_unnamed(const char *dest, char *temp, size_t cap) {
#ifdef O_TMPFILE
  const char *slash = strrchr(dest, '/');
  struct roofrt_text dir;
  roofrt_text_init(&dir, temp, cap);
  if (!slash)
    roofrt_text_puts(&dir, ".");
  else
    roofrt_text_put(&dir, dest, slash == dest ? 1 : (size_t)(slash - dest));
  return dir.truncated ? -1
                       : open(temp, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
#else
  (void)dest, (void)temp, (void)cap;
  return -1;
#endif
}

/* Else <dest>.<pid>.<n>.tmp, its name in temp; -1 with errno on failure. */
static int open_named(const char *dest, char *temp, size_t cap,
                      const struct roofrt_process *p) {
  for (int attempt = 0; attempt < 100; attempt++) {
    if (!temporary_name(dest, temp, cap, p)) {
      errno = ENAMETOOLONG;
      return -1;
    }
    int fd =
        open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd >= 0 || errno != EEXIST)
      return fd;
  }
  return -1;
}

/* Gives the unnamed file `fd` the temporary name that is then renamed over
 * the destination (linkat cannot replace a file): the name exists between
 * the two system calls only. 0 or an errno value. */
static int name_temporary(int fd, const char *dest, char *temp, size_t cap,
                          const struct roofrt_process *p) {
  char self[64];
  struct roofrt_text link;
  roofrt_text_init(&link, self, sizeof self);
  roofrt_text_printf(&link, "/proc/self/fd/%d", fd);
  for (int attempt = 0; attempt < 100; attempt++) {
    if (!temporary_name(dest, temp, cap, p))
      return ENAMETOOLONG;
    if (linkat(AT_FDCWD, self, AT_FDCWD, temp, AT_SYMLINK_FOLLOW) == 0)
      return 0;
    if (errno != EEXIST)
      return errno;
  }
  return EEXIST;
}

/* The document into fd: NULL on success, else the reason. */
static const char *write_document(int fd, const struct roofrt_report *r,
                                  const struct roofrt_process *p) {
  int error = roofrt_report_write(fd, r, p);
  return error > 0   ? strerrordesc_np(error)
         : error < 0 ? "internal error (unbalanced JSON)"
                     : NULL;
}

/* Writes the document to `dest`; NULL on success, else the reason. */
static const char *write_file(const char *dest, const struct roofrt_report *r,
                              const struct roofrt_process *p) {
  char temp[PATH_MAX + 64];
  int fd = open_unnamed(dest, temp, sizeof temp);
  bool named = fd < 0; /* temp names the file, to remove on failure */
  if (named && (fd = open_named(dest, temp, sizeof temp, p)) < 0)
    return strerrordesc_np(errno);
  const char *reason = write_document(fd, r, p);
  if (!reason && !named) {
    named = true;
    if (name_temporary(fd, dest, temp, sizeof temp, p) != 0) {
      /* No /proc to name it by: again, into a named temporary. */
      close(fd);
      if ((fd = open_named(dest, temp, sizeof temp, p)) < 0)
        return strerrordesc_np(errno);
      reason = write_document(fd, r, p);
    }
  }
  if (close(fd) != 0 && !reason && errno != EINTR)
    reason = strerrordesc_np(errno);
  if (!reason && rename(temp, dest) != 0)
    reason = strerrordesc_np(errno);
  if (reason && named)
    unlink(temp);
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

/* The whole write to `path`, or to the default destination when NULL.
 * Allocates only from the report's arena (a signal may have interrupted
 * malloc). */
static int write_report(const char *path, const char *ended_by,
                        bool from_signal, bool say_written) {
  struct roofrt_report report = {0};
  struct roofrt_process process;
  roofrt_process_get(&process, &report.arena);
  char dest[PATH_MAX];
  struct roofrt_text destination;
  roofrt_text_init(&destination, dest, sizeof dest);
  if (path)
    roofrt_text_puts(&destination, path);
  if (path ? destination.truncated
           : !default_destination(&destination, &process)) {
    roofrt_warn("cannot write the report to %s...: %s", dest,
                strerrordesc_np(ENAMETOOLONG));
    roofrt_report_free(&report);
    return -1;
  }

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
    report.traffic_accesses = roofrt_traffic_accesses(&report.traffic_replayed);
    pthread_mutex_unlock(&roofrt_lock);
    reason =
        counted ? write_file(dest, &report, &process) : strerrordesc_np(ENOMEM);
  }
  if (reason)
    roofrt_warn("cannot write %s: %s", dest, reason);
  else if (say_written && !quiet())
    roofrt_warn("wrote %s", dest);
  roofrt_report_free(&report);
  return reason ? -1 : 0;
}

int roofrt_output_write(const char *ended_by, bool from_signal) {
  return write_report(NULL, ended_by, from_signal, true);
}

void roofrt_output_end(const char *ended_by, bool from_signal) {
  if (!__atomic_exchange_n(&exit_written, 1, __ATOMIC_ACQ_REL))
    write_report(NULL, ended_by, from_signal, true);
}

static void write_at_exit(void) { roofrt_output_end("exit", false); }

static void write_at_quick_exit(void) {
  roofrt_output_end("quick_exit", false);
}

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
  roofrt_interpose_arm();
  start_flushing();
}

void roofrt_output_arm(void) { pthread_once(&arm_once, arm); }

ROOFRT_EXPORT int roof_write(const char *path) {
  roofrt_init();
  return write_report(path && *path ? path : NULL, NULL, false, true);
}
