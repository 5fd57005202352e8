// ascendc-lint: our own declarations of the ops-base repository's
// op_kernel/math_util.h (not in the development corpus, never copied): the
// integer helpers ops-math kernels call, signatures inferred from their use
// (`Ops::Base::CeilDiv(a, static_cast<uint64_t>(b))`, `CeilAlign<int64_t>(x, n)`).
// They are plain arithmetic, so they carry bodies the linter runs (constexpr:
// the interpreter inlines bundled constexpr functions), written as AscendC's
// own DivCeil/AlignUp (asc-devkit impl/basic_api/utils/kernel_utils_ceil_oom_que.h):
// exact for x >= 0 and y > 0, the only use the kernels make of them; for a
// divisor of 0 the solver leaves the quotient free. The result has the first
// argument's type (the kernels cast the second to it).
#pragma once
#include "kernel_operator.h"

namespace Ops {
namespace Base {
template <typename T, typename U>
__aicore__ inline constexpr T CeilDiv(T x, U y)
{
    return (x + static_cast<T>(y) - 1) / static_cast<T>(y);
}
template <typename T, typename U>
__aicore__ inline constexpr T CeilAlign(T x, U align)
{
    return (x + static_cast<T>(align) - 1) / static_cast<T>(align) * static_cast<T>(align);
}
template <typename T, typename U>
__aicore__ inline constexpr T FloorDiv(T x, U y)
{
    return x / static_cast<T>(y);
}
template <typename T, typename U>
__aicore__ inline constexpr T FloorAlign(T x, U align)
{
    return x / static_cast<T>(align) * static_cast<T>(align);
}
} // namespace Base
} // namespace Ops
