/*===- runtime/mpi.c - The MPI rank as the MPI library says it ------------===*\
|*
|* libroofrt-mpi: MPI_Init and MPI_Init_thread through the MPI standard's
|* profiling interface. Each calls the MPI library's PMPI_ entry point, then
|* tells the runtime the process's rank in MPI_COMM_WORLD, which the census
|* carries (mpi_rank, the .rank<R> of the default file name, %r) whatever
|* the launcher's environment says: for launchers that set none of the
|* variables the runtime reads (process.c), and for ranks the environment
|* gets wrong. A program gets these definitions instead of the library's by
|* linking libroofrt-mpi.a before it, as every PMPI tool is linked:
|*
|*   OMPI_CC=roof-cc mpicc app.o PREFIX/lib/libroofrt-mpi.a -o app
|*
|* (mpicc puts the MPI library after the arguments it is given; roof-cc puts
|* libroofrt.a, which the calls below need, after everything.)
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <mpi.h>

static void record_world_rank(void) {
  int rank;
  if (PMPI_Comm_rank(MPI_COMM_WORLD, &rank) == MPI_SUCCESS)
    roofrt_process_set_mpi_rank(rank);
}

int MPI_Init(int *argc, char ***argv) {
  int status = PMPI_Init(argc, argv);
  if (status == MPI_SUCCESS)
    record_world_rank();
  return status;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  int status = PMPI_Init_thread(argc, argv, required, provided);
  if (status == MPI_SUCCESS)
    record_world_rank();
  return status;
}
