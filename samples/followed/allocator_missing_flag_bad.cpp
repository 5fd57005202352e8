// lint: --target=ascend910b
// Raw tensors race like queue buffers: the vector add must wait for the copy in.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void alloc_flag(GM_ADDR x, GM_ADDR y) {
  LocalMemAllocator<Hardware::UB> ub;
  LocalTensor<float> xLocal = ub.Alloc<float>(2048);
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, 2048);
  yGm.SetGlobalBuffer((__gm__ float *)y, 2048);
  DataCopy(xLocal, xGm, 2048);
  Adds(xLocal, xLocal, 1.0f, 2048); // expect-error: sync-race
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, xLocal, 2048); // expect-error: sync-race
}
