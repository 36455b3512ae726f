# Sanitizers and fuzzing as an INTERFACE target (after ccache's cmake/StandardSettings.cmake):
# whatever links caravan_sanitizers is compiled and linked with the flags; caravan links it
# PUBLIC, so the binary, the tests and the fuzz targets all get them.
#
#   CARAVAN_SANITIZE=ON  AddressSanitizer + UndefinedBehaviorSanitizer (gcc or clang); any
#                        report aborts the process, so a test that trips one fails.
#   CARAVAN_FUZZ=ON      clang only: the same sanitizers plus libFuzzer's coverage
#                        instrumentation, and the fuzz targets under tests/fuzz.
option(CARAVAN_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(CARAVAN_FUZZ "Build the libFuzzer targets under tests/fuzz (clang)" OFF)

add_library(caravan_sanitizers INTERFACE)
if(CARAVAN_SANITIZE OR CARAVAN_FUZZ)
  target_compile_options(caravan_sanitizers INTERFACE -fsanitize=address,undefined
    -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(caravan_sanitizers INTERFACE -fsanitize=address,undefined)
endif()
if(CARAVAN_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "CARAVAN_FUZZ needs clang: -DCMAKE_CXX_COMPILER=clang++")
  endif()
  # Coverage of the project's own code only (the list says why).
  target_compile_options(caravan_sanitizers INTERFACE -fsanitize=fuzzer-no-link
    -fsanitize-coverage-ignorelist=${PROJECT_SOURCE_DIR}/tests/fuzz/coverage-ignore.txt)
endif()
