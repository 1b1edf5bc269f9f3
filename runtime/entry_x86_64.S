/*===- runtime/entry_x86_64.S - A timed function's entry and return -----===*\
|*
|* __roof_enter and __roof_leave (roof/abi.h) on x86-64, where instrumented
|* code calls them with LLVM's preserve_allcc: they keep every register but
|* r11 (and rax, __roof_enter's result) and the flags, so that the caller
|* keeps its arguments and values where they are across the call, with no
|* spill, and its code generator has no register to save around it (a
|* quarter of what a timed function's instrumentation costs a compile:
|* docs/performance.md, 2026-12-01). They are written here because a
|* compiler saves, for such a function, only the registers its own target
|* has: C built for the base x86-64 would not keep the upper halves of
|* AVX-512 registers, nor k0-k7, across the libc it calls.
|*
|* __roof_enter(module, counters, slot): registers the thread's copy of the
|* counters when the word after them is 0 (__roof_register_thread, in C),
|* adds 1 to counters[slot] and returns the cycle counter (rdtsc, as
|* llvm.readcyclecounter and roofrt_cycles read it). The registration, once
|* per thread and module, saves what C may change: the caller-saved general
|* registers, and the whole extended state with xsave (x87, SSE, AVX,
|* AVX-512, whatever XCR0 enables; fxsave where the OS enables no xsave).
|*
|* __roof_leave(counters, slot, start): adds the cycles since start to
|* counters[slot].
|*
|* Instrumented code calls both through the GOT (nonlazybind): a lazy PLT
|* entry would go through the dynamic linker's resolver, which keeps only
|* the registers of the C convention.
|*
\*===----------------------------------------------------------------------===*/

/* The same test as start.c's, which defines them in C elsewhere. */
#if defined(__x86_64__)

/* RoofModule.num_slots (start.c asserts it). */
#define ROOF_MODULE_NUM_SLOTS 8

        .text

        .globl  __roof_enter
        .type   __roof_enter, @function
        .p2align 4
__roof_enter:
        .cfi_startproc
        movl    ROOF_MODULE_NUM_SLOTS(%rdi), %r11d
        cmpq    $0, (%rsi,%r11,8)
        je      .Lregister
.Lcount:
        movl    %edx, %r11d
        addq    $1, (%rsi,%r11,8)
        pushq   %rdx
        .cfi_adjust_cfa_offset 8
        rdtsc
        shlq    $32, %rdx
        orq     %rdx, %rax
        popq    %rdx
        .cfi_adjust_cfa_offset -8
        ret

.Lregister:
        pushq   %rbp
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %rbp, 0
        movq    %rsp, %rbp
        .cfi_def_cfa_register %rbp
        /* rbx is C's to keep, but cpuid writes it. */
        pushq   %rax
        pushq   %rbx
        .cfi_offset %rbx, -32
        pushq   %rcx
        pushq   %rdx
        pushq   %rsi
        pushq   %rdi
        pushq   %r8
        pushq   %r9
        pushq   %r10
        pushq   %r11
        movl    $1, %eax
        cpuid
        btl     $27, %ecx               /* OSXSAVE */
        jnc     .Lfxsave
        movl    $0xd, %eax
        xorl    %ecx, %ecx
        cpuid                           /* ebx: the area's size for XCR0 */
        subq    %rbx, %rsp
        andq    $-64, %rsp
        /* The xsave header (bytes 512-575) must be zero for xrstor. */
        xorl    %eax, %eax
        movq    %rax, 512(%rsp)
        movq    %rax, 520(%rsp)
        movq    %rax, 528(%rsp)
        movq    %rax, 536(%rsp)
        movq    %rax, 544(%rsp)
        movq    %rax, 552(%rsp)
        movq    %rax, 560(%rsp)
        movq    %rax, 568(%rsp)
        xorl    %ecx, %ecx
        xgetbv                          /* edx:eax = XCR0 */
        xsave   (%rsp)
        /* rdi and rsi are still the module and the counters. */
        call    __roof_register_thread@PLT
        xorl    %ecx, %ecx
        xgetbv
        xrstor  (%rsp)
        jmp     .Lrestore
.Lfxsave:
        subq    $512, %rsp
        andq    $-16, %rsp
        fxsave  (%rsp)
        call    __roof_register_thread@PLT
        fxrstor (%rsp)
.Lrestore:
        leaq    -80(%rbp), %rsp
        popq    %r11
        popq    %r10
        popq    %r9
        popq    %r8
        popq    %rdi
        popq    %rsi
        popq    %rdx
        popq    %rcx
        popq    %rbx
        .cfi_restore %rbx
        popq    %rax
        popq    %rbp
        .cfi_restore %rbp
        .cfi_def_cfa %rsp, 8
        jmp     .Lcount
        .cfi_endproc
        .size   __roof_enter, . - __roof_enter

        .globl  __roof_leave
        .type   __roof_leave, @function
        .p2align 4
__roof_leave:
        .cfi_startproc
        pushq   %rax
        .cfi_adjust_cfa_offset 8
        pushq   %rdx
        .cfi_adjust_cfa_offset 8
        rdtsc
        shlq    $32, %rdx
        orq     %rdx, %rax
        subq    (%rsp), %rax            /* start, the pushed rdx */
        movl    %esi, %r11d
        addq    %rax, (%rdi,%r11,8)
        popq    %rdx
        .cfi_adjust_cfa_offset -8
        popq    %rax
        .cfi_adjust_cfa_offset -8
        ret
        .cfi_endproc
        .size   __roof_leave, . - __roof_leave

#endif

        .section .note.GNU-stack, "", @progbits
