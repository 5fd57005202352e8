// lint: --target=ascend910b
// Raw UB tensors from LocalMemAllocator: Alloc<float, 2048> holds 8 KiB.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void alloc_copy(GM_ADDR x, GM_ADDR y) {
  LocalMemAllocator<Hardware::UB> ub;
  LocalTensor<float> xLocal = ub.Alloc<float, 2048>();
  LocalTensor<float> yLocal = ub.Alloc<float, 2048>();
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, 2048);
  yGm.SetGlobalBuffer((__gm__ float *)y, 2048);
  DataCopy(xLocal, xGm, 2048);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Adds(yLocal, xLocal, 1.0f, 2048);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, yLocal, 2048);
}
