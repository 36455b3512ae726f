# Sanitizers and fuzzing as an INTERFACE target (after ccache's cmake/StandardSettings.cmake):
# whatever links caravan_sanitizers is compiled and linked with the flags; caravan links it
# PUBLIC, so the binary, the tests and the fuzz targets all get them.
#
#   CARAVAN_SANITIZE=ON  AddressSanitizer + UndefinedBehaviorSanitizer (gcc or clang); any
#                        report aborts the process, so a test that trips one fails.
#   CARAVAN_FUZZ=ON      clang only: the same sanitizers plus libFuzzer's coverage
#                        instrumentation, and the fuzz targets under tests/fuzz.
#   Both                 one build for the test suite and the fuzz targets (tests/run.sh's
#                        hardening): the tests run on the instrumented library at -O1, and the
#                        fuzz targets link the same objects, so the library is compiled once.
option(CARAVAN_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(CARAVAN_FUZZ "Build the libFuzzer targets under tests/fuzz (clang)" OFF)

add_library(caravan_sanitizers INTERFACE)
if(CARAVAN_SANITIZE OR CARAVAN_FUZZ)
  target_compile_options(caravan_sanitizers INTERFACE -fsanitize=address,undefined
    -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(caravan_sanitizers INTERFACE -fsanitize=address,undefined)
  # A report needs file and line, not variables: line tables only (-g1) build a quarter faster.
  target_compile_options(caravan_sanitizers INTERFACE -g1)
endif()
if(CARAVAN_SANITIZE)
  # The sanitizer build is for running the test suite; a fuzz-only build keeps its optimisation.
  # -O1: with all the instrumentation, a quarter faster to build again (referee/referee.cpp:
  # 25.9 s at -O2 -g, 14.9 s at -O1 -g1).
  # -no-pie: the suite starts the binaries thousands of times. Position-independent, each start
  # had the loader apply 1.6 million relocations (the sanitizers' tables of globals and of source
  # places; 2.9 million in the test binary) and fault in their 44 MB of pages: 0.42 s a start,
  # against 0.23 s linked at a fixed address. Executables only.
  target_compile_options(caravan_sanitizers INTERFACE -O1)
  target_link_options(caravan_sanitizers INTERFACE
    $<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:-no-pie>)
endif()
if(CARAVAN_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "CARAVAN_FUZZ needs clang: -DCMAKE_CXX_COMPILER=clang++")
  endif()
  # Coverage of the project's own code only (the list says why).
  target_compile_options(caravan_sanitizers INTERFACE -fsanitize=fuzzer-no-link
    -fsanitize-coverage-ignorelist=${PROJECT_SOURCE_DIR}/tests/fuzz/coverage-ignore.txt)
  target_link_options(caravan_sanitizers INTERFACE -fsanitize=fuzzer-no-link)
endif()
