// ascendc-lint bundled AscendC API: function qualifiers, address-space
// qualifiers and the kernel-level macros (GM_ADDR, ASCEND_IS_AIC/AIV,
// KERNEL_TASK_TYPE*, ASCENDC_ASSUME).
//
// Mirrors (declarations only, written for this project):
//   mirror-cann/asc-devkit impl/utils/sys_macros.h            (__aicore__, ASCEND_IS_AIV/AIC)
//   mirror-cann/asc-devkit impl/basic_api/utils/kernel_utils_macros.h (GM_ADDR, KERNEL_TASK_TYPE*)
//   hicann/asc-tools cpudebug/include/stub_def.h               (the qualifier macros, all empty there)
//
// The linter finds kernels and core-type branches by the annotations and the
// ::ascendc_lint functions below; their spelling is part of the linter's
// contract and must not change:
//   annotate("ascendc_global")  kernel entry            (__global__)
//   annotate("ascendc_aicore")  device function          (__aicore__)
//   annotate("ascendc_vector")  vector-only kernel        (__vector__)
//   annotate("ascendc_cube")    cube-only kernel          (__cube__)
//   annotate("ascendc_mix", a, b) mixed kernel ratio      (__mix__(a, b))
//   ::ascendc_lint::is_aic() / is_aiv()                   (ASCEND_IS_AIC / ASCEND_IS_AIV)
//   ::ascendc_lint::core_type()                           (g_coreType: 0 MIX, 1 AIC, 2 AIV)
//   ::ascendc_lint::kernel_task_type_default(x)           (KERNEL_TASK_TYPE_DEFAULT)
//   ::ascendc_lint::kernel_task_type(key, x)              (KERNEL_TASK_TYPE)
//   ::ascendc_lint::assume(bool)                          (ASCENDC_ASSUME)
//   ::ascendc_lint::regist_matmul_obj(...)                (REGIST_MATMUL_OBJ, see matmul.h)
//   ::ascendc_lint::device_assert(cond, ...)              (device assert / ascendc_assert)
//   ::ascendc_lint::tiling_data<S>(ptr), tiling_data_ptr<S>(ptr)  (GET_TILING_DATA_*WITH_STRUCT)
#pragma once

#include <cstddef>
#include <cstdint>

// ascendc-lint: declarations are never defined, so uses through internal-linkage
// template arguments (e.g. a kernel's own constexpr MatmulConfig) must not warn.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

#define ASCENDC_LINT_BUNDLED_API 1

// ---- function qualifiers -----------------------------------------------------
#undef __global__
#undef __aicore__
#define __global__ __attribute__((annotate("ascendc_global")))
#define __aicore__ __attribute__((annotate("ascendc_aicore")))
#define __vector__ __attribute__((annotate("ascendc_vector")))
#define __cube__ __attribute__((annotate("ascendc_cube")))
#define __mix__(...) __attribute__((annotate("ascendc_mix", __VA_ARGS__)))

// bisheng's bracket attributes: the frontend rewrites `[aicore]`, `[aicpu]`
// and `[host]` (asc-devkit impl/utils/sys_macros.h:39 `#define __aicore__
// [aicore]`) into these names (padded with spaces to the same length) before
// Clang reads a file.
#define _ACOR_ __attribute__((annotate("ascendc_aicore")))
#define _ACPU
#define _HST

// Everything else the CPU-debug stubs define as nothing.
#define __host__
#define __host_aicore__
#define ASCENDC_HOST_AICORE
#define __disable_kernel_type_autoinfer__
#define __simd_vf__
#define __simt_vf__
#define __simd_callee__
#define __simt_callee__
#define __no_simd_vf_fusion__
#define __WORKGROUP_LOCAL__
#define __BLOCK_LOCAL__
#define __kfc_workspace__
// GET_TILING_DATA_PTR_WITH_STRUCT's pointer is to const (below); the
// generated header defines this qualifier to match it (asc-devkit
// tests/python/asc_op_compiler/test_get_op_tiling.py: `#define
// __tiling_data_ptr__ const` beside `const tiling_struct *dst_ptr`).
#define __tiling_data_ptr__ const
#define LAUNCH_BOUND(x)
#define __launch_bounds__(...)

// ---- address-space qualifiers (empty: the linter tracks memories itself) -------
#define __gm__
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __biasbuf__
#define __ssbuf__
#define __local_mem__

// ---- pipe / alias annotations of the real headers ------------------------------
#define __inout_pipe__(...)
#define __in_pipe__(...)
#define __out_pipe__(...)
#define __sync_alias__
#define __sync_noalias__
#define __check_sync_alias__
#define __sync_out__
#define __sync_in__
#define __ASC_USE_RESERVED_UBUF__(...)

// ---- address typedef macros --------------------------------------------------------
#define GM_ADDR __gm__ uint8_t*
#define UB_ADDR __ubuf__ uint8_t*
#define SSBUF_ADDR __ssbuf__ uint32_t*

#ifndef K_MAX_SHAPE_DIM
#define K_MAX_SHAPE_DIM 8
#endif

#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif

// Kernel types (values as in kernel_utils_macros.h KernelMetaType).
#ifndef __PLUGIN__KERNEL_META_TYPE_ENUME_DEFINED__
#define __PLUGIN__KERNEL_META_TYPE_ENUME_DEFINED__
enum KernelMetaType : uint8_t {
    KERNEL_TYPE_AIV_ONLY,
    KERNEL_TYPE_AIC_ONLY,
    KERNEL_TYPE_MIX_AIV_1_0,
    KERNEL_TYPE_MIX_AIC_1_0,
    KERNEL_TYPE_MIX_AIC_1_1,
    KERNEL_TYPE_MIX_AIC_1_2,
    KERNEL_TYPE_AICORE,
    KERNEL_TYPE_VECTORCORE,
    KERNEL_TYPE_MIX_AICORE,
    KERNEL_TYPE_MIX_VECTOR_CORE,
    KERNEL_TYPE_MAX,
};
#endif

// Hooks the linter recognises by name. Never defined: a linter does not run them.
namespace ascendc_lint {
__aicore__ bool is_aic();
__aicore__ bool is_aiv();
// The core type as upstream's g_coreType: 0 = MIX, 1 = AIC, 2 = AIV.
__aicore__ int32_t core_type();
__aicore__ void kernel_task_type_default(KernelMetaType type);
__aicore__ void kernel_task_type(uint64_t tilingKey, KernelMetaType type);
__aicore__ void assume(bool condition);
// Always true: marks the body of a __VEC_SCOPE__ vector function (Ascend 950
// register API) so the linter knows which register loads/stores share one.
__aicore__ bool vf_scope();
template <class... Args>
__aicore__ void regist_matmul_obj(Args&&... args);
// The tiling argument of a kernel viewed as the op's tiling struct
// (GET_TILING_DATA_WITH_STRUCT / GET_TILING_DATA_PTR_WITH_STRUCT).
template <class TilingStruct>
__aicore__ TilingStruct tiling_data(const void* tilingArg);
template <class TilingStruct>
__aicore__ const TilingStruct* tiling_data_ptr(const void* tilingArg);
// Device-side assert(cond[, fmt, args...]): the kernel traps when cond is false.
template <class... Args>
__aicore__ void device_assert(bool condition, Args&&... message);
} // namespace ascendc_lint

// `__VEC_SCOPE__ { ... }`: the vector function's body as the branch of an
// always-true condition (::ascendc_lint::vf_scope, see above).
#define __VEC_SCOPE__ if (::ascendc_lint::vf_scope())

// `if ASCEND_IS_AIC { ... }` must read as an ordinary condition.
#define ASCEND_IS_AIC (::ascendc_lint::is_aic())
#define ASCEND_IS_AIV (::ascendc_lint::is_aiv())
#define ASCEND_IS_NOT_AIC (!::ascendc_lint::is_aic())
#define ASCEND_IS_NOT_AIV (!::ascendc_lint::is_aiv())
#define ASCEND_IS_AICORE (true)
// Upstream a per-core constant (sys_macros.h); kernels compare it with
// AscendC::AIC / AscendC::AIV.
#define g_coreType (::ascendc_lint::core_type())

// Upstream they expand to nothing outside the precompile pass
// (impl/basic_api/utils/kernel_utils_macros.h), so kernels may omit the `;`.
#define KERNEL_TASK_TYPE_DEFAULT(type) ::ascendc_lint::kernel_task_type_default(type);
#define KERNEL_TASK_TYPE(key, type) ::ascendc_lint::kernel_task_type(key, type);
#define ENABLE_DETERMINISTIC()

// Assumptions for the verifier. The real compiler does not know this macro;
// guard it in kernel sources like this:
//
//   #ifndef ASCENDC_ASSUME
//   #define ASCENDC_ASSUME(expr) ((void)0)
//   #endif
//
// ascendc-lint's definition below replaces any earlier one.
#ifdef ASCENDC_ASSUME
#undef ASCENDC_ASSUME
#endif
#define ASCENDC_ASSUME(expr) ::ascendc_lint::assume(static_cast<bool>(expr))

// Device assert (utils/debug/asc_assert.h defines assert/ascendc_assert for
// kernels). A later #include <cassert> replaces `assert` with the host one.
#ifdef assert
#undef assert
#endif
#define assert(...) ::ascendc_lint::device_assert(__VA_ARGS__)
#define ascendc_assert(...) ::ascendc_lint::device_assert(__VA_ARGS__)

// Library-internal logging / checks that kernels also use.
#define ASCENDC_ASSERT(cond, behavior)
#define ASCENDC_ASSERT_WARNING(cond, behavior)
#define KERNEL_LOG(level, ...)
#define KERNEL_LOG_INTERNAL(level, ...)
// ASSERT(x) is empty in device builds (asc-devkit impl/basic_api/kernel_macros.h:
// `#define ASSERT(x)` unless ASCENDC_CPU_DEBUG).
#ifndef ASSERT
#define ASSERT(x)
#endif

// Tiling-key dispatch (kernel_utils_macros.h): g_tilingKey is set by the runtime.
extern uint64_t g_tilingKey;
#ifndef TILING_KEY_VAR
#define TILING_KEY_VAR g_tilingKey
#endif
#define TILING_KEY_IS(k) (TILING_KEY_VAR == (k))
// Generated per op upstream; the struct-explicit forms are generic. (The
// plain GET_TILING_DATA(var, arg) names the op's registered struct and is
// not provided.)
#define GET_TILING_DATA_WITH_STRUCT(tilingStruct, tilingData, tilingArg) \
    tilingStruct tilingData = ::ascendc_lint::tiling_data<tilingStruct>(tilingArg)
#define GET_TILING_DATA_PTR_WITH_STRUCT(tilingStruct, tilingPtr, tilingArg) \
    const tilingStruct* tilingPtr = ::ascendc_lint::tiling_data_ptr<tilingStruct>(tilingArg)
// In a kernel body: the struct plain GET_TILING_DATA reads from here on (a
// block-scope alias hiding the project prelude's default).
#define REGISTER_TILING_DEFAULT(tilingStruct) using AscendcLintRegisteredTiling = tilingStruct
#define REGISTER_TILING_FOR_TILINGKEY(expression, tilingStruct)
#define REGISTER_NONE_TILING

// Data type numbers for kernels: an operator build passes ORIG_DTYPE_X=DT_FLOAT16
// and kernels compare it with these (asc-devkit include/basic_api/kernel_type.h).
#ifndef DT_FLOAT
#define DT_FLOAT 0
#define DT_FLOAT16 1
#define DT_INT8 2
#define DT_INT32 3
#define DT_UINT8 4
#define DT_INT16 6
#define DT_UINT16 7
#define DT_INT64 9
#define DT_UINT32 8
#define DT_UINT64 10
#define DT_DOUBLE 11
#define DT_BOOL 12
#define DT_STRING 13
#define DT_DUAL_SUB_INT8 14
#define DT_DUAL_SUB_UINT8 15
#define DT_COMPLEX64 16
#define DT_COMPLEX128 17
#define DT_QINT8 18
#define DT_QINT16 19
#define DT_QINT32 20
#define DT_QUINT8 21
#define DT_QUINT16 22
#define DT_RESOURCE 23
#define DT_STRING_REF 24
#define DT_DUAL 25
#define DT_VARIANT 26
#define DT_BF16 27
#define DT_UNDEFINED 28
#define DT_INT4 29
#define DT_UINT1 30
#define DT_INT2 31
#define DT_UINT2 32
#define DT_COMPLEX32 33
#define DT_HIFLOAT8 34
#define DT_FLOAT8_E5M2 35
#define DT_FLOAT8_E4M3FN 36
#define DT_FLOAT8_E8M0 37
#define DT_FLOAT6_E3M2 38
#define DT_FLOAT6_E2M3 39
#define DT_FLOAT4_E2M1 40
#define DT_FLOAT4_E1M2 41
#define DT_MAX 42
#endif

#pragma clang diagnostic pop

// The bisheng compiler (an older clang) accepts `obj.template f(args)` with no
// template argument list; clang 19 rejects it by default. Accept it too (deliberately
// outside the push/pop above, so it applies to the kernel source).
#pragma clang diagnostic ignored "-Wmissing-template-arg-list-after-template-kw"
