// ascendc-lint bundled AscendC API: the precision-algorithm configurations of
// the vector math functions (`Exp<float, expConfig>(dst, src, n)`), shared by
// the basic API (vector.h) and the register API (reg.h).
// Source:
//   mirror-cann/asc-devkit include/basic_api/reg_compute/kernel_reg_compute_utils.h
//   (the *Algo enums, the *Config structs and their DEFAULT_* constants), and
//   include/basic_api/kernel_operator_vec_unary_intf.h / _binary_intf.h (the
//   functions that take them: Exp, Ln, Reciprocal, Rsqrt, Sqrt, Div).
// The algorithm changes the result's precision, never the operands' footprint
// or pipe, so the model reads none of it.
#pragma once

namespace AscendC {

enum class ExpAlgo { INTRINSIC = 0, PRECISION_1ULP_FTZ_TRUE, PRECISION_1ULP_FTZ_FALSE };
enum class LnAlgo { INTRINSIC = 0, PRECISION_1ULP_FTZ_TRUE, PRECISION_1ULP_FTZ_FALSE };
enum class LogAlgo { INTRINSIC = 0, PRECISION_1ULP_FTZ_TRUE, PRECISION_1ULP_FTZ_FALSE };
enum class Log2Algo { INTRINSIC = 0, PRECISION_1ULP_FTZ_TRUE, PRECISION_1ULP_FTZ_FALSE };
enum class Log10Algo { INTRINSIC = 0, PRECISION_1ULP_FTZ_TRUE, PRECISION_1ULP_FTZ_FALSE };
enum class ReciprocalAlgo { INTRINSIC = 0, PRECISION_1ULP_FTZ_TRUE, PRECISION_1ULP_FTZ_FALSE };
enum class DivAlgo {
    INTRINSIC = 0,
    DIFF_COMPENSATION,
    PRECISION_1ULP_FTZ_TRUE,
    PRECISION_0ULP_FTZ_TRUE,
    PRECISION_0ULP_FTZ_FALSE,
    PRECISION_1ULP_FTZ_FALSE
};
enum class SqrtAlgo {
    INTRINSIC = 0,
    FAST_INVERSE,
    PRECISION_1ULP_FTZ_TRUE,
    PRECISION_0ULP_FTZ_FALSE,
    PRECISION_1ULP_FTZ_FALSE
};
enum class RsqrtAlgo {
    INTRINSIC = 0,
    FAST_INVERSE,
    PRECISION_1ULP_FTZ_TRUE,
    PRECISION_0ULP_FTZ_FALSE,
    PRECISION_1ULP_FTZ_FALSE
};

#define ASCENDC_LINT_ALGO_CONFIG(Name, Default)                                                                \
    struct Name##Config {                                                                                      \
        Name##Algo algo = Name##Algo::INTRINSIC;                                                               \
    };                                                                                                         \
    constexpr Name##Config Default = {Name##Algo::INTRINSIC}

ASCENDC_LINT_ALGO_CONFIG(Exp, DEFAULT_EXP_CONFIG);
ASCENDC_LINT_ALGO_CONFIG(Ln, DEFAULT_LN_CONFIG);
ASCENDC_LINT_ALGO_CONFIG(Log, DEFAULT_Log_CONFIG);
ASCENDC_LINT_ALGO_CONFIG(Log2, DEFAULT_Log2_CONFIG);
ASCENDC_LINT_ALGO_CONFIG(Log10, DEFAULT_Log10_CONFIG);
ASCENDC_LINT_ALGO_CONFIG(Reciprocal, DEFAULT_RECIPROCAL_CONFIG);
ASCENDC_LINT_ALGO_CONFIG(Div, DEFAULT_DIV_CONFIG);
ASCENDC_LINT_ALGO_CONFIG(Sqrt, DEFAULT_SQRT_CONFIG);
ASCENDC_LINT_ALGO_CONFIG(Rsqrt, DEFAULT_RSQRT_CONFIG);

#undef ASCENDC_LINT_ALGO_CONFIG

} // namespace AscendC
