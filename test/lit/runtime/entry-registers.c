// __roof_enter and __roof_leave keep every register but r11 (and rax, the
// entry's result): instrumented code calls them with preserve_allcc
// (runtime/entry_x86_64.S) and keeps its values in any register across the
// call. Each call here loads a distinct pattern into every general register
// but rsp, r11 and rax, into all 32 zmm registers and into k0-k7, calls the
// entry point and stores them all back; they must be unchanged. The first
// __roof_enter of the thread registers its counters (the C code of the
// runtime and the libc it calls run in between: the registration word is 0
// before it), the second does not; __roof_leave adds the cycles since t0.
// The same on a second thread, whose array is registered by its first call
// too.
//
// REQUIRES: avx512
// RUN: %clang -O1 -mavx512f -mavx512bw -mno-red-zone -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t
// RUN: %python %S/Inputs/check_report.py %t.json \
// RUN:   'len(r["threads"]) == 2' 'fn("timed")["calls"] == 4'
#include "fake_pass.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

// Module entry-registers.c: timed 0..1 (calls, time).
FAKE_COUNTERS(mod, 2)
static const RoofFunction functions[] = {
    {"timed", "timed", NULL, 0, 2, 0, 1, ROOF_NO_SLOT, 0, NULL}};
static const RoofModule mod = {
    ROOF_ABI_VERSION, 1, 2, 0, "entry-registers.c", "x86_64-unknown-linux-gnu",
    "", "", functions};
FAKE_CONSTRUCTOR(mod)

// The registers' values before and after the call, and what the asm below
// passes and gets; per thread, as both threads call.
#define GPRS 13 // rbx rcx rdx rsi rdi rbp r8 r9 r10 r12 r13 r14 r15
_Thread_local uint64_t gpr_in[GPRS], gpr_out[GPRS], k_in[8], k_out[8],
    saved_rsp, result;
_Thread_local uint8_t zmm_in[32 * 64] __attribute__((aligned(64))),
    zmm_out[32 * 64] __attribute__((aligned(64)));

// Loads the registers, calls `entry` (a symbol), stores the registers.
// rdi, rsi and rdx hold the call's arguments (gpr_in[4], [3], [2]).
#define CALL_KEEPING(entry)                                                    \
  __asm__ volatile(                                                            \
      "push %%rbp\n push %%rbx\n push %%r12\n push %%r13\n push %%r14\n"       \
      "push %%r15\n"                                                           \
      "mov %%rsp, %%fs:saved_rsp@tpoff\n and $-16, %%rsp\n"                    \
      ".irp i,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,"  \
      "24,25,26,27,28,29,30,31\n"                                              \
      "vmovdqu64 %%fs:zmm_in@tpoff+64*\\i, %%zmm\\i\n .endr\n"                 \
      ".irp i,0,1,2,3,4,5,6,7\n kmovq %%fs:k_in@tpoff+8*\\i, %%k\\i\n .endr\n" \
      "mov %%fs:gpr_in@tpoff+0, %%rbx\n mov %%fs:gpr_in@tpoff+8, %%rcx\n"      \
      "mov %%fs:gpr_in@tpoff+16, %%rdx\n mov %%fs:gpr_in@tpoff+24, %%rsi\n"    \
      "mov %%fs:gpr_in@tpoff+32, %%rdi\n mov %%fs:gpr_in@tpoff+40, %%rbp\n"    \
      "mov %%fs:gpr_in@tpoff+48, %%r8\n mov %%fs:gpr_in@tpoff+56, %%r9\n"      \
      "mov %%fs:gpr_in@tpoff+64, %%r10\n mov %%fs:gpr_in@tpoff+72, %%r12\n"    \
      "mov %%fs:gpr_in@tpoff+80, %%r13\n mov %%fs:gpr_in@tpoff+88, %%r14\n"    \
      "mov %%fs:gpr_in@tpoff+96, %%r15\n"                                      \
      "call " entry "\n"                                                       \
      "mov %%rax, %%fs:result@tpoff\n"                                         \
      "mov %%rbx, %%fs:gpr_out@tpoff+0\n mov %%rcx, %%fs:gpr_out@tpoff+8\n"    \
      "mov %%rdx, %%fs:gpr_out@tpoff+16\n mov %%rsi, %%fs:gpr_out@tpoff+24\n"  \
      "mov %%rdi, %%fs:gpr_out@tpoff+32\n mov %%rbp, %%fs:gpr_out@tpoff+40\n"  \
      "mov %%r8, %%fs:gpr_out@tpoff+48\n mov %%r9, %%fs:gpr_out@tpoff+56\n"    \
      "mov %%r10, %%fs:gpr_out@tpoff+64\n mov %%r12, %%fs:gpr_out@tpoff+72\n"  \
      "mov %%r13, %%fs:gpr_out@tpoff+80\n mov %%r14, %%fs:gpr_out@tpoff+88\n"  \
      "mov %%r15, %%fs:gpr_out@tpoff+96\n"                                     \
      ".irp i,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,"  \
      "24,25,26,27,28,29,30,31\n"                                              \
      "vmovdqu64 %%zmm\\i, %%fs:zmm_out@tpoff+64*\\i\n .endr\n"                \
      ".irp i,0,1,2,3,4,5,6,7\n kmovq %%k\\i, %%fs:k_out@tpoff+8*\\i\n .endr\n" \
      "mov %%fs:saved_rsp@tpoff, %%rsp\n"                                      \
      "pop %%r15\n pop %%r14\n pop %%r13\n pop %%r12\n pop %%rbx\n pop %%rbp\n" \
      :                                                                        \
      :                                                                        \
      : "memory", "cc", "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10",  \
        "r11", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",         \
        "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",  \
        "xmm15", "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21",        \
        "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28",        \
        "xmm29", "xmm30", "xmm31", "k0", "k1", "k2", "k3", "k4", "k5", "k6",   \
        "k7")

static int failures;

static void check(int ok, const char *what, unsigned call) {
  if (!ok) {
    fprintf(stderr, "FAILED: call %u: %s\n", call, what);
    failures++;
  }
}

// Distinct values per call, register and byte.
static void patterns(unsigned call, uint64_t rdi, uint64_t rsi, uint64_t rdx) {
  for (unsigned i = 0; i < GPRS; i++)
    gpr_in[i] = 0x5a5a000000000000ull + (uint64_t)call * 0x10000 + i;
  gpr_in[2] = rdx;
  gpr_in[3] = rsi;
  gpr_in[4] = rdi;
  for (unsigned i = 0; i < sizeof zmm_in; i++)
    zmm_in[i] = (uint8_t)(i * 7 + call * 13 + 1);
  for (unsigned i = 0; i < 8; i++)
    k_in[i] = 0xa5c3f00dull * (call + 1) + ((uint64_t)i << 40);
}

static void compare(unsigned call) {
  check(!memcmp(gpr_in, gpr_out, sizeof gpr_in), "general registers", call);
  check(!memcmp(zmm_in, zmm_out, sizeof zmm_in), "zmm0-zmm31", call);
  check(!memcmp(k_in, k_out, sizeof k_in), "k0-k7", call);
}

static void calls(unsigned first) {
  uint64_t *counters = mod_counters;
  check(!counters[2], "the word is 0 before the first call", first);
  patterns(first, (uint64_t)&mod, (uint64_t)counters, 0);
  CALL_KEEPING("__roof_enter");
  compare(first);
  check(counters[2] != 0, "the first call registers", first);
  uint64_t t0 = result;
  patterns(first + 1, (uint64_t)&mod, (uint64_t)counters, 0);
  CALL_KEEPING("__roof_enter");
  compare(first + 1);
  check(result >= t0, "the cycle counter", first + 1);
  patterns(first + 2, (uint64_t)counters, 1, t0);
  CALL_KEEPING("__roof_leave");
  compare(first + 2);
  check(counters[0] == 2, "two calls counted", first);
  check(counters[1] > 0 && counters[1] < (1ull << 40), "the time", first);
}

static void *other_thread(void *arg) {
  (void)arg;
  calls(10);
  return NULL;
}

int main(void) {
  calls(0);
  pthread_t thread;
  if (pthread_create(&thread, NULL, other_thread, NULL) != 0 ||
      pthread_join(thread, NULL) != 0)
    return 1;
  return failures != 0;
}
