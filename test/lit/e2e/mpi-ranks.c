// MPI under Open MPI: every rank writes its own census, named with its rank
// (the runtime reads OMPI_COMM_WORLD_RANK), and roof merge of the files is
// the hand count of each rank summed over the ranks, with the per-rank
// statistics of the imbalance the program builds in.
//
// Built with Open MPI's mpicc through roof's compiler wrapper (OMPI_CC names
// the compiler mpicc runs; roof-cc adds the plugin, roof.h and the runtime
// to mpicc's own flags), run by mpirun with 4 and 16 ranks.
//
// daxpy (not inlined): per element one fmuladd, 2 FLOPs canonical; the
// vectorized loop (and its scalar remainder) executes exactly those as
// multiplies and adds without FMA on baseline x86-64 (empirical and full
// width 2 per element, no masks); 16 bytes loaded (x[i], y[i]), 8 stored
// (y[i]). main has no FP operations (constant stores, printf of a value).
// Rank r calls daxpy(n) once in region "common" and r times in region
// "extra", so with P ranks and n = 1000:
//   rank r:    daxpy calls 1 + r, fp64 FLOPs 2n(1 + r) = 2000(1 + r)
//   all ranks: calls P(P + 1)/2, FLOPs nP(P + 1), bytes loaded 16n calls,
//              stored 8n calls
//     P = 4:   calls 10,  FLOPs 20000,  loaded 160000,  stored 80000
//     P = 16:  calls 136, FLOPs 272000, loaded 2176000, stored 1088000
//   FLOPs per rank of the program and of daxpy: min 2n = 2000, max 2nP,
//   mean n(P + 1), imbalance max/mean - 1 = (P - 1)/(P + 1):
//     P = 4:   max 8000,  mean 5000,  imbalance 0.6
//     P = 16:  max 32000, mean 17000, imbalance 15/17 = 0.88235...
//   region "extra": rank 0 does no work: min 0, max 2n(P - 1), mean
//   n(P - 1), imbalance 1; "common": 2n on every rank, imbalance 0.
//
// REQUIRES: openmpi
// RUN: rm -rf %t.dir && mkdir -p %t.dir/np4 %t.dir/np16
// RUN: env OMPI_CC=%roof-cc mpicc -O2 %s -o %t
//
// RUN: env ROOF_OUTPUT=%t.dir/np4/ ROOF_QUIET=1 %mpirun -np 4 %t 1000 | sort | FileCheck %s --check-prefix=OUT4
// OUT4:      rank 0 of 4: y[0] = 2.5
// OUT4-NEXT: rank 1 of 4: y[0] = 3
// OUT4-NEXT: rank 2 of 4: y[0] = 3.5
// OUT4-NEXT: rank 3 of 4: y[0] = 4
// RUN: ls %t.dir/np4 | sed -n 's/^roof-mpi-ranks\.c\.tmp-[0-9]*\.rank\([0-9]*\)\.json$/\1/p' | sort -n | tr '\n' ' ' | FileCheck %s --check-prefix=FILES4
// FILES4: {{^}}0 1 2 3 {{$}}
// RUN: %roof merge %t.dir/np4 -o %t.dir/np4.json 2> /dev/null
// RUN: %python %S/Inputs/jq.py %t.dir/np4.json \
// RUN:     ranks.count ranks.mpi_ranks ranks.ended_by \
// RUN:     --at totals fp64.canonical fp64.empirical fp64.full_width bytes_loaded rank_stats.flops \
// RUN:     --at 'functions[name=daxpy]' calls fp64.canonical fp64.empirical bytes_loaded bytes_stored rank_stats.flops \
// RUN:     --at 'regions[name=common]' entries fp64.canonical rank_stats.flops.imbalance \
// RUN:     --at 'regions[name=extra]' entries fp64.canonical rank_stats.flops \
// RUN:   | FileCheck %s --check-prefix=NP4 --match-full-lines
// NP4:      ranks.count = 4
// NP4-NEXT: ranks.mpi_ranks = {{\[\[}}0, 3]]
// NP4-NEXT: ranks.ended_by = {"exit": 4}
// NP4-NEXT: fp64.canonical = 20000
// NP4-NEXT: fp64.empirical = 20000
// NP4-NEXT: fp64.full_width = 20000
// NP4-NEXT: bytes_loaded = {{[0-9]+}}
// NP4-NEXT: rank_stats.flops = {"imbalance": 0.6{{0*[0-9]?}}, "max": 8000.0, "mean": 5000.0, "min": 2000.0, "ranks": 4}
// NP4-NEXT: calls = 10
// NP4-NEXT: fp64.canonical = 20000
// NP4-NEXT: fp64.empirical = 20000
// NP4-NEXT: bytes_loaded = 160000
// NP4-NEXT: bytes_stored = 80000
// NP4-NEXT: rank_stats.flops = {"imbalance": 0.6{{0*[0-9]?}}, "max": 8000.0, "mean": 5000.0, "min": 2000.0, "ranks": 4}
// NP4-NEXT: entries = 4
// NP4-NEXT: fp64.canonical = 8000
// NP4-NEXT: rank_stats.flops.imbalance = 0.0
// NP4-NEXT: entries = 4
// NP4-NEXT: fp64.canonical = 12000
// NP4-NEXT: rank_stats.flops = {"imbalance": 1.0, "max": 6000.0, "mean": 3000.0, "min": 0.0, "ranks": 4}
//
// RUN: env ROOF_OUTPUT=%t.dir/np16/ ROOF_QUIET=1 %mpirun -np 16 %t 1000 > /dev/null
// RUN: ls %t.dir/np16 | sed -n 's/^roof-mpi-ranks\.c\.tmp-[0-9]*\.rank\([0-9]*\)\.json$/\1/p' | sort -n | tr '\n' ' ' | FileCheck %s --check-prefix=FILES16
// FILES16: {{^}}0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 {{$}}
// RUN: %roof merge %t.dir/np16 -o %t.dir/np16.json 2> /dev/null
// RUN: %python %S/Inputs/jq.py %t.dir/np16.json \
// RUN:     ranks.count ranks.mpi_ranks \
// RUN:     --at totals fp64.canonical fp64.empirical \
// RUN:     --at 'functions[name=daxpy]' calls fp64.canonical bytes_loaded bytes_stored \
// RUN:         rank_stats.flops.min rank_stats.flops.mean rank_stats.flops.max rank_stats.flops.imbalance \
// RUN:   | FileCheck %s --check-prefix=NP16 --match-full-lines
// NP16:      ranks.count = 16
// NP16-NEXT: ranks.mpi_ranks = {{\[\[}}0, 15]]
// NP16-NEXT: fp64.canonical = 272000
// NP16-NEXT: fp64.empirical = 272000
// NP16-NEXT: calls = 136
// NP16-NEXT: fp64.canonical = 272000
// NP16-NEXT: bytes_loaded = 2176000
// NP16-NEXT: bytes_stored = 1088000
// NP16-NEXT: rank_stats.flops.min = 2000.0
// NP16-NEXT: rank_stats.flops.mean = 17000.0
// NP16-NEXT: rank_stats.flops.max = 32000.0
// NP16-NEXT: rank_stats.flops.imbalance = 0.88235294117647{{[0-9]*}}
//
// roof report of the folder: the merge, with the ranks.
// RUN: %roof report %t.dir/np16 | FileCheck %s --check-prefix=REPORT
// REPORT: merged from 16 censuses (MPI ranks 0-15)
// REPORT: #1 daxpy  [{{.*}}mpi-ranks.c]
// REPORT-NEXT: 136 calls,
// REPORT-NEXT: ranks: all 16; time min {{.*}}; FLOPs imbalance 88.24%
#include <mpi.h>
#include <roof.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void daxpy(long n, double a, const double *x,
                                     double *y) {
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long n = argc > 1 ? atol(argv[1]) : 1000;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  for (long i = 0; i < n; ++i) {
    x[i] = 1.0;
    y[i] = 2.0;
  }
  roof_region_begin("common");
  daxpy(n, 0.5, x, y);
  roof_region_end();
  roof_region_begin("extra");
  for (int k = 0; k < rank; ++k)
    daxpy(n, 0.5, x, y);
  roof_region_end();
  printf("rank %d of %d: y[0] = %g\n", rank, size, y[0]);
  MPI_Finalize();
  return 0;
}
