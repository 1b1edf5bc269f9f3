# lit configuration for roof: substitutions for the plugin, runtime, driver
# and LLVM tools; features describing the host CPU and CUDA support.
import os
import lit.formats

config.name = "roof"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".ll", ".c", ".cpp", ".f90", ".test"]
config.test_source_root = os.path.join(config.roof_src_root, "test", "lit")
config.test_exec_root = os.path.join(config.roof_obj_root, "test", "lit")
config.excludes = ["Inputs"]

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.roof_bin_dir, config.environment.get("PATH", os.environ["PATH"])])
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Tests ask the backend every time: the on-disk probe cache is off unless a
# test turns it on.
config.environment["ROOF_CACHE_DIR"] = ""

plugin = os.path.join(config.roof_lib_dir, "libroofpass.so")
config.substitutions.append(("%roofpass", plugin))
config.substitutions.append(("%opt", "opt -load-pass-plugin=" + plugin))
config.substitutions.append(("%llc", "llc"))
config.substitutions.append(("%clangxx", config.clangxx))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%roofrt", config.roof_lib_dir))
config.substitutions.append(("%roof", os.path.join(config.roof_bin_dir, "roof")))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("%cmake", config.cmake))
config.substitutions.append(("%examples", os.path.join(config.roof_src_root, "examples")))
config.substitutions.append(("%inputs", os.path.join(config.roof_src_root, "test", "lit", "Inputs")))
config.substitutions.append(("%srcroot", config.roof_src_root))

# The LLVM roof is built against: feature "llvm-NN", for the tests whose
# empirical counts differ between versions, and %llvmmajor, NN itself.
config.available_features.add("llvm-" + config.llvm_version_major)
config.substitutions.append(("%llvmmajor", config.llvm_version_major))

# Fortran: "flang" where the flang roof fc runs by default is installed
# (flang-new-NN up to LLVM 19, flang-NN after; Debian's flang-NN and
# libflang-NN-dev); %flang is it. With LLVM 16 the Fortran tests expect what
# Flang 16 does otherwise (no debug information, so no lines; its own main;
# inline complex division), each saying so (docs/fortran.md).
import shutil
flang = shutil.which(("flang-new-" if int(config.llvm_version_major) < 20
                      else "flang-") + config.llvm_version_major)
if flang:
    config.available_features.add("flang")
    config.substitutions.append(("%flang", flang))

# OpenMP: where this clang has no libomp of its own, another LLVM's
# (CMakeLists.txt), found by every clang the tests run through CPATH and
# LIBRARY_PATH; libomp.so.5 itself is in the loader's path.
if config.openmp_lib_dir:
    config.environment["CPATH"] = config.openmp_include_dir
    config.environment["LIBRARY_PATH"] = config.openmp_lib_dir

# Programs compiled for AVX-512 can only run where the CPU has it.
try:
    with open("/proc/cpuinfo") as f:
        flags = f.read()
    if " avx512f" in flags:
        config.available_features.add("avx512")
    if " avx2" in flags and " fma" in flags:
        config.available_features.add("avx2")
except OSError:
    pass

# ptxas assembles the PTX of instrumented device code (no GPU needed).
# The toolkit of the build (ROOF_CUDA_PATH), not one of its own.
ptxas = os.path.join(config.roof_cuda_path, "bin", "ptxas")
if os.access(ptxas, os.X_OK):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
cuda_include = os.path.join(config.roof_cuda_path, "include")
config.substitutions.append(("%cuda_include", cuda_include))
nvdisasm = os.path.join(os.path.dirname(ptxas), "nvdisasm")
if os.access(nvdisasm, os.X_OK):
    config.available_features.add("nvdisasm")
    config.substitutions.append(("%nvdisasm", nvdisasm))

# roof-ert-gpu is built where roof was configured with CUDA, next to the PTX
# of its kernels; running it needs a CUDA device as well, which the NVIDIA
# driver's control node shows.
if os.path.exists(os.path.join(config.roof_bin_dir, "roof-ert-gpu")):
    config.available_features.add("ert-gpu")
if os.path.exists("/dev/nvidiactl"):
    config.available_features.add("cuda-device")
config.substitutions.append(
    ("%ertgpuptx", os.path.join(config.roof_obj_root, "ert", "tool", "ptx")))

# CUDA: "cuda" when the build mirrored a CUDA toolkit for clang 19
# (cuda-compat/), %cudapath being the mirror; "cuda-runtime" when roof's CUDA
# runtime (runtime/, libroofrt-cuda.a), which roof c++ links into CUDA
# programs, is built too.
if config.roof_cuda_mirror:
    config.available_features.add("cuda")
    config.substitutions.append(("%cudapath", config.roof_cuda_mirror))
if os.path.exists(os.path.join(config.roof_lib_dir, "libroofrt-cuda.a")):
    config.available_features.add("cuda-runtime")

# MPI: "openmpi" when Open MPI's mpicc and mpirun are on PATH (openmpi-bin and
# libopenmpi-dev, which scripts/setup.sh installs). %mpirun starts ranks on
# this machine whatever its core count (--oversubscribe), also as root, as
# in a container or CI.
import subprocess
if shutil.which("mpicc") and shutil.which("mpirun"):
    try:
        mpi_version = subprocess.run(["mpirun", "--version"], capture_output=True,
                                     text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        mpi_version = ""
    if "Open MPI" in mpi_version:
        config.available_features.add("openmpi")
# libroofrt-mpi.a (runtime/mpi.c) is built where CMake found MPI's C headers.
if os.path.exists(os.path.join(config.roof_lib_dir, "libroofrt-mpi.a")):
    config.available_features.add("roofrt-mpi")
config.substitutions.append(
    ("%mpirun", "env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "
                "mpirun --oversubscribe"))
