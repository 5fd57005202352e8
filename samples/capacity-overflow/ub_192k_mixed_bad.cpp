// lint: --target=ascend910b --target=ascend910_93
// The bad twin of ub_192k_vector_good.cpp: the same 192 KiB queue in a
// mixed cube+vector kernel, where AscendC reserves 256 bytes of the
// 910B UB (ASC_UB_SIZE = 192 KiB - 256; asc-devkit
// docs .../架构规格/NPU架构版本2201.md): 256 bytes too many.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t UB_BYTES = 192 * 1024;

class KernelRowCopy {
public:
  __aicore__ inline KernelRowCopy() {}
  __aicore__ inline void Init(GM_ADDR x) {
    xGm.SetGlobalBuffer((__gm__ half *)x, 8 * UB_BYTES);
    pipe.InitBuffer(bindQueue, 2, UB_BYTES / 2); // 2 x 96 KiB  expect-error: capacity-overflow
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
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  KernelRowCopy op;
  op.Init(x);
  op.Process();
}
