# Build-time step of roof_libm_costs (cmake -P). Runs the probe PROBE to
# write OUT; when PROBE is not given or fails, copies FALLBACK to OUT and
# warns, so that a machine where ptrace is refused still builds the pass.

get_filename_component(_dir ${OUT} DIRECTORY)
file(MAKE_DIRECTORY ${_dir})

if(NOT "${PROBE}" STREQUAL "")
  execute_process(COMMAND ${PROBE} --out ${OUT}
    RESULT_VARIABLE _rc ERROR_VARIABLE _err)
  if(_rc EQUAL 0)
    if(_err)
      message(STATUS "roof-libm-probe:\n${_err}")
    endif()
    return()
  endif()
  set(_why "roof-libm-probe failed (exit ${_rc}):\n${_err}")
else()
  set(_why "roof-libm-probe is not run on this build machine")
endif()

message(WARNING "${_why}\nUsing ${FALLBACK}: its libm costs were measured on "
  "another machine and may not match this one's glibc or CPU.")
file(READ ${FALLBACK} _table)
file(WRITE ${OUT}.tmp
  "// Copied from tools/libm-probe/LibmCosts.fallback.inc: the probe did not\n"
  "// run on this build machine.\n${_table}")
file(RENAME ${OUT}.tmp ${OUT})
