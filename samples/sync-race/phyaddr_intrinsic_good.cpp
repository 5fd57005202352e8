// lint: --target=ascend910b
// A TBuf tile copied in with DataCopy and scaled in place by the raw vmuls
// intrinsic on its address (GetPhyAddr): the MTE2 -> V and V -> MTE3 flags
// order the intrinsic against the copies into and out of that buffer.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 2048; // halves: 16 repeats of 128

extern "C" __global__ __aicore__ void phy_scale(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, TILE * sizeof(half));
  GlobalTensor<half> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ half *)x, TILE);
  yGm.SetGlobalBuffer((__gm__ half *)y, TILE);
  LocalTensor<half> t = buf.Get<half>();
  DataCopy(t, xGm, TILE);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  __ubuf__ half *p = (__ubuf__ half *)t.GetPhyAddr();
  set_vector_mask((uint64_t)-1, (uint64_t)-1);
  vmuls(p, p, (half)2, TILE / 128, 1, 1, 8, 8);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, t, TILE);
}
