# libFuzzer targets (-DALINT_FUZZ=ON, Clang only), included by the top-level
# CMakeLists.txt. Each compiles the sources it exercises itself, with coverage
# instrumentation and ASan + UBSan, so the rest of the tool is not rebuilt for
# fuzzing. Run: scripts/fuzz.sh.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "ALINT_FUZZ needs Clang (e.g. -DCMAKE_CXX_COMPILER=clang++-19)")
endif()
set(ALINT_FUZZ_FLAGS -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)

function(alint_fuzzer name)
  add_executable(${name} ${ARGN})
  target_include_directories(${name} PRIVATE "${PROJECT_SOURCE_DIR}")
  target_include_directories(${name} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS})
  target_compile_definitions(${name} PRIVATE ${LLVM_DEFINITIONS_LIST})
  target_compile_options(${name} PRIVATE ${ALINT_WARNINGS} ${ALINT_FUZZ_FLAGS})
  target_link_options(${name} PRIVATE ${ALINT_FUZZ_FLAGS})
endfunction()

alint_fuzzer(fuzz_config fuzz/fuzz_config.cpp "${PROJECT_SOURCE_DIR}/cli/Config.cpp")
target_link_libraries(fuzz_config PRIVATE LLVM)

alint_fuzzer(fuzz_target fuzz/fuzz_target.cpp "${PROJECT_SOURCE_DIR}/checker/model/TargetLoader.cpp"
  "${PROJECT_SOURCE_DIR}/checker/ir/AscendEnums.cpp" "${ALINT_EMBEDDED_TARGETS}")
target_link_libraries(fuzz_target PRIVATE nlohmann_json::nlohmann_json)

alint_fuzzer(fuzz_solver fuzz/fuzz_solver.cpp "${PROJECT_SOURCE_DIR}/smt/Solver.cpp"
  "${PROJECT_SOURCE_DIR}/checker/ir/SymExpr.cpp")
target_link_libraries(fuzz_solver PRIVATE Z3::z3)

# The kernel frontend and the checks, with the per-file limits on. It links the
# core library of this (sanitized) build; the core's sources carry coverage
# counters for it. Opt-in (-DALINT_FUZZ_FRONTEND=ON): not yet run in CI.
option(ALINT_FUZZ_FRONTEND "build fuzz_frontend (coverage counters in the core library)" OFF)
if(ALINT_FUZZ_FRONTEND)
  add_executable(fuzz_frontend fuzz/fuzz_frontend.cpp)
  target_link_libraries(fuzz_frontend PRIVATE alint_core)
  target_compile_options(fuzz_frontend PRIVATE ${ALINT_WARNINGS} ${ALINT_FUZZ_FLAGS})
  target_link_options(fuzz_frontend PRIVATE ${ALINT_FUZZ_FLAGS})
  target_compile_options(alint_core PRIVATE -fsanitize-coverage=inline-8bit-counters,pc-table)
endif()
