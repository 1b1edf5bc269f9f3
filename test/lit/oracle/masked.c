// roof-oracle reads the AVX-512 write mask at the moment the instruction
// runs: k1 = 0b1111 leaves 4 of the 8 lanes of a zmm vaddpd on.
// REQUIRES: avx512
//
// RUN: %clang -O2 -mavx512f %s -o %t
// RUN: roof-oracle %t | FileCheck %s
// CHECK: {{^  }}half_masked fp64: add=4  (full width: add=8){{$}}

__attribute__((noinline)) void half_masked(double *x) {
  __asm__ volatile("movl $15, %%eax\n\t"
                   "kmovw %%eax, %%k1\n\t"
                   "vmovupd (%0), %%zmm0\n\t"
                   "vaddpd %%zmm0, %%zmm0, %%zmm0 %{%%k1%}\n\t"
                   "vmovupd %%zmm0, (%0)"
                   :
                   : "r"(x)
                   : "eax", "k1", "xmm0", "memory");
}

int main(void) {
  double x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  half_masked(x);
  return x[0] != 2;
}
