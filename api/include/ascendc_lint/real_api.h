// ascendc-lint: force-included after builtins.h when a file is analysed
// against the real AscendC library (--api-dir=DIR, docs/cce.md): the library
// defines its own kernel-level macros (impl/utils/sys_macros.h: g_coreType,
// ASCEND_IS_AIC/AIV as `constexpr(...)` per core side), so the bundled ones
// are withdrawn, and the compiler intrinsics the library calls that the
// linter does not declare elsewhere are declared here (any arguments) so the
// library's bodies compile; the linter models none of them (each call is an
// unmodelled operation: the kernel is at most partially verified).
#pragma once

#undef g_coreType
#undef ASCEND_IS_AIC
#undef ASCEND_IS_AIV
#undef ASCEND_IS_NOT_AIC
#undef ASCEND_IS_NOT_AIV
#undef ASCEND_IS_AICORE
#undef ASCENDC_ASSERT
#undef ASCENDC_ASSERT_WARNING
#undef KERNEL_LOG
#undef KERNEL_LOG_INTERNAL
#undef KERNEL_TASK_TYPE_DEFAULT
#undef KERNEL_TASK_TYPE
#undef assert
#undef ascendc_assert

#define ASCENDC_LINT_REAL_INTRINSIC(name)          \
    template <class... Args>                       \
    __aicore__ int64_t name(Args... args);

// Scalar unit (asc-devkit impl/basic_api/kernel_scalar.h, kernel_utils_base.h).
ASCENDC_LINT_REAL_INTRINSIC(get_imm)
ASCENDC_LINT_REAL_INTRINSIC(sff0)
ASCENDC_LINT_REAL_INTRINSIC(sff1)
ASCENDC_LINT_REAL_INTRINSIC(sflbits)
ASCENDC_LINT_REAL_INTRINSIC(sbitset0)
ASCENDC_LINT_REAL_INTRINSIC(sbitset1)
ASCENDC_LINT_REAL_INTRINSIC(ld_dev)
ASCENDC_LINT_REAL_INTRINSIC(st_dev)
ASCENDC_LINT_REAL_INTRINSIC(conv_f322s32r)
ASCENDC_LINT_REAL_INTRINSIC(conv_f322s32f)
ASCENDC_LINT_REAL_INTRINSIC(conv_f322s32c)
ASCENDC_LINT_REAL_INTRINSIC(get_rsvd_cnt)
ASCENDC_LINT_REAL_INTRINSIC(set_l1_3d_size)
// Synchronisation and registers (kernel_event.h, kernel_operator_*_impl.h).
ASCENDC_LINT_REAL_INTRINSIC(hset_flag)
ASCENDC_LINT_REAL_INTRINSIC(hwait_flag)
ASCENDC_LINT_REAL_INTRINSIC(get_acc_val)
ASCENDC_LINT_REAL_INTRINSIC(get_max_min_cnt)
ASCENDC_LINT_REAL_INTRINSIC(get_st_atomic_cfg)
ASCENDC_LINT_REAL_INTRINSIC(set_cmpmask)
ASCENDC_LINT_REAL_INTRINSIC(set_mov_pad_val)
ASCENDC_LINT_REAL_INTRINSIC(vcopy)
ASCENDC_LINT_REAL_INTRINSIC(vcmpvs_eq)
#undef ASCENDC_LINT_REAL_INTRINSIC
