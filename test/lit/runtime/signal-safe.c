// The write on a signal allocates nothing from the heap and takes no stdio
// lock: a signal that arrives while the program is inside malloc (holding
// the heap's lock) or inside printf (holding stdout's) still gets its
// census.
//
// The program brings its own malloc family (a bump allocator whose lock is
// not recursive) and, holding that lock and the locks of stdout and stderr,
// raises SIGTERM, as if the batch system's signal had come in the middle of
// an allocation. A malloc in the write ends the process with status 99; a
// stdio call on stdout or stderr would hang until the write's alarm
// (ROOF_SIGNAL_WRITE_SECONDS=2) gave up without a census.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: rm -f %t.json
// RUN: env ROOF_OUTPUT=%t.json ROOF_SIGNAL_WRITE_SECONDS=2 %python %S/Inputs/exit_status.py %t 2>&1 | FileCheck %s
// CHECK: roof: wrote {{.*}}.json
// CHECK-NEXT: signal SIGTERM
// RUN: %python %S/Inputs/check_report.py %t.json 'r["ended_by"] == "SIGTERM"' 'flops(r["totals"], "fp64") == 7' \
// RUN:   'r["functions"][0]["calls"] == 1'
#include "fake_pass.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

FAKE_WORK_MODULE("signal-safe.c")

static void work(uint64_t n) {
  uint64_t *c = FAKE_ENTER(mod);
  c[0] += 1;
  c[1] += n;
}

/*===--- A malloc family that refuses to be re-entered ---===*/

static char heap[64 << 20];
static size_t heap_used;
static int heap_lock;

static void lock_heap(void) {
  if (__atomic_exchange_n(&heap_lock, 1, __ATOMIC_ACQUIRE)) {
    static const char text[] = "malloc re-entered from the census write\n";
    (void)!write(STDERR_FILENO, text, sizeof text - 1);
    syscall(SYS_exit_group, 99);
  }
}

static void unlock_heap(void) { __atomic_store_n(&heap_lock, 0, __ATOMIC_RELEASE); }

/* Each block is preceded by its size. */
static void *allocate(size_t size, size_t alignment) {
  lock_heap();
  size_t at = (heap_used + sizeof(size_t) + alignment - 1) & ~(alignment - 1);
  void *p = NULL;
  if (at + size <= sizeof heap) {
    ((size_t *)(heap + at))[-1] = size;
    heap_used = at + size;
    p = heap + at;
  }
  unlock_heap();
  return p;
}

void *malloc(size_t size) { return allocate(size, 16); }
void *calloc(size_t n, size_t size) { return allocate(n * size, 16); }
void free(void *p) { (void)p; }
void *realloc(void *p, size_t size) {
  void *q = allocate(size, 16);
  if (p && q) {
    size_t old = ((size_t *)p)[-1];
    memcpy(q, p, old < size ? old : size);
  }
  return q;
}
int posix_memalign(void **out, size_t alignment, size_t size) {
  return (*out = allocate(size, alignment)) ? 0 : 12;
}
void *aligned_alloc(size_t alignment, size_t size) {
  return allocate(size, alignment);
}

int main(void) {
  work(7);
  printf("counted\n"); /* stdout's buffer, from our malloc */
  flockfile(stdout);
  flockfile(stderr);
  lock_heap(); /* "inside malloc" */
  raise(SIGTERM);
  return 0;
}
