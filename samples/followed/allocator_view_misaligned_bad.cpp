// lint: --target=ascend910b
// A DataCopy into a view of an Alloc'ed tensor must start on a 32-byte block.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void alloc_view(GM_ADDR x, GM_ADDR y) {
  LocalMemAllocator<Hardware::UB> ub;
  LocalTensor<float> xLocal = ub.Alloc<float, 2048>();
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, 2048);
  yGm.SetGlobalBuffer((__gm__ float *)y, 2048);
  Duplicate(xLocal, 0.0f, 2048); // the view leaves the rest of the tile to be defined
  PipeBarrier<PIPE_ALL>();
  DataCopy(xLocal[5], xGm, 1024); // expect-error: align-address
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Adds(xLocal, xLocal, 1.0f, 2048);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, xLocal, 2048);
}
