/*===- runtime/start.c - Registration entry points; the layers' hooks ----===*\
|*
|* The top of the runtime. It finds the modules linked with it in their
|* section when it loads (roof/abi.h); the entry points of roof/abi.h
|* through which instrumented code hands over its counters
|* (__roof_register_thread from a thread's first call into a module,
|* __roof_enter at a timed function's entry, which also counts the call and
|* reads the cycle counter, and __roof_leave at its returns; on x86-64 those
|* two are entry_x86_64.S's; __roof_register_module, a descriptor of no
|* section) start the runtime and pass on to the registry (registry.c).
|* Starting registers, once, what the layers above the registry do when it
|* accepts a module, a thread exits or the process forks, so that the
|* registry, the lowest layer, calls into nothing above it:
|*   module accepted  the traffic model is configured (a traffic-mode
|*                    module), the exit-time write is armed (output.c);
|*   thread exit      the thread's cache model is freed (traffic.c), its open
|*                    regions are closed (regions.c);
|*   fork child       regions, kernels and the traffic model restart from
|*                    zero with the counters.
|*
|* A constructor of its own (priority 101, the first a program may use)
|* starts it and registers the modules of the section: a program's census
|* then lists a module even if none of its functions ran. Instrumented
|* code that runs before (an earlier constructor) or lives in another
|* section (a shared library's) starts it and registers its module on its
|* first call.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

static void traffic_when_accepted(const struct roofrt_module *m) {
  if (m->desc->flags & ROOF_MODULE_TRAFFIC)
    roofrt_traffic_enable();
}

static void output_when_accepted(const struct roofrt_module *m) {
  (void)m;
  roofrt_output_arm();
}

static void traffic_thread_exit(struct roofrt_thread *t) {
  (void)t;
  roofrt_traffic_thread_exit();
}

static void regions_thread_exit(struct roofrt_thread *t) {
  if (t)
    roofrt_regions_thread_exit(t);
}

static void kernels_fork_child(struct roofrt_thread *self) {
  (void)self;
  roofrt_kernels_fork_child();
}

static void traffic_fork_child(struct roofrt_thread *self) {
  (void)self;
  roofrt_traffic_fork_child();
}

static pthread_once_t hooks_once = PTHREAD_ONCE_INIT;

/* In the order the registry called these layers before it had hooks: the
 * traffic model before the write, the thread's model before its regions,
 * regions before kernels before the traffic model. */
static void register_hooks(void) {
  roofrt_on_module_accepted(traffic_when_accepted);
  roofrt_on_module_accepted(output_when_accepted);
  roofrt_on_thread_exit(traffic_thread_exit);
  roofrt_on_thread_exit(regions_thread_exit);
  roofrt_on_fork_child(roofrt_regions_fork_child);
  roofrt_on_fork_child(kernels_fork_child);
  roofrt_on_fork_child(traffic_fork_child);
}

void roofrt_start(void) {
  pthread_once(&hooks_once, register_hooks);
  roofrt_init();
}

/* The modules linked with the runtime (roof/abi.h): the linker gathers
 * their descriptors' addresses between these two symbols, which stay 0 in
 * a program that has none. */
extern const RoofModule *const
    linked_modules_start[] __asm__("__start_" ROOF_MODULES_SECTION)
        __attribute__((weak, visibility("hidden")));
extern const RoofModule *const
    linked_modules_stop[] __asm__("__stop_" ROOF_MODULES_SECTION)
        __attribute__((weak, visibility("hidden")));

__attribute__((constructor(101))) static void start_at_load(void) {
  roofrt_start();
  for (const RoofModule *const *m = linked_modules_start;
       m && m < linked_modules_stop; m++)
    roofrt_register_module(*m);
}

ROOFRT_EXPORT void __roof_register_module(const RoofModule *module) {
  roofrt_start();
  roofrt_register_module(module);
}

/* The calling thread hands over its copy of a module's counter array, once:
 * the registration word after the counters (roof/abi.h) says it has. A
 * module of another ABI version may lay its array out otherwise; the
 * registry refuses it, and its word is not touched. */
ROOFRT_EXPORT void __roof_register_thread(const RoofModule *module,
                                          uint64_t *counters) {
  if (!module || !counters)
    return;
  bool ours = module->abi_version == ROOF_ABI_VERSION;
  if (ours) {
    uint64_t *registered = &counters[module->num_slots];
    if (*registered)
      return;
    /* Set first: whatever registering calls never comes back here. */
    *registered = 1;
  }
  roofrt_start();
  roofrt_register_thread(module, counters);
}

#if defined(__x86_64__)
/* A timed function's entry and return are entry_x86_64.S's, which keep
 * every register; it reads the number of slots here. */
_Static_assert(offsetof(RoofModule, num_slots) == 8,
               "entry_x86_64.S: ROOF_MODULE_NUM_SLOTS");
#else
/* A timed function's entry: its calls, and the start of its time. */
ROOFRT_EXPORT uint64_t __roof_enter(const RoofModule *module,
                                    uint64_t *counters, uint32_t slot) {
  if (__builtin_expect(!counters[module->num_slots], 0))
    __roof_register_thread(module, counters);
  counters[slot] += 1;
  return roofrt_cycles();
}

/* Its return: the cycles since its entry. */
ROOFRT_EXPORT void __roof_leave(uint64_t *counters, uint32_t slot,
                                uint64_t start) {
  counters[slot] += roofrt_cycles() - start;
}
#endif
