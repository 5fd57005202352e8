// lint: --target=ascend910b
// A NOLINTBEGIN without its NOLINTEND is itself reported, as clang-tidy does.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void empty_kernel(GM_ADDR x) {
  // NOLINTBEGIN(sync-race) expect-error: ascendc-lint-nolint
  AscendC::TPipe pipe;
}
