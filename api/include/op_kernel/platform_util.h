// ascendc-lint: our own declarations of the ops-base repository's
// op_kernel/platform_util.h (not in the development corpus, never copied):
// the surface ops-math kernels use, inferred from their calls
// (`constexpr uint32_t VL = Ops::Base::GetVRegSize();`, `... / sizeof(T)`).
// Both sizes are the same on every chip, so they are constants:
// - a UB block is 32 bytes (asc-devkit impl/basic_api/utils/kernel_utils_constants.h
//   ONE_BLK_SIZE; docs .../架构规格/NPU架构版本2201.md, "32Byte对齐");
// - a vector register / one repeat is 256 bytes (kernel_utils_constants.h
//   VECTOR_REG_WIDTH = 256 on every __NPU_ARCH__, ONE_REPEAT_BYTE_SIZE = 256).
#pragma once
#include "kernel_operator.h"

namespace Ops {
namespace Base {
__aicore__ inline constexpr uint32_t GetUbBlockSize()
{
    return 32;
}
__aicore__ inline constexpr uint32_t GetVRegSize()
{
    return 256;
}
} // namespace Base
} // namespace Ops
