/*===- runtime/interpose.c - The census before _exit and exec ------------===*\
|*
|* _exit() and _Exit() end the process without running atexit handlers, and
|* a successful exec replaces the process image, counters and all: either
|* would lose the census. The runtime therefore defines them; the program's
|* calls bind to these definitions, which write the census (ended_by
|* "_exit", or "exec") and then make the C library's call. exec writes
|* whatever happens next: if it fails, the program goes on and its later
|* ending writes the final census over this one.
|*
|* Only the process the runtime belongs to writes: the child of a vfork()
|* shares its parent's memory and was not told of the fork (no atfork
|* handler runs), so what it would write is the parent's census under the
|* child's pid; it calls straight through.
|*
|* Both calls are async-signal-safe and programs make them from signal
|* handlers (a child's _exit after a failed exec, a handler that re-execs
|* the program): the write is the signal-safe one, which only tries the
|* runtime lock. The C library's functions are looked up once, when the
|* runtime arms, since dlsym is not safe there; a static link has none to
|* find, and gets the system calls and a search of PATH.
|*
|* The C library's internal calls (exit() ending in _exit, posix_spawn,
|* system()) do not go through these definitions: exit() has its own write,
|* and posix_spawn's child is a new program.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef int exec_fn(const char *, char *const[], char *const[]);
typedef int fexecve_fn(int, char *const[], char *const[]);

static exec_fn *real_execve, *real_execvpe;
static fexecve_fn *real_fexecve;

/* Without the C library's (a static link, where dlsym finds nothing):
 * execve and fexecve are system calls; execvpe is POSIX's search of PATH
 * (default /bin:/usr/bin), with a file the kernel cannot execute run by
 * /bin/sh, as the C library does it. */
static int system_execve(const char *path, char *const argv[],
                         char *const envp[]) {
  return (int)syscall(SYS_execve, path, argv, envp);
}

static int system_fexecve(int fd, char *const argv[], char *const envp[]) {
  return (int)syscall(SYS_execveat, fd, "", argv, envp, AT_EMPTY_PATH);
}

static void run_by_shell(const char *path, char *const argv[],
                         char *const envp[]) {
  size_t argc = 0;
  while (argv[argc])
    argc++;
  char *shell_argv[argc + 2];
  shell_argv[0] = (char *)"/bin/sh";
  shell_argv[1] = (char *)path;
  for (size_t i = 1; i <= argc; i++)
    shell_argv[i + 1] = argv[i];
  system_execve("/bin/sh", shell_argv, envp);
}

static int search_path_execvpe(const char *file, char *const argv[],
                               char *const envp[]) {
  if (!*file) {
    errno = ENOENT;
    return -1;
  }
  const char *search = strchr(file, '/') ? "" : getenv("PATH");
  if (!search)
    search = "/bin:/usr/bin";
  bool denied = false;
  for (const char *dir = search;; dir++) {
    const char *end = strchrnul(dir, ':');
    char path[PATH_MAX];
    struct roofrt_text t;
    roofrt_text_init(&t, path, sizeof path);
    roofrt_text_put(&t, dir, (size_t)(end - dir));
    if (end > dir)
      roofrt_text_put(&t, "/", 1);
    roofrt_text_puts(&t, file);
    if (t.truncated) {
      errno = ENAMETOOLONG;
    } else {
      system_execve(path, argv, envp);
      if (errno == ENOEXEC)
        run_by_shell(path, argv, envp);
    }
    if (errno == EACCES)
      denied = true;
    else if (errno != ENOENT && errno != ENOTDIR && errno != ENAMETOOLONG)
      return -1;
    if (!*end)
      break;
    dir = end;
  }
  if (denied)
    errno = EACCES;
  return -1;
}

void roofrt_interpose_arm(void) {
  real_execve = (exec_fn *)dlsym(RTLD_NEXT, "execve");
  real_execvpe = (exec_fn *)dlsym(RTLD_NEXT, "execvpe");
  real_fexecve = (fexecve_fn *)dlsym(RTLD_NEXT, "fexecve");
  if (!real_execve)
    real_execve = system_execve;
  if (!real_execvpe)
    real_execvpe = search_path_execvpe;
  if (!real_fexecve)
    real_fexecve = system_fexecve;
}

/* Whether this process is the one whose census the runtime holds. */
static bool own_process(void) {
  return roofrt_pid && (pid_t)syscall(SYS_getpid) == roofrt_pid;
}

ROOFRT_EXPORT void _exit(int status) {
  if (own_process())
    roofrt_output_end("_exit", true);
  /* What the C library's _exit does: end every thread of the process. */
  for (;;)
    syscall(SYS_exit_group, status);
}

ROOFRT_EXPORT void _Exit(int status) { _exit(status); }

/* The census before an exec. */
static void before_exec(void) {
  int saved_errno = errno;
  if (!real_execve) /* an exec before the first module registered */
    roofrt_interpose_arm();
  if (own_process())
    roofrt_output_write("exec", true);
  errno = saved_errno;
}

/* execv and execvp are execve and execvpe with the process's environment,
 * as in the C library. */
ROOFRT_EXPORT int execve(const char *path, char *const argv[],
                         char *const envp[]) {
  before_exec();
  return real_execve(path, argv, envp);
}

ROOFRT_EXPORT int execv(const char *path, char *const argv[]) {
  return execve(path, argv, environ);
}

ROOFRT_EXPORT int execvpe(const char *file, char *const argv[],
                          char *const envp[]) {
  before_exec();
  return real_execvpe(file, argv, envp);
}

ROOFRT_EXPORT int execvp(const char *file, char *const argv[]) {
  return execvpe(file, argv, environ);
}

ROOFRT_EXPORT int fexecve(int fd, char *const argv[], char *const envp[]) {
  before_exec();
  return real_fexecve(fd, argv, envp);
}

/* execl, execlp and execle: the arguments, up to the terminating NULL, as
 * an argv on the stack (as the C library's own do), then the vector form. */
static size_t count_args(va_list *args) {
  size_t argc = 1;
  while (va_arg(*args, const char *))
    argc++;
  return argc;
}

/* argv[0..argc]: `first`, the others, and the NULL. */
static void collect_args(const char **argv, const char *first, size_t argc,
                         va_list *args) {
  argv[0] = first;
  for (size_t i = 1; i <= argc; i++)
    argv[i] = va_arg(*args, const char *);
}

#define ARGV_OF(arg, args)                                                     \
  va_start(args, arg);                                                         \
  size_t argc = count_args(&args);                                             \
  va_end(args);                                                                \
  const char *argv[argc + 1];                                                  \
  va_start(args, arg);                                                         \
  collect_args(argv, arg, argc, &args)

ROOFRT_EXPORT int execl(const char *path, const char *arg, ...) {
  va_list args;
  ARGV_OF(arg, args);
  va_end(args);
  return execv(path, (char *const *)argv);
}

ROOFRT_EXPORT int execlp(const char *file, const char *arg, ...) {
  va_list args;
  ARGV_OF(arg, args);
  va_end(args);
  return execvp(file, (char *const *)argv);
}

ROOFRT_EXPORT int execle(const char *path, const char *arg, ...) {
  va_list args;
  ARGV_OF(arg, args);
  char *const *envp = va_arg(args, char *const *);
  va_end(args);
  return execve(path, (char *const *)argv, envp);
}
