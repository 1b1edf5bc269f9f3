/*===- runtime/registry.c - Registered modules and threads ---------------===*\
|*
|* What the two entry points of roof/abi.h hand over (start.c calls
|* roofrt_register_module and roofrt_register_thread for them). A module
|* constructor hands over its descriptor (__roof_register_module); each thread
|* hands over its copy of a module's counter array the first time it runs an
|* instrumented function of that module (__roof_register_thread). Both are
|* rare, so they simply take the runtime lock.
|*
|* The registry is the lowest layer of the runtime: it knows nothing of the
|* regions, kernels, traffic model and write above it. What those do when a
|* module is accepted, a thread exits or the process forks, they register as
|* hooks (roofrt_on_module_accepted, roofrt_on_thread_exit,
|* roofrt_on_fork_child), once, from roofrt_start (start.c), before the first
|* module registers; the registry calls them in registration order.
|*
|* Counter arrays are thread_local in the instrumented module and die with
|* their thread. A pthread key destructor therefore copies the exiting
|* thread's arrays into runtime-owned memory, and from then on the census
|* reads the copy. Destructors of other keys may still run instrumented code
|* after ours, so ours re-arms itself and refreshes the copy in every round of
|* destructor calls the C library makes, but the last: sanitizer runtimes
|* (TSan) tear their own thread state down in that round, after which no
|* instrumented code, ours included, may run on the thread.
|*
|* Modules must not be unloaded (dlclose) while the process runs: their
|* descriptors are read again at the write.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

pthread_mutex_t roofrt_lock = PTHREAD_MUTEX_INITIALIZER;
struct roofrt_module **roofrt_modules;
size_t roofrt_num_modules;
struct roofrt_thread **roofrt_threads;
size_t roofrt_num_threads;
size_t roofrt_total_slots;
pid_t roofrt_pid;

static size_t cap_modules, cap_threads;

/* Every descriptor seen, accepted or not, by address: an open-addressing
 * hash table (load at most 1/2) so that a thread's registration does not
 * scan all modules of a large program. */
static struct roofrt_module **known;
static size_t known_cap, known_count;

/* Destructor rounds in which the copy is refreshed (see above). */
#define COPY_ROUNDS (PTHREAD_DESTRUCTOR_ITERATIONS - 1)

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static pthread_key_t thread_key;
static bool have_thread_key;

static _Thread_local struct roofrt_thread *current;
/* Set once this thread's key destructor has run: the thread is being torn
 * down and its TLS may be gone by the next census. */
static _Thread_local bool tearing_down;

/*===------------------------------------------------------------------------===
 * Hooks of the layers above
 *===------------------------------------------------------------------------===*/

/* Fixed lists, filled once at start (no allocation, nothing to free): a few
 * layers register one hook each. */
#define MAX_HOOKS 8

static roofrt_module_hook module_hooks[MAX_HOOKS];
static size_t num_module_hooks;
static roofrt_thread_exit_hook thread_exit_hooks[MAX_HOOKS];
static size_t num_thread_exit_hooks;
static roofrt_fork_child_hook fork_child_hooks[MAX_HOOKS];
static size_t num_fork_child_hooks;

/* Adds `hook` to a list unless it is there already; a full list is a
 * programming error, said on stderr. */
#define ADD_HOOK(list, count, hook, what)                                      \
  do {                                                                         \
    for (size_t i = 0; i < (count); i++)                                       \
      if ((list)[i] == (hook))                                                 \
        return;                                                                \
    if ((count) == MAX_HOOKS) {                                                \
      roofrt_warn("too many %s hooks; one is ignored", what);                  \
      return;                                                                  \
    }                                                                          \
    (list)[(count)++] = (hook);                                                \
  } while (0)

void roofrt_on_module_accepted(roofrt_module_hook hook) {
  ADD_HOOK(module_hooks, num_module_hooks, hook, "module");
}

void roofrt_on_thread_exit(roofrt_thread_exit_hook hook) {
  ADD_HOOK(thread_exit_hooks, num_thread_exit_hooks, hook, "thread exit");
}

void roofrt_on_fork_child(roofrt_fork_child_hook hook) {
  ADD_HOOK(fork_child_hooks, num_fork_child_hooks, hook, "fork");
}

void *roofrt_grow(void *array, size_t *cap, size_t size, size_t first) {
  size_t new_cap = *cap ? 2 * *cap : first;
  if (new_cap > SIZE_MAX / size)
    return NULL;
  void *grown = realloc(array, new_cap * size);
  if (grown)
    *cap = new_cap;
  return grown;
}

/*===------------------------------------------------------------------------===
 * Initialisation, fork
 *===------------------------------------------------------------------------===*/

static void thread_exit(void *rounds_left);

/* A fork() while another thread holds the lock would leave the child with a
 * lock nobody releases, and its exit-time write would hang. */
static void fork_prepare(void) { pthread_mutex_lock(&roofrt_lock); }
static void fork_parent(void) { pthread_mutex_unlock(&roofrt_lock); }

/* Zeroes a thread's counters but the depth slots: functions it is inside
 * still decrement theirs when they return. */
static void zero_counts(struct roofrt_array *a) {
  const RoofModule *d = a->module->desc;
  for (uint32_t fi = 0; fi < d->num_functions; fi++) {
    const RoofFunction *f = &d->functions[fi];
    for (uint32_t s = 0; s < f->num_slots; s++)
      if (roofrt_is_count_slot(f, s))
        a->live[f->first_slot + s] = 0;
  }
  memset(a->saved, 0, d->num_slots * sizeof *a->saved);
}

/* The child of a fork() has a census of its own, from the fork on: what the
 * parent counted is in the parent's. Its one thread is the forking thread,
 * under a new tid; the other threads' records are the parent's. */
static void fork_child(void) {
  struct roofrt_thread *self = current;
  size_t kept = 0;
  for (size_t i = 0; i < roofrt_num_threads; i++) {
    struct roofrt_thread *t = roofrt_threads[i];
    if (t == self) {
      t->index = kept;
      roofrt_threads[kept++] = t;
      continue;
    }
    for (size_t a = 0; a < t->num_arrays; a++)
      free(t->arrays[a].saved);
    free(t->arrays);
    free(t->frames);
    free(t);
  }
  roofrt_num_threads = kept;
  if (self) {
    self->tid = (pid_t)syscall(SYS_gettid);
    for (size_t a = 0; a < self->num_arrays; a++)
      zero_counts(&self->arrays[a]);
  }
  roofrt_pid = (pid_t)syscall(SYS_getpid);
  roofrt_timer_start();
  for (size_t i = 0; i < num_fork_child_hooks; i++)
    fork_child_hooks[i](self);
  pthread_mutex_unlock(&roofrt_lock);
}

static void init(void) {
  roofrt_pid = (pid_t)syscall(SYS_getpid);
  roofrt_timer_start();
  int err = pthread_key_create(&thread_key, thread_exit);
  have_thread_key = err == 0;
  if (!have_thread_key)
    roofrt_warn("cannot create a thread key (%s); only the main thread is "
                "counted",
                strerror(err));
  pthread_atfork(fork_prepare, fork_parent, fork_child);
}

void roofrt_init(void) { pthread_once(&init_once, init); }

/*===------------------------------------------------------------------------===
 * Threads
 *===------------------------------------------------------------------------===*/

struct roofrt_thread *roofrt_current_thread(void) {
  if (current)
    return current;
  roofrt_init();
  struct roofrt_thread *t = calloc(1, sizeof *t);
  if (!t) {
    roofrt_warn("out of memory; this thread is not counted");
    return NULL;
  }
  t->tid = (pid_t)syscall(SYS_gettid);
  /* Born during teardown (a later key destructor ran instrumented code):
   * never trust its TLS beyond the destructor rounds still to come. */
  t->exited = tearing_down;
  if (have_thread_key) {
    uintptr_t rounds = tearing_down ? 1 : COPY_ROUNDS;
    if (pthread_setspecific(thread_key, (void *)rounds) != 0) {
      /* Without the destructor the arrays would be read after the thread
       * freed them. */
      roofrt_warn("out of memory; this thread is not counted");
      free(t);
      return NULL;
    }
  }
  current = t;
  return t;
}

/* Key destructor: closes the thread's regions and copies its arrays. The key
 * holds the number of rounds left (COPY_ROUNDS at first); each round
 * refreshes the copy and, while rounds are left, asks for the next. */
static void thread_exit(void *rounds_left) {
  uintptr_t rounds = (uintptr_t)rounds_left;
  struct roofrt_thread *t = current;
  tearing_down = true;
  for (size_t i = 0; i < num_thread_exit_hooks; i++)
    thread_exit_hooks[i](t);
  if (!t)
    return;

  pthread_mutex_lock(&roofrt_lock);
  for (size_t i = 0; i < t->num_arrays; i++) {
    struct roofrt_array *a = &t->arrays[i];
    memcpy(a->saved, a->live, a->module->desc->num_slots * sizeof(uint64_t));
  }
  t->exited = true;
  pthread_mutex_unlock(&roofrt_lock);

  if (!t->listed) {
    /* Only regions were used on this thread: nothing to report. */
    free(t->arrays);
    free(t);
    current = NULL;
    return;
  }
  if (rounds > 1)
    pthread_setspecific(thread_key, (void *)(rounds - 1));
}

/* Appends `t` to the listed threads. Caller holds the lock. */
static bool list_thread(struct roofrt_thread *t) {
  if (roofrt_num_threads == cap_threads) {
    struct roofrt_thread **grown =
        roofrt_grow(roofrt_threads, &cap_threads, sizeof *grown, 16);
    if (!grown)
      return false;
    roofrt_threads = grown;
  }
  t->index = roofrt_num_threads;
  t->listed = true;
  roofrt_threads[roofrt_num_threads++] = t;
  return true;
}

/*===------------------------------------------------------------------------===
 * Modules
 *===------------------------------------------------------------------------===*/

static size_t hash_pointer(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= UINT64_C(0xff51afd7ed558ccd);
  x ^= x >> 33;
  return (size_t)x;
}

static struct roofrt_module *known_find(const RoofModule *desc) {
  if (!known_cap)
    return NULL;
  for (size_t i = hash_pointer(desc) & (known_cap - 1);;
       i = (i + 1) & (known_cap - 1)) {
    if (!known[i] || known[i]->desc == desc)
      return known[i];
  }
}

static void known_put(struct roofrt_module **table, size_t cap,
                      struct roofrt_module *m) {
  size_t i = hash_pointer(m->desc) & (cap - 1);
  while (table[i])
    i = (i + 1) & (cap - 1);
  table[i] = m;
}

/* Makes room for one more entry, so that the insertion cannot fail after
 * the module has been accepted. */
static bool known_reserve(void) {
  if (2 * (known_count + 1) <= known_cap)
    return true;
  size_t cap = known_cap ? 2 * known_cap : 64;
  struct roofrt_module **table = calloc(cap, sizeof *table);
  if (!table)
    return false;
  for (size_t i = 0; i < known_cap; i++)
    if (known[i])
      known_put(table, cap, known[i]);
  free(known);
  known = table;
  known_cap = cap;
  return true;
}

/* What is wrong with a descriptor of the current ABI version, or NULL. The
 * census indexes counter arrays with these numbers, so they are checked once
 * here rather than trusted. */
static const char *descriptor_problem(const RoofModule *d,
                                      const char **function) {
  *function = NULL;
  if (d->num_functions && !d->functions)
    return "no function table";
  for (uint32_t i = 0; i < d->num_functions; i++) {
    const RoofFunction *f = &d->functions[i];
    if (!f->name)
      return "a function has no name";
    *function = f->name;
    if ((uint64_t)f->first_slot + f->num_slots > d->num_slots)
      return "slots outside the counter array";
    if (f->entry_slot >= f->num_slots)
      return "entry slot outside the function";
    if (f->time_slot != ROOF_NO_SLOT && f->time_slot >= f->num_slots)
      return "time slot outside the function";
    if (f->depth_slot != ROOF_NO_SLOT && f->depth_slot >= f->num_slots)
      return "depth slot outside the function";
    if (f->num_weights && !f->weights)
      return "no weight table";
    for (uint32_t w = 0; w < f->num_weights; w++) {
      if (f->weights[w].slot >= f->num_slots)
        return "weight slot outside the function";
      if (f->weights[w].metric >= ROOF_NUM_METRICS)
        return "unknown metric";
    }
  }
  *function = NULL;
  return NULL;
}

struct name_index {
  const char *name;
  uint32_t index;
};

static int by_name(const void *a, const void *b) {
  return strcmp(((const struct name_index *)a)->name,
                ((const struct name_index *)b)->name);
}

/* Fills m->report_of: an OpenMP outlined body is reported under the function
 * named by its attributed_to in the same module, following chains (a body
 * outlined from a body) to their end; a body whose parent is not in the
 * module, or a cycle, is reported under its own name. */
static bool resolve_attribution(struct roofrt_module *m) {
  const RoofModule *d = m->desc;
  uint32_t n = d->num_functions;
  if (!n)
    return true;
  m->report_of = malloc(n * sizeof *m->report_of);
  if (!m->report_of)
    return false;
  bool any_outlined = false;
  for (uint32_t i = 0; i < n; i++) {
    m->report_of[i] = i;
    any_outlined |= d->functions[i].attributed_to != NULL;
  }
  if (!any_outlined)
    return true;

  struct name_index *sorted = malloc(n * sizeof *sorted);
  if (!sorted)
    return false;
  for (uint32_t i = 0; i < n; i++)
    sorted[i] = (struct name_index){d->functions[i].name, i};
  qsort(sorted, n, sizeof *sorted, by_name);

  for (uint32_t i = 0; i < n; i++) {
    uint32_t at = i, steps = 0;
    while (d->functions[at].attributed_to && steps < n) {
      struct name_index key = {d->functions[at].attributed_to, 0};
      const struct name_index *parent =
          bsearch(&key, sorted, n, sizeof *sorted, by_name);
      if (!parent || parent->index == at)
        break;
      at = parent->index;
      steps++;
    }
    m->report_of[i] = steps < n ? at : i;
  }
  free(sorted);
  return true;
}

/* The record of `desc`, registering it on first sight (from its constructor,
 * or from a thread that ran one of its functions before the constructor ran).
 * NULL when out of memory. Caller holds the lock. */
static struct roofrt_module *module_get(const RoofModule *desc) {
  struct roofrt_module *m = known_find(desc);
  if (m)
    return m;
  m = calloc(1, sizeof *m);
  if (!m || !known_reserve()) {
    free(m);
    roofrt_warn("out of memory; a module is not counted");
    return NULL;
  }
  m->desc = desc;
  const char *source = desc->source ? desc->source : "(unnamed module)";
  const char *problem, *function;
  if (desc->abi_version != ROOF_ABI_VERSION) {
    roofrt_warn("%s: instrumented with ABI version %u, runtime expects %u; "
                "module ignored",
                source, (unsigned)desc->abi_version,
                (unsigned)ROOF_ABI_VERSION);
  } else if ((problem = descriptor_problem(desc, &function))) {
    roofrt_warn("%s: malformed descriptor (%s%s%s); module ignored", source,
                function ? function : "", function ? ": " : "", problem);
  } else if (roofrt_total_slots > SIZE_MAX - desc->num_slots) {
    roofrt_warn("%s: too many counters; module ignored", source);
  } else {
    if (roofrt_num_modules == cap_modules) {
      struct roofrt_module **grown =
          roofrt_grow(roofrt_modules, &cap_modules, sizeof *grown, 16);
      if (grown)
        roofrt_modules = grown;
    }
    if (roofrt_num_modules < cap_modules && resolve_attribution(m)) {
      m->accepted = true;
      m->index = roofrt_num_modules;
      m->slot_base = roofrt_total_slots;
      roofrt_total_slots += desc->num_slots;
      roofrt_modules[roofrt_num_modules++] = m;
    } else {
      free(m->report_of);
      m->report_of = NULL;
      roofrt_warn("%s: out of memory; module ignored", source);
    }
  }
  known_put(known, known_cap, m);
  known_count++;
  if (m->accepted)
    for (size_t i = 0; i < num_module_hooks; i++)
      module_hooks[i](m);
  return m;
}

/*===------------------------------------------------------------------------===
 * Registration (the entry points of roof/abi.h are in start.c)
 *===------------------------------------------------------------------------===*/

void roofrt_register_module(const RoofModule *module) {
  if (!module)
    return;
  roofrt_init();
  pthread_mutex_lock(&roofrt_lock);
  module_get(module);
  pthread_mutex_unlock(&roofrt_lock);
}

const RoofModule *roofrt_registered_module(const uint64_t *counters) {
  struct roofrt_thread *t = roofrt_current_thread();
  if (!t)
    return NULL;
  const RoofModule *found = NULL;
  pthread_mutex_lock(&roofrt_lock);
  for (size_t i = 0; i < t->num_arrays && !found; i++)
    if (t->arrays[i].live == counters)
      found = t->arrays[i].module->desc;
  pthread_mutex_unlock(&roofrt_lock);
  return found;
}

void roofrt_register_thread(const RoofModule *module, uint64_t *counters) {
  if (!module || !counters)
    return;
  struct roofrt_thread *t = roofrt_current_thread();
  if (!t)
    return;
  pthread_mutex_lock(&roofrt_lock);
  struct roofrt_module *m = module_get(module);
  if (!m || !m->accepted)
    goto out;
  /* Without the key destructor an exited thread's array would dangle. */
  if (!have_thread_key && t->tid != getpid())
    goto out;
  for (size_t i = 0; i < t->num_arrays; i++)
    if (t->arrays[i].module == m)
      goto out; /* registered before: nothing new to learn */

  if (t->num_arrays == t->cap_arrays) {
    struct roofrt_array *grown =
        roofrt_grow(t->arrays, &t->cap_arrays, sizeof *grown, 4);
    if (!grown)
      goto oom;
    t->arrays = grown;
  }
  size_t n = module->num_slots ? module->num_slots : 1;
  uint64_t *saved = calloc(n, sizeof *saved);
  if (!saved)
    goto oom;
  if (!t->listed && !list_thread(t)) {
    free(saved);
    goto oom;
  }
  t->arrays[t->num_arrays++] = (struct roofrt_array){m, counters, saved};
  /* Registered during teardown: ask for one more destructor round to copy
   * what this array receives. */
  if (tearing_down)
    pthread_setspecific(thread_key, (void *)(uintptr_t)1);
  goto out;
oom:
  roofrt_warn("out of memory; thread %ld is not counted in %s", (long)t->tid,
              module->source ? module->source : "a module");
out:
  pthread_mutex_unlock(&roofrt_lock);
}
