/*===- runtime/arena.c - Memory for one write, from the kernel -----------===*\
|*
|* Everything a write of the census needs (the report's tables, the process's
|* names) comes from an arena of anonymous mappings, released together when
|* the write is done. mmap and munmap are system calls, usable in a signal
|* handler that interrupted malloc: the heap's lock may be held and the heap
|* itself corrupt (a crash), and the write must not depend on either.
|*
|* Allocations are zeroed (fresh pages) and 16-byte aligned; nothing is freed
|* on its own.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <string.h>
#include <sys/mman.h>

struct roofrt_arena_block {
  struct roofrt_arena_block *next;
  size_t size, used; /* of the whole mapping, header included */
};

#define ALIGNMENT 16
#define HEADER                                                                 \
  ((sizeof(struct roofrt_arena_block) + ALIGNMENT - 1) &                       \
   ~(size_t)(ALIGNMENT - 1))
#define BLOCK_SIZE ((size_t)256 << 10)

void *roofrt_arena_alloc(struct roofrt_arena *a, size_t count, size_t size) {
  if (size && count > (SIZE_MAX - HEADER - BLOCK_SIZE) / size)
    return NULL;
  size_t n = (count * size + ALIGNMENT - 1) & ~(size_t)(ALIGNMENT - 1);
  struct roofrt_arena_block *b = a->blocks;
  if (!b || b->size - b->used < n) {
    size_t mapped = HEADER + n > BLOCK_SIZE
                        ? (HEADER + n + BLOCK_SIZE - 1) & ~(BLOCK_SIZE - 1)
                        : BLOCK_SIZE;
    void *m = mmap(NULL, mapped, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
      return NULL;
    b = m;
    b->size = mapped;
    b->used = HEADER;
    b->next = a->blocks;
    a->blocks = b;
  }
  void *p = (char *)b + b->used;
  b->used += n;
  return p;
}

void *roofrt_arena_grow(struct roofrt_arena *a, void *array, size_t *cap,
                        size_t size, size_t first) {
  size_t new_cap = *cap ? 2 * *cap : first;
  if (new_cap < *cap)
    return NULL;
  void *grown = roofrt_arena_alloc(a, new_cap, size);
  if (!grown)
    return NULL;
  if (*cap)
    memcpy(grown, array, *cap * size);
  *cap = new_cap;
  return grown;
}

void roofrt_arena_release(struct roofrt_arena *a) {
  for (struct roofrt_arena_block *b = a->blocks, *next; b; b = next) {
    next = b->next;
    munmap(b, b->size);
  }
  a->blocks = NULL;
}
