// lint: --target=ascend910b
// The twin of phyaddr_intrinsic_good.cpp without the MTE2 -> V flags: the raw
// vmuls on the tile's address (GetPhyAddr) may read it while DataCopy is
// still writing it.
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
  __ubuf__ half *p = (__ubuf__ half *)t.GetPhyAddr();
  set_vector_mask((uint64_t)-1, (uint64_t)-1);
  vmuls(p, p, (half)2, TILE / 128, 1, 1, 8, 8); // expect: sync-race
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, t, TILE); // expect: sync-race
}
