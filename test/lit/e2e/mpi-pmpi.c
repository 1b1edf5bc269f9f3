// libroofrt-mpi: with it linked before the MPI library, the rank in a census
// is the one MPI_Comm_rank gives, not the launcher's environment. A shell
// between mpirun and the program makes OMPI_COMM_WORLD_RANK say 100 + r
// (Open MPI itself does not read it back): without libroofrt-mpi the files
// are named .rank100 and .rank101, with it .rank0 and .rank1, whether the
// program starts MPI with MPI_Init or with MPI_Init_thread.
//
// REQUIRES: openmpi, roofrt-mpi
// RUN: rm -rf %t.dir && mkdir -p %t.dir/env %t.dir/init %t.dir/thread
// RUN: env OMPI_CC=%roof-cc mpicc -O2 %s -o %t.env
// RUN: env OMPI_CC=%roof-cc mpicc -O2 %s %roofrt/libroofrt-mpi.a -o %t.pmpi
//
// RUN: env ROOF_OUTPUT=%t.dir/env/ ROOF_QUIET=1 %mpirun -np 2 sh -c 'OMPI_COMM_WORLD_RANK=$((OMPI_COMM_WORLD_RANK + 100)) exec "$0" init' %t.env
// RUN: ls %t.dir/env | sed 's/.*\.rank//' | sort -n | tr '\n' ' ' | FileCheck %s --check-prefix=ENV
// ENV: {{^}}100.json 101.json {{$}}
//
// RUN: env ROOF_OUTPUT=%t.dir/init/ ROOF_QUIET=1 %mpirun -np 2 sh -c 'OMPI_COMM_WORLD_RANK=$((OMPI_COMM_WORLD_RANK + 100)) exec "$0" init' %t.pmpi
// RUN: ls %t.dir/init | sed 's/.*\.rank//' | sort -n | tr '\n' ' ' | FileCheck %s --check-prefix=PMPI
// RUN: env ROOF_OUTPUT=%t.dir/thread/ ROOF_QUIET=1 %mpirun -np 2 sh -c 'OMPI_COMM_WORLD_RANK=$((OMPI_COMM_WORLD_RANK + 100)) exec "$0" thread' %t.pmpi
// RUN: ls %t.dir/thread | sed 's/.*\.rank//' | sort -n | tr '\n' ' ' | FileCheck %s --check-prefix=PMPI
// PMPI: {{^}}0.json 1.json {{$}}
// RUN: %roof merge %t.dir/thread | %python %S/Inputs/jq.py /dev/stdin ranks.mpi_ranks | FileCheck %s --check-prefix=MERGED
// MERGED: ranks.mpi_ranks = {{\[\[}}0, 1]]
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "thread") == 0) {
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  } else {
    MPI_Init(&argc, &argv);
  }
  MPI_Finalize();
  return 0;
}
