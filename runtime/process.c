/*===- runtime/process.c - Facts about the running process ---------------===*\
|*
|* The identity of the process for the report and for the default output
|* name: executable, argv, pid and MPI rank. They are read at the write, from
|* /proc and the environment, so that the runtime needs no hook into main,
|* with system calls only (no malloc, no strtol and its locale).
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The target of a symbolic link, of any length. */
static char *read_link(const char *path, struct roofrt_arena *arena) {
  for (size_t size = 256; size <= (size_t)1 << 20; size *= 2) {
    char *buf = roofrt_arena_alloc(arena, size, 1);
    if (!buf)
      return NULL;
    ssize_t n = readlink(path, buf, size);
    if (n < 0)
      return NULL;
    if ((size_t)n < size) {
      buf[n] = '\0';
      return buf;
    }
    /* possibly truncated: try a larger buffer */
  }
  return NULL;
}

/* The whole content of a /proc file (whose size stat does not tell), with
 * a NUL appended. */
static char *read_whole(const char *path, size_t *len,
                        struct roofrt_arena *arena) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return NULL;
  size_t cap = 0, n = 0;
  char *buf = NULL;
  for (;;) {
    if (n + 1 >= cap && !(buf = roofrt_arena_grow(arena, buf, &cap, 1, 4096)))
      break;
    ssize_t r = read(fd, buf + n, cap - n - 1);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0) {
      buf = NULL;
      break;
    }
    if (r == 0) {
      buf[n] = '\0';
      *len = n;
      break;
    }
    n += (size_t)r;
  }
  close(fd);
  return buf;
}

/* The rank in MPI_COMM_WORLD, once the program's MPI library has told it
 * (roofrt_process_set_mpi_rank); -1 until then. */
static volatile long world_rank = -1;

void roofrt_process_set_mpi_rank(long rank) {
  if (rank >= 0)
    world_rank = rank;
}

/* The rank the MPI library reported, else the one set by the launcher
 * (Open MPI, MPICH/Intel MPI, PMIx, Slurm), in that order of preference;
 * values that are not a decimal number of at most nine digits are skipped. */
static bool mpi_rank(long *rank) {
  if (world_rank >= 0) {
    *rank = world_rank;
    return true;
  }
  static const char *const vars[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK",
                                     "PMIX_RANK", "SLURM_PROCID"};
  for (size_t i = 0; i < sizeof vars / sizeof *vars; i++) {
    const char *v = getenv(vars[i]);
    if (!v || !*v || strlen(v) > 9 || strspn(v, "0123456789") != strlen(v))
      continue;
    long r = 0;
    for (const char *c = v; *c; c++)
      r = 10 * r + (*c - '0');
    *rank = r;
    return true;
  }
  return false;
}

void roofrt_process_get(struct roofrt_process *p, struct roofrt_arena *arena) {
  memset(p, 0, sizeof *p);
  p->program = read_link("/proc/self/exe", arena);
  p->cmdline = read_whole("/proc/self/cmdline", &p->cmdline_len, arena);
  p->pid = (long)getpid();
  p->has_rank = mpi_rank(&p->rank);
}
