// lint: --target=ascend910b --target=ascend910_93
// A vector-only kernel taking all 192 KiB of the 910B's UB in one double-
// buffered queue, as real operators do (UB_SIZE = 192 * 1024). AscendC
// reserves 256 bytes of it only for mixed cube+vector kernels (asc-devkit
// docs .../架构规格/NPU架构版本2201.md; TOTAL_UB_SIZE = 192 KiB), so this fits.
// Its bad twin ub_192k_mixed_bad.cpp is the same buffer in a mixed kernel.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t UB_BYTES = 192 * 1024;

class KernelRowCopy {
public:
  __aicore__ inline KernelRowCopy() {}
  __aicore__ inline void Init(GM_ADDR x) {
    xGm.SetGlobalBuffer((__gm__ half *)x, 8 * UB_BYTES);
    pipe.InitBuffer(bindQueue, 2, UB_BYTES / 2); // 2 x 96 KiB
  }
  __aicore__ inline void Process() {
    LocalTensor<half> t = bindQueue.AllocTensor<half>();
    DataCopy(t, xGm, UB_BYTES / 2 / sizeof(half));
    bindQueue.EnQue(t);
    t = bindQueue.DeQue<half>();
    DataCopy(xGm[UB_BYTES / 2], t, UB_BYTES / 2 / sizeof(half));
    bindQueue.FreeTensor(t);
  }

private:
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 2> bindQueue;
  GlobalTensor<half> xGm;
};

extern "C" __global__ __aicore__ void row_copy(GM_ADDR x) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  KernelRowCopy op;
  op.Init(x);
  op.Process();
}
