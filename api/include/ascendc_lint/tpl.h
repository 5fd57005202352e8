// ascendc-lint bundled AscendC API: template selection (ASCENDC_TPL_ARGS_DECL /
// ASCENDC_TPL_SEL), the declarations from which the build instantiates a kernel
// template once per selected combination.
//
// Mirrors (written for this project): mirror-cann/asc-devkit
//   include/utils/tiling/template_argument.h   (constants; the ASCENDC_TPL_PRE macro forms)
//   tools/build/asc_op_compile_base/asc_op_compiler/template_tiling.py  (how the build reads them)
//
// The build preprocesses the kernel with -DASCENDC_TPL_PRE, where every macro
// expands to `@@NAME@@ = {values}` text that template_tiling.py parses. Here the
// same text, fully macro-expanded, becomes a string constant the frontend reads
// (checker/project/TplSelect.cpp): `__ascendc_lint_tpl_decl_<op>` for
// ASCENDC_TPL_ARGS_DECL and `__ascendc_lint_tpl_sel_<n>` for each ASCENDC_TPL_SEL.
// These names are part of the linter's contract.
#pragma once

#include <cstdint>

// kernel types (template_argument.h)
#define ASCENDC_TPL_AIV_ONLY 0
#define ASCENDC_TPL_AIC_ONLY 1
#define ASCENDC_TPL_MIX_AIV_1_0 4
#define ASCENDC_TPL_MIX_AIC_1_0 5
#define ASCENDC_TPL_MIX_AIC_1_1 6
#define ASCENDC_TPL_MIX_AIC_1_2 7
#define ASCENDC_TPL_AICORE 8
#define ASCENDC_TPL_VECTORCORE 9
#define ASCENDC_TPL_MIX_AICORE 10
#define ASCENDC_TPL_MIX_VECTOR_CORE 11
#define ASCENDC_TPL_MAX 12
// bit widths
#define ASCENDC_TPL_1_BW 1
#define ASCENDC_TPL_2_BW 2
#define ASCENDC_TPL_4_BW 4
#define ASCENDC_TPL_8_BW 8
// parameter types
#define ASCENDC_TPL_DTYPE 0
#define ASCENDC_TPL_FORMAT 1
#define ASCENDC_TPL_UINT 2
#define ASCENDC_TPL_BOOL 3
// index bias (a value that follows an input's or output's dtype)
#define ASCENDC_TPL_INPUT_BIAS 100000000
#define ASCENDC_TPL_OUTPUT_BIAS 900000000
#define ASCENDC_TPL_INPUT(x) (ASCENDC_TPL_INPUT_BIAS + (x))
#define ASCENDC_TPL_OUTPUT(x) (ASCENDC_TPL_OUTPUT_BIAS + (x))
// integer value modes
#define ASCENDC_TPL_UI_RANGE 0
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_MIX 2

#define ASCENDC_TPL_DTYPE_DECL(x, ...) @@ASCENDC_TPL_DTYPE_DECL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_DATATYPE_DECL(x, ...) @@ASCENDC_TPL_DATATYPE_DECL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_FORMAT_DECL(x, ...) @@ASCENDC_TPL_FORMAT_DECL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_UINT_DECL(x, ...) @@ASCENDC_TPL_UINT_DECL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_BOOL_DECL(x, ...) @@ASCENDC_TPL_BOOL_DECL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_KERNEL_TYPE_DECL(x, ...) @@ASCENDC_TPL_SHARED_KERNEL_TYPE_DECL_##x@@ = {__VA_ARGS__}

#define ASCENDC_TPL_DTYPE_SEL(x, ...) @@ASCENDC_TPL_DTYPE_SEL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_DATATYPE_SEL(x, ...) @@ASCENDC_TPL_DATATYPE_SEL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_FORMAT_SEL(x, ...) @@ASCENDC_TPL_FORMAT_SEL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_UINT_SEL(x, ...) @@ASCENDC_TPL_UINT_SEL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_BOOL_SEL(x, ...) @@ASCENDC_TPL_BOOL_SEL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_TILING_STRUCT_SEL(x, ...) @@ASCENDC_TPL_TILING_STRUCT_SEL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...) @@ASCENDC_TPL_KERNEL_TYPE_SEL@@ = {__VA_ARGS__}
#define ASCENDC_TPL_DETERMINISTIC_SEL(...) @@ASCENDC_TPL_DETERMINISTIC_SEL@@ = {__VA_ARGS__}
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(x, ...) @@ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL_##x@@ = {__VA_ARGS__}

#define ASCENDC_LINT_TPL_STR_(...) #__VA_ARGS__
#define ASCENDC_LINT_TPL_STR(...) ASCENDC_LINT_TPL_STR_(__VA_ARGS__)
#define ASCENDC_LINT_TPL_CAT_(a, b) a##b
#define ASCENDC_LINT_TPL_CAT(a, b) ASCENDC_LINT_TPL_CAT_(a, b)

#define ASCENDC_TPL_ARGS_DECL(x, ...)                                                                           \
  [[maybe_unused]] static constexpr const char __ascendc_lint_tpl_decl_##x[] =                                  \
      ASCENDC_LINT_TPL_STR(@@ASCENDC_TPL_ARGS_DECL_##x@@ = {__VA_ARGS__})
#define ASCENDC_TPL_ARGS_SEL(...) @@{__VA_ARGS__}
#define ASCENDC_TPL_SEL(...)                                                                                    \
  [[maybe_unused]] static constexpr const char ASCENDC_LINT_TPL_CAT(__ascendc_lint_tpl_sel_, __COUNTER__)[] =  \
      ASCENDC_LINT_TPL_STR(@@ASCENDC_TPL_LISTS@@ = {__VA_ARGS__})

// Host-side tiling-key encoding: kernels do not call it.
#define GET_TPL_TILING_KEY(...) (0ULL)
