// lint: --target=ascend910b
// Tensors built from raw UB addresses: the second one must not overlap the first while MTE2 still writes it.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void raw_addr(GM_ADDR x, GM_ADDR y) {
  LocalTensor<half> a(TPosition::VECCALC, 0, 1024);
  LocalTensor<half> b(TPosition::VECCALC, 2304, 1024);
  GlobalTensor<half> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ half *)x, 1024);
  yGm.SetGlobalBuffer((__gm__ half *)y, 1024);
  DataCopy(a, xGm, 1024);
  Duplicate(b, (half)0, 1024);
  PipeBarrier<PIPE_V>();
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Add(b, a, b, 1024);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, b, 1024);
}
