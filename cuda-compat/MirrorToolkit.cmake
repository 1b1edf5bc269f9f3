#===- cuda-compat/MirrorToolkit.cmake - build/lib/roof-cuda ---------------===#
#
#   cmake -DTOOLKIT=/usr/local/cuda -DMIRROR=build/lib/roof-cuda \
#         -DADDITIONS=cuda-compat -P cuda-compat/MirrorToolkit.cmake
#
# MIRROR/toolkit links to TOOLKIT; every other link in MIRROR is relative and
# goes through it. MIRROR looks like TOOLKIT to clang, except for three
# additions, each made only where TOOLKIT needs it (docs/cuda.md):
#   include/texture_fetch_functions.h and any other header in
#     ADDITIONS/include that TOOLKIT/include lacks: stand-ins for headers
#     clang 19's CUDA wrapper includes and CUDA 13 no longer ships;
#   include/{thrust,cub,cuda}: links to TOOLKIT/include/cccl/..., where CUDA 13
#     moved them (nvcc adds -isystem include/cccl; clang knows only include/);
#   bin/fatbinary: ADDITIONS/bin/fatbinary, which translates clang 19's
#     --image=profile=... options, when TOOLKIT's fatbinary no longer has
#     --image.
# MIRROR/roof-cuda.txt, written last, lists the additions made.
#
#===------------------------------------------------------------------------===#
cmake_minimum_required(VERSION 3.20)
foreach(variable TOOLKIT MIRROR ADDITIONS)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "MirrorToolkit.cmake: -D${variable}=... is missing")
  endif()
endforeach()

file(REMOVE_RECURSE ${MIRROR})
file(MAKE_DIRECTORY ${MIRROR}/include ${MIRROR}/bin)
file(CREATE_LINK ${TOOLKIT} ${MIRROR}/toolkit SYMBOLIC)
set(additions "")

# Links MIRROR/<into>/<entry> to toolkit/<from>/<entry> for each entry of
# TOOLKIT/<from> that MIRROR/<into> does not have yet (and is not in `except`);
# sets `linked` to the entries linked.
function(link_entries from into)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "EXCEPT")
  file(GLOB entries RELATIVE ${TOOLKIT}/${from} LIST_DIRECTORIES true
       ${TOOLKIT}/${from}/*)
  set(linked "")
  foreach(entry ${entries})
    set(link ${MIRROR}/${into}/${entry})
    if(entry IN_LIST arg_EXCEPT OR EXISTS ${link} OR IS_SYMLINK ${link})
      continue()
    endif()
    file(RELATIVE_PATH target ${MIRROR}/${into}
         ${MIRROR}/toolkit/${from}/${entry})
    file(CREATE_LINK ${target} ${link} SYMBOLIC)
    list(APPEND linked ${entry})
  endforeach()
  set(linked ${linked} PARENT_SCOPE)
endfunction()

link_entries(. . EXCEPT include bin)

# A stand-in only where TOOLKIT/include lacks the header: a header the toolkit
# has is never shadowed.
file(GLOB stand_ins RELATIVE ${ADDITIONS}/include ${ADDITIONS}/include/*.h)
foreach(header ${stand_ins})
  if(NOT EXISTS ${TOOLKIT}/include/${header})
    file(COPY ${ADDITIONS}/include/${header} DESTINATION ${MIRROR}/include)
    string(APPEND additions "include/${header}: stand-in for a header "
      "this CUDA no longer ships and clang 19's CUDA wrapper includes\n")
  endif()
endforeach()
link_entries(include include)
if(IS_DIRECTORY ${TOOLKIT}/include/cccl)
  link_entries(include/cccl include)
  foreach(entry ${linked})
    string(APPEND additions "include/${entry}: link to include/cccl/${entry}, "
      "where this CUDA keeps it (nvcc adds -isystem include/cccl)\n")
  endforeach()
endif()

# CUDA 13's fatbinary lists --image2 and --image3 in its help, no --image.
execute_process(COMMAND ${TOOLKIT}/bin/fatbinary --help
  OUTPUT_VARIABLE fatbinary_help RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${TOOLKIT}/bin/fatbinary --help failed: ${status}")
endif()
if(NOT fatbinary_help MATCHES "\n--image ")
  file(COPY ${ADDITIONS}/bin/fatbinary DESTINATION ${MIRROR}/bin)
  string(APPEND additions "bin/fatbinary: translates clang 19's "
    "--image=profile=... into the --image3=kind=...,sm=... of this fatbinary\n")
endif()
link_entries(bin bin)

if(additions STREQUAL "")
  set(additions "none: clang 19 takes this toolkit as it is\n")
endif()
file(WRITE ${MIRROR}/roof-cuda.txt
  "The CUDA toolkit ${TOOLKIT} as clang 19 can use it:\n"
  "--cuda-path=${MIRROR}\n"
  "Made by roof's cuda-compat/MirrorToolkit.cmake; see docs/cuda.md.\n"
  "Everything is a link into toolkit/ except these additions:\n"
  "${additions}")
