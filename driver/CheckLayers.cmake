# ctest driver-layers: the layer libraries (CMakeLists.txt) let a file see
# the headers of its own layer and those below; an include by path
# ("../render/Table.h") would get round that. Refuses every include of a
# driver header written with a folder of the driver in it.
#   cmake -DDRIVER=driver/ -P CheckLayers.cmake
file(GLOB_RECURSE sources ${DRIVER}/read/* ${DRIVER}/analysis/*
     ${DRIVER}/render/* ${DRIVER}/commands/* ${DRIVER}/main.cpp)
set(found "")
foreach(source ${sources})
  file(STRINGS ${source} lines
       REGEX "^#include \"(\\.\\.|read|analysis|render|commands)/")
  foreach(line ${lines})
    string(APPEND found "\n  ${source}: ${line}")
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "includes past the layers of driver/ (a layer sees "
                      "its own headers and those of the layers below, by "
                      "name):${found}")
endif()
